# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The table of one benchmark pass: every program's rows with their statistics, the achieved
send interval, the in-switch figures, and ratios and increments only where no switch queued."""

import math

from latency_stats import judge, summarize
from programs import MINIMAL_OF_CLASS, MINIMAL_WITH_DUTIES_OF_CLASS, ROUTER_ROW, yardstick

ROUTER = ("minimal-router", ROUTER_ROW)
SIXFLOW_IPV6 = ("sixflow", "ipv6")
# Sixflow's feature classes, the minimal program doing only that feature (its row), and that
# program's plain IPv6 row, the baseline of its increment (measured between them, on one switch
# at one time, as Sixflow's classes' over its ipv6).
FEATURES = {cls: yardstick(cls, program) for cls, program in MINIMAL_OF_CLASS.items()}
# The same, for the minimal programs that also do the feature's RFC duties (shown beside the goal).
WITH_DUTIES = {cls: yardstick(cls, program) for cls, program in MINIMAL_WITH_DUTIES_OF_CLASS.items()}
# The goals the P4 work aims at (README: Benchmarks).
GOAL_RATIO = 1.5


def _fmt(value, digits=1):
    return "-" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{value:.{digits}f}"


def judge_program(result):
    """(queued, reasons): a program queued when any of its turns did (turns.join keeps them: a
    queue grows within one switch's run), and a turn when any of its rows did, on the wire or in
    the switch (its rows share one switch). The reasons are those of its slowest queued row, then
    the names of the other queued rows, prefixed by the turn where there were several."""
    turns = result.get("turns")
    if turns:
        reasons = []
        for number, turn in enumerate(turns, 1):
            queued, said = _judge_turn(turn)
            if queued:
                reasons.append(f"turn {number} of {len(turns)}: " + "; ".join(said))
        return bool(reasons), reasons
    return _judge_turn(result)


def _judge_turn(result):
    interval = result["interval_mean_us"]
    queued_rows = []
    for row in result["rows"]:
        verdict = judge(row["wire"], interval, row["sent"], row["received"])
        reasons = list(verdict.reasons)
        if row["in_switch"]:
            inside = judge(row["in_switch"], interval, len(row["in_switch"]), len(row["in_switch"]))
            reasons += [f"in the switch {r}" for r in inside.reasons]
        if reasons:
            queued_rows.append((summarize(row["wire"]).mean, row["name"], reasons))
    if not queued_rows:
        return False, []
    queued_rows.sort(key=lambda r: -r[0] if not math.isnan(r[0]) else 0)
    _, name, reasons = queued_rows[0]
    described = [f"{name}: " + ", ".join(reasons)]
    if len(queued_rows) > 1:
        described.append("also " + ", ".join(r[1] for r in queued_rows[1:]))
    return True, described


def order_said(result):
    """How the pass ordered its classes in a round (results before the option: fixed)."""
    if result.get("order", "fixed") == "fixed":
        return "classes in a fixed order each round"
    seed = result["seed"]
    if isinstance(seed, list):  # one per turn (turns.join)
        seed = f"{seed[0]}..{seed[-1]}" if len(seed) > 1 else seed[0]
    return f"classes shuffled each round (seed {seed})"


def print_pass(results, padded=False):
    """Prints the pass; returns True when a switch queued (then no ratio is printed for it).
    padded: the minimal programs were padded to Sixflow's declared state (run.sh --pad): the
    comparisons are printed as such, with no goal's verdict (they are not the goals' yardsticks)."""
    first = results[0]
    turns = len(first.get("turns") or [first])
    in_turns = f" in {turns} turns of each program, the programs alternating" if turns > 1 else ""
    print(f"\n=== {first['count']} packets per class{in_turns}, one every {first['interval_ms']:g} ms "
          f"({1000.0 / first['interval_ms']:,.0f} pps asked), {order_said(first)}; switch {first['switch']}")
    print("wire-to-wire µs (kernel receive timestamps at the switch's ingress port and at the receiving host); "
          "in-switch µs: Sixflow's telemetry reports, the minimal programs' stamp (egress - ingress timestamp)")
    verdicts = {r["program"]: judge_program(r) for r in results}
    stats = {}
    for r in results:
        for row in r["rows"]:
            stats[(r["program"], row["name"])] = summarize(row["wire"])

    def usable(key):
        return key in stats and not verdicts[key[0]][0] and stats[key].n > 0

    def minimal_increment(feature, statistic="mean"):
        """A minimal feature program's increment (of the mean, or of another of the rows'
        statistics): over its own plain IPv6 frames, or over the router's where it sent none
        (results of a run before those rows, or --no-baseline); None when either row is
        unusable."""
        program, row_name, plain_name = feature
        base = (program, plain_name) if (program, plain_name) in stats else ROUTER
        if not usable((program, row_name)) or not usable(base):
            return None
        return getattr(stats[(program, row_name)], statistic) - getattr(stats[base], statistic)

    def sixflow_increment(name, statistic="mean"):
        """What Sixflow's feature class adds (to the mean, or to another of the rows' statistics)
        over its plain IPv6 frames; None when either row is unusable."""
        key = ("sixflow", name)
        if not usable(key) or not usable(SIXFLOW_IPV6):
            return None
        return getattr(stats[key], statistic) - getattr(stats[SIXFLOW_IPV6], statistic)

    header = (f"{'program / class':<32}{'n':>7}{'mean':>9}{'stdev':>9}{'min':>8}{'max':>9}{'p50':>8}{'p99':>9}"
              f"{'loss':>7}{'gap mean/p99':>15}{'in-sw mean/min':>16}{'x router':>9}{'x ipv6':>8}"
              f"{'+µs (minimal)':>16}")
    print(header)
    print("-" * len(header))
    for r in results:
        for row in r["rows"]:
            key = (r["program"], row["name"])
            s = stats[key]
            gap = summarize(row["gaps"])
            inside = summarize(row["in_switch"])
            loss = row["sent"] - row["received"]
            vs_router = s.mean / stats[ROUTER].mean if usable(key) and usable(ROUTER) else None
            vs_ipv6 = s.mean / stats[SIXFLOW_IPV6].mean if usable(key) and usable(SIXFLOW_IPV6) else None
            increment = ""
            feature = FEATURES.get(row["name"]) if r["program"] == "sixflow" else None
            minimal = minimal_increment(feature) if feature else None
            own = sixflow_increment(row["name"]) if feature else None
            if minimal is not None and own is not None:
                increment = f"{own:+.1f} ({minimal:+.1f})"
            print(f"{row['name']:<32}{s.n:>7}{_fmt(s.mean):>9}{_fmt(s.stdev):>9}{_fmt(s.min):>8}{_fmt(s.max):>9}"
                  f"{_fmt(s.p50):>8}{_fmt(s.p99):>9}{loss:>7}{_fmt(gap.mean, 0) + '/' + _fmt(gap.p99, 0):>15}"
                  f"{_fmt(inside.mean) + '/' + _fmt(inside.min, 0):>16}{_fmt(vs_router, 2):>9}"
                  f"{_fmt(vs_ipv6, 2):>8}{increment:>16}")

    queued = False
    for r in results:
        program_queued, reasons = verdicts[r["program"]]
        pps = 1e6 / r["interval_mean_us"] if r["interval_mean_us"] > 0 else math.nan
        notes = []
        if r["receiver_drops"]:
            notes.append(f"the measuring sockets dropped {r['receiver_drops']} frames (the host, not the switch)")
        if r.get("late_sends"):
            notes.append(f"the sender fell behind its pace {r['late_sends']} times (the host, not the switch)")
        if r["strays"]:
            notes.append(f"{r['strays']} frames without a marker came out")
        lost = [seq for row in r["rows"] for seq in row.get("lost_seqs", [])]
        if lost:
            notes.append(f"lost frames' sequence numbers {min(lost)}..{max(lost)} of 0..{r['sent'] - 1}"
                         + (f", {sum(row.get('lost_untapped', 0) for row in r['rows'])} of them never seen at the"
                            " switch's port" if any(row.get("lost_untapped") for row in r["rows"]) else ""))
        if r["tapped"] < r["sent"]:
            notes.append(f"{r['sent'] - r['tapped']} frames not seen at the switch's port")
        if r["reports_expected"]:
            notes.append(f"{r['reports_received']}/{r['reports_expected']} telemetry reports")
        if r.get("switch_cpu_us_per_frame") is not None:
            notes.append(f"switch CPU {r['switch_cpu_us_per_frame']:.1f} µs per frame")
        if r.get("steal_ms"):
            notes.append(f"the hypervisor took {r['steal_ms']:.0f} ms of the CPUs' time meanwhile")
        if "load_average" in r:
            notes.append(f"load average {r['load_average']:.2f} on {r['cpus']} CPUs after the run")
        extra = f" ({'; '.join(notes)})" if notes else ""
        if program_queued:
            queued = True
            print(f"{r['program']}: SWITCH QUEUED at {pps:,.0f} pps, no ratios: " + "; ".join(reasons) + extra)
        else:
            print(f"{r['program']}: sustained {pps:,.0f} pps (achieved interval {r['interval_mean_us']:.0f} µs, "
                  f"p99 {r['interval_p99_us']:.0f} µs){extra}")
    if padded:
        print("PADDED minimal programs (run.sh --pad: each declares, unused, the header instances and metadata"
              " fields Sixflow's profile does): what is left between Sixflow and them is Sixflow's own work;"
              " these are not the goals' yardsticks, so no goal is judged here")
    label = "padded" if padded else "goal"
    if usable(ROUTER) and usable(SIXFLOW_IPV6):
        mean = stats[SIXFLOW_IPV6].mean / stats[ROUTER].mean
        low = stats[SIXFLOW_IPV6].min / stats[ROUTER].min
        floor = stats[SIXFLOW_IPV6].p1 / stats[ROUTER].p1
        verdict = (f"goal <= {GOAL_RATIO}x: {'met' if max(mean, low) <= GOAL_RATIO else 'not met'}" if not padded
                   else "the padded router: no goal")
        print(f"{label}: Sixflow ipv6 / minimal router: mean {mean:.2f}x, min {low:.2f}x ({verdict}); p1 {floor:.2f}x"
              f" (the floor without each run's luckiest 1 %, for the minimum's noise)")
    for name, feature in FEATURES.items():
        minimal = minimal_increment(feature)
        own = sixflow_increment(name)
        if minimal is not None and own is not None:
            over = ("its own plain IPv6 frames" if (feature[0], feature[2]) in stats
                    else "the minimal router")
            verdict = (f"goal <=: {'met' if own <= minimal else 'not met'}" if not padded
                       else ("within" if own <= minimal else "above") + " it")
            print(f"{label}: {name} adds {own:+.1f} µs to Sixflow ipv6, {feature[1]} adds {minimal:+.1f} µs to "
                  f"{over} ({verdict})")
            dutiful = minimal_increment(WITH_DUTIES[name]) if name in WITH_DUTIES else None
            if dutiful is not None:
                print(f"  beside it: {WITH_DUTIES[name][1]} (the same with the RFC duties) adds {dutiful:+.1f} µs "
                      f"({'within' if own <= dutiful else 'above'} it)")
            # A few frames of milliseconds (the host's, not the program's) move a pass's mean by
            # µs; the medians of the same rows say whether the verdict rests on them.
            own_p50 = sixflow_increment(name, "p50")
            minimal_p50 = minimal_increment(feature, "p50")
            line = (f"  by the median: {name} adds {own_p50:+.1f} µs, {feature[1]} {minimal_p50:+.1f} "
                    f"({'within' if own_p50 <= minimal_p50 else 'above'} it)")
            dutiful_p50 = minimal_increment(WITH_DUTIES[name], "p50") if name in WITH_DUTIES else None
            if dutiful_p50 is not None:
                line += (f"; with the RFC duties {dutiful_p50:+.1f} "
                         f"({'within' if own_p50 <= dutiful_p50 else 'above'} it)")
            print(line)
    return queued


def silent_rows(results):
    """The rows none of whose frames came out: no queue loses every packet at these rates, so the
    scenario's entries (programs.py) or the program dropped them, and a lower rate cures nothing."""
    return [f"{r['program']} {row['name']}" for r in results for row in r["rows"]
            if row["sent"] > 0 and row["received"] == 0]
