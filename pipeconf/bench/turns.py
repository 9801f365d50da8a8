# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""One program's turns of a pass, as one result.

run.sh runs the programs in turns (--turns T): each program sends count / T frames per class on a
fresh switch, then the next program takes its turn, and the whole round of programs repeats T
times. So every program is measured across the whole pass, not in one stretch of it: the machine's
moment (what else it runs, its caches, the host's periodic work) drifts over minutes and moved a
program's mean by more than the programs differ (the minimal router against Sixflow's plain IPv6,
0.96x to 1.28x between runs, 2026-12-04). The series of a program's turns are joined here for its
statistics; each turn is still judged on its own (report_table.judge_program), since a queue
grows within one switch's run. Pure functions (tests/test_turns.py)."""

# The fields of a row that are series or counts of the turn, joined or summed.
_SERIES = ("wire", "in_switch", "gaps")
_COUNTS = ("sent", "received", "lost_untapped")
# The fields of a result summed over its turns.
_SUMMED = ("count", "elapsed_s", "sent", "tapped", "receiver_drops", "strays", "late_sends",
           "reports_expected", "reports_received", "steal_ms")


def _weighted(turns, key, weight="sent"):
    """The mean of a figure over the turns, weighted by their frames; None when a turn lacks it."""
    values = [(t.get(key), t[weight]) for t in turns]
    if any(v is None for v, _ in values):
        return None
    total = sum(w for _, w in values)
    return sum(v * w for v, w in values) / total if total else None


def join(turns):
    """A program's results of one pass in turn order -> one result: series joined, counts summed,
    lost frames' sequence numbers counted from the first turn's first frame, the achieved interval
    weighted by frames (its p99 the worst turn's), the load average the last turn's; "turns" keeps
    the turns themselves for their verdicts. One turn is returned as it is."""
    if len(turns) == 1:
        return turns[0]
    programs = {t["program"] for t in turns}
    if len(programs) != 1:
        raise ValueError(f"turns of more than one program: {', '.join(sorted(programs))}")
    names = [[row["name"] for row in t["rows"]] for t in turns]
    if any(n != names[0] for n in names):
        raise ValueError(f"{turns[0]['program']}'s turns have different rows: {names}")
    joined = dict(turns[-1])
    for key in _SUMMED:
        joined[key] = sum(t.get(key, 0) for t in turns)
    joined["interval_mean_us"] = _weighted(turns, "interval_mean_us")
    joined["interval_p99_us"] = max(t["interval_p99_us"] for t in turns)
    joined["switch_cpu_us_per_frame"] = _weighted(turns, "switch_cpu_us_per_frame")
    joined["seed"] = [t.get("seed") for t in turns]
    rows = []
    for index, name in enumerate(names[0]):
        row = {"name": name}
        for key in _SERIES:
            row[key] = [v for t in turns for v in t["rows"][index][key]]
        for key in _COUNTS:
            row[key] = sum(t["rows"][index].get(key, 0) for t in turns)
        lost, offset = [], 0
        for t in turns:
            lost += [offset + seq for seq in t["rows"][index].get("lost_seqs", [])]
            offset += t["sent"]
        row["lost_seqs"] = lost[:200]
        rows.append(row)
    joined["rows"] = rows
    joined["turns"] = list(turns)
    return joined


def join_pass(results):
    """Every result of a pass (one per program and turn, each with its "turn") -> one result per
    program, in the order the programs first appear, each program's turns in turn order."""
    by_program = {}
    for r in results:
        by_program.setdefault(r["program"], []).append(r)
    return [join(sorted(turns, key=lambda r: r.get("turn", 0))) for turns in by_program.values()]
