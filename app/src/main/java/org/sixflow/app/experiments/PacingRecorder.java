// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.sixflow.app.api.PacingSummary;

import java.util.Arrays;

/**
 * Records, for each packet, the interval asked for before it, when it was due and when it went,
 * and sums that up as a {@link PacingSummary}: the error of each achieved interval against the
 * interval asked for (a stall shows there even when the pacer started its schedule again), and
 * the lateness of each send against its schedule.
 */
public final class PacingRecorder {

    private long[] requested = new long[1024];
    private long[] scheduled = new long[1024];
    private long[] actual = new long[1024];
    private int count;
    private long smallestInterval = Long.MAX_VALUE;

    /**
     * Records one send.
     *
     * @param intervalNanos  the interval asked for since the previous packet
     * @param scheduledNanos when it was due
     * @param actualNanos    when it went
     */
    public void record(long intervalNanos, long scheduledNanos, long actualNanos) {
        if (count == scheduled.length) {
            requested = Arrays.copyOf(requested, count * 2);
            scheduled = Arrays.copyOf(scheduled, count * 2);
            actual = Arrays.copyOf(actual, count * 2);
        }
        if (count > 0) {
            smallestInterval = Math.min(smallestInterval, intervalNanos);
        }
        requested[count] = intervalNanos;
        scheduled[count] = scheduledNanos;
        actual[count] = actualNanos;
        count++;
    }

    /** Sends recorded. */
    public int count() {
        return count;
    }

    /**
     * Sums up what was recorded.
     *
     * @return the summary; intervals errors are 0 with fewer than two sends
     */
    public PacingSummary summary() {
        double[] errors = new double[Math.max(0, count - 1)];
        double lateness = 0;
        for (int i = 0; i < count; i++) {
            lateness += actual[i] - scheduled[i];
            if (i > 0) {
                errors[i - 1] = Math.abs((actual[i] - actual[i - 1]) - requested[i]);
            }
        }
        double mean = 0;
        double max = 0;
        for (double e : errors) {
            mean += e;
            max = Math.max(max, e);
        }
        mean = errors.length == 0 ? 0 : mean / errors.length;
        double p99 = errors.length == 0 ? 0
                : new Percentile().withEstimationType(Percentile.EstimationType.R_7).evaluate(errors, 99);
        long span = count < 2 ? 0 : actual[count - 1] - actual[0];
        double rate = span <= 0 ? 0 : (count - 1) * 1e9 / span;
        return PacingSummary.of(smallestInterval == Long.MAX_VALUE ? 0 : smallestInterval, count, mean, p99, max,
                                count == 0 ? 0 : lateness / count, rate);
    }
}
