// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Whether a class's latencies measured a queue rather than the pipeline. A switch that cannot keep
 * up does not fail: it queues, every packet's latency then measures the queue, and ratios between
 * two queued classes say nothing about the features (`make bench-latency` printed 1.00 for every
 * class at means of 32 ms). Judged on the evidence a queue leaves, by the rules of the latency
 * benchmark (pipeconf/bench/latency_stats.py, held to it by QueueingCheckTest):
 * <ul>
 *   <li>loss (a netns or a lab has no other cause of it);</li>
 *   <li>more than 1 % (and at least 5) of the packets outlasting the send interval: the next packet
 *       waited behind them;</li>
 *   <li>a mean latency of an interval or more (Little's law: a packet inside on average);</li>
 *   <li>the median of the last tenth twice the first tenth's and a quarter interval more.</li>
 * </ul>
 */
public final class QueueingCheck {

    /** More than this share of packets outlasting the send interval ... */
    static final double LATE_SHARE_LIMIT = 0.01;
    /** ... and at least this many. */
    static final int LATE_MIN = 5;
    /** The last tenth's median over the first tenth's ... */
    static final double TREND_FACTOR = 2.0;
    /** ... and by at least this share of the interval. */
    static final double TREND_MIN_SHARE_OF_INTERVAL = 0.25;
    /** Loss above this share. */
    static final double LOSS_LIMIT = 0.0;

    private QueueingCheck() {
    }

    /**
     * Judges a class.
     *
     * @param deltasInSendOrder latencies (ns), in the order the packets were sent
     * @param intervalNanos     the send interval
     * @param sent              packets sent
     * @param received          packets received (measured)
     * @return the evidence, in words, when the switch queued; empty when it kept up
     */
    public static Optional<String> of(long[] deltasInSendOrder, long intervalNanos, long sent, long received) {
        List<String> reasons = new ArrayList<>();
        long lost = sent - received;
        if (sent > 0 && (double) lost / sent > LOSS_LIMIT) {
            reasons.add("lost " + lost + " of " + sent);
        }
        int n = deltasInSendOrder.length;
        if (n > 0 && intervalNanos > 0) {
            long late = Arrays.stream(deltasInSendOrder).filter(d -> d > intervalNanos).count();
            if (late >= LATE_MIN && (double) late / n > LATE_SHARE_LIMIT) {
                reasons.add(String.format("%.1f%% of packets took longer than the %s send interval",
                                          100.0 * late / n, micros(intervalNanos)));
            }
            double occupancy = Arrays.stream(deltasInSendOrder).average().orElse(0) / intervalNanos;
            if (occupancy >= 1.0) {
                reasons.add(String.format("mean latency %.1f send intervals (packets waited behind others)",
                                          occupancy));
            }
            int k = Math.max(1, n / 10);
            double first = median(Arrays.copyOfRange(deltasInSendOrder, 0, k));
            double last = median(Arrays.copyOfRange(deltasInSendOrder, n - k, n));
            if (last > TREND_FACTOR * first && last - first > TREND_MIN_SHARE_OF_INTERVAL * intervalNanos) {
                reasons.add("latency rose over the run (median " + micros(first) + " first tenth, "
                                    + micros(last) + " last tenth)");
            }
        }
        return reasons.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", reasons));
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int m = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2.0;
    }

    private static String micros(double nanos) {
        return String.format("%.0f µs", nanos / 1000);
    }
}
