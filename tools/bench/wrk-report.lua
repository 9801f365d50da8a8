-- SPDX-License-Identifier: Apache-2.0
-- Copyright 2026 The Sixflow Authors
-- wrk's summary as one line the bench script reads: requests/s, p50 and p99 latency (ms), errors
-- (connect, read, write, timeouts, and answers other than 2xx/3xx) and the statuses of the
-- latter (4xx/5xx). With arguments (wrk ... -- FROM_EPOCH), each request's path is the URL's with "{TO}"
-- replaced by a random instant (to the millisecond) 30 to 60 minutes after FROM_EPOCH, so that no
-- two requests are the same query (what a cache of identical queries cannot help).
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
  from_epoch = tonumber(args[1])
  template = wrk.path
  math.randomseed(os.time() + (from_epoch or 0) % 1000 + math.floor(os.clock() * 1e6))
end

function request()
  if from_epoch == nil then
    return wrk.format(nil, template)
  end
  local ms = math.random(1800000, 3600000)
  local to = os.date("!%Y-%m-%dT%H:%M:%S", from_epoch + math.floor(ms / 1000)) .. string.format(".%03dZ", ms % 1000)
  return wrk.format(nil, (template:gsub("{TO}", to)))
end

function response(status, headers, body)
  if status >= 400 then
    statuses[status] = (statuses[status] or 0) + 1
  end
end

done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
      + summary.errors.timeout + summary.errors.status
  local codes = {}
  for _, thread in ipairs(threads) do
    local s = thread:get("statuses")
    for code, n in pairs(s or {}) do
      codes[code] = (codes[code] or 0) + n
    end
  end
  local text = ""
  for code, n in pairs(codes) do
    text = text .. string.format("%s%d:%d", text == "" and "" or ",", code, n)
  end
  if summary.errors.timeout > 0 then
    text = text .. string.format("%stimeout:%d", text == "" and "" or ",", summary.errors.timeout)
  end
  io.write(string.format("WRK rps=%.1f p50=%.1f p99=%.1f errors=%d requests=%d statuses=%s\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, errors, summary.requests, text == "" and "-" or text))
end
