# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Running one of the server's experiment presets on the lab and printing what it found: the
part the preset benches (bench_gtpu.py, bench_presets.py) share."""

import time

from lab import RestError


def preset(lab, preset_id):
    """The preset as the server defines it (GET experiments/presets)."""
    for p in lab.rest.get("experiments/presets")["presets"]:
        if p["id"] == preset_id:
            return p
    raise SystemExit("the server has no preset %s" % preset_id)


def delete_quietly(lab, path):
    try:
        lab.rest.delete(path)
    except RestError:
        pass


def await_installed(lab, path, seconds=30):
    """Waits until what a path names (a policy, tree or tunnel) is INSTALLED; exits saying why not."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        found = lab.rest.get(path)
        if found.get("state") == "INSTALLED":
            return
        if found.get("state") == "FAILED":
            raise SystemExit("%s FAILED: %s" % (path, found.get("failure") or found.get("reason")))
        time.sleep(0.2)
    raise SystemExit("%s not INSTALLED within %d s" % (path, seconds))


def cpu_times():
    """The machine's CPU time so far (/proc/stat's cpu line, in ticks): (steal, total)."""
    with open("/proc/stat") as f:
        ticks = [int(v) for v in f.readline().split()[1:]]
    return ticks[7] if len(ticks) > 7 else 0, sum(ticks[:8])


def steal_share(before, after):
    """The share of the CPU time between two cpu_times() the hypervisor gave to other machines."""
    total = after[1] - before[1]
    return (after[0] - before[0]) / total if total > 0 else 0.0


def run_and_watch(lab, experiment_id):
    """Starts a run of a stored experiment and prints its progress every tenth, then the share of
    CPU time the hypervisor stole meanwhile (a virtual machine's cores taken away stall real-time
    threads too: runs with much steal queue whatever the lab does); returns the run."""
    cpu = cpu_times()
    run = lab.rest.post("experiments/%s/runs" % experiment_id, {})
    shown = -1
    started = time.time()
    while run["state"] in ("QUEUED", "RUNNING"):
        time.sleep(1)
        run = lab.rest.get("experiments/%s/runs/%d" % (experiment_id, run["id"]))
        if int(run["progress"] * 10) != shown:
            shown = int(run["progress"] * 10)
            print("  run %d %s: %d of %d probes sent (%.0f s)" % (run["id"], run["state"], run["sent"],
                                                                   run["total"], time.time() - started), flush=True)
    print("host: CPU steal %.1f %% of the CPU time during the run" % (100 * steal_share(cpu, cpu_times())),
          flush=True)
    return run


def print_pacing(run):
    p = run["pacing"]
    print("pacing: achieved %.0f probes/s over the run, interval error mean %.1f µs, p99 %.1f µs; results %d ms "
          "after the last probe" % (p["achievedPacketsPerSecond"], p["meanErrorNanos"] / 1e3,
                                    p["p99ErrorNanos"] / 1e3, run["resultsMillis"]))


def print_classes(results):
    """Each class's probes per cell and the queueing verdict the results give it."""
    for cell in results["cells"]:
        for c in cell["classes"]:
            print("cell %d %-18s sent %6d received %6d lost %5d%s"
                  % (cell["cell"]["index"], c["className"], c["sent"], c["received"], c["lost"],
                     "  QUEUED (%s)" % c["queueing"] if c.get("queueing") else ""))


def cell_text(value):
    if value is None:
        return ""
    if isinstance(value, float):
        return "%d" % value if value.is_integer() else "%.3f" % value
    return str(value)


def print_table(table):
    print("\n%s" % table["title"])
    cells = [[str(c) for c in table["columns"]]] + [[cell_text(v) for v in row] for row in table["rows"]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(cells[0]))]
    for k, row in enumerate(cells):
        print("  " + "  ".join(v.rjust(w) for v, w in zip(row, widths)))
        if k == 0:
            print("  " + "  ".join("-" * w for w in widths))
