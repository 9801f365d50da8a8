-- SPDX-License-Identifier: Apache-2.0
-- Copyright 2026 The Sixflow Authors
-- wrk's summary as one line the bench script reads: requests/s, p50 and p99 latency (ms), and
-- errors (connect, read, write, timeouts, and answers other than 2xx/3xx).
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
      + summary.errors.timeout + summary.errors.status
  io.write(string.format("WRK rps=%.1f p50=%.1f p99=%.1f errors=%d requests=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, errors, summary.requests))
end
