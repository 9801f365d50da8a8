// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.sixflow.app.features.multihoming.api.FailoverResult;
import org.sixflow.app.features.multihoming.api.MultihomingProtocol;
import org.sixflow.app.features.multihoming.api.StudyFailover;

import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * A failover's repair time from its pings: the longest run of unanswered pings that ends in an
 * answer after the failure, times the ping interval (ping numbers its echoes from 1). None when the
 * traffic had not come back by the end of the trial.
 */
final class FailoverAnalysis {

    /** A run of unanswered echoes at the end longer than this means the traffic never came back. */
    static final int OPEN_TAIL_MS = 1000;

    private FailoverAnalysis() {
    }

    /**
     * Analyses the pings.
     *
     * @param protocol the protocol
     * @param failover the failover
     * @param probes   the pings
     * @return the result
     */
    static FailoverResult of(MultihomingProtocol protocol, StudyFailover failover, HostTraffic.Probes probes) {
        TreeSet<Integer> answered = new TreeSet<>(probes.answered);
        int interval = StudyFailover.PROBE_INTERVAL_MS;
        int failedAt = (int) Math.floor(failover.afterSeconds() * 1000 / interval) + 1;
        int last = answered.isEmpty() ? 0 : answered.last();
        int tail = probes.sent - last;
        if (answered.ceiling(failedAt) == null || tail * interval > OPEN_TAIL_MS) {
            return new FailoverResult(protocol, failover.uplink(), failover.afterSeconds(), null, probes.sent,
                                      answered.size(), String.format(Locale.ROOT,
                    "traffic had not come back by the end: no reply to the last %d echoes (%d ms) after %s failed",
                    tail, tail * interval, failover.uplink()));
        }
        // The outage is the longest run of unanswered echoes that ends after the failure (a few
        // echoes may still be answered while the link command runs).
        int longest = 0;
        int outageStart = 0;
        int previous = 0;
        for (int seq : answered) {
            if (seq >= failedAt && seq - previous - 1 > longest) {
                longest = seq - previous - 1;
                outageStart = previous;
            }
            previous = seq;
        }
        double repairMs = longest * (double) interval;
        // ping keeps its schedule only roughly (24 ms an echo at -i 0.02 here): with its reply
        // times (-D) the outage is measured in time, one echo's actual spacing taken off.
        Double spacing = spacingMs(probes);
        Double startedAt = probes.times.get(outageStart);
        Double endedAt = probes.times.get(outageStart + longest + 1);
        if (longest > 0 && spacing != null && startedAt != null && endedAt != null) {
            repairMs = Math.max(0, (endedAt - startedAt) * 1000 - spacing);
        }
        int before = answered.headSet(failedAt).size();
        String note = String.format(Locale.ROOT, "%d of %d answered before the failure, %d of %d after", before,
                                    Math.min(failedAt - 1, probes.sent), answered.size() - before,
                                    Math.max(0, probes.sent - failedAt + 1));
        return new FailoverResult(protocol, failover.uplink(), failover.afterSeconds(), repairMs, probes.sent,
                                  answered.size(), note);
    }

    /** The mean time between the replies to consecutive echoes, ms; null without two of them timed. */
    static Double spacingMs(HostTraffic.Probes probes) {
        double total = 0;
        int pairs = 0;
        for (Map.Entry<Integer, Double> e : probes.times.entrySet()) {
            Double next = probes.times.get(e.getKey() + 1);
            if (next != null) {
                total += (next - e.getValue()) * 1000;
                pairs++;
            }
        }
        return pairs == 0 ? null : total / pairs;
    }
}
