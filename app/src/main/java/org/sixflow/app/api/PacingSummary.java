// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.util.Objects;

/**
 * How well the sender kept the requested interval: the error of each achieved interval (time
 * between two consecutive sends minus the requested interval), as mean and 99th percentile of
 * its absolute value and its maximum, and how late sends were against their schedule on average.
 */
public final class PacingSummary {

    private final long requestedIntervalNanos;
    private final long packets;
    private final double meanErrorNanos;
    private final double p99ErrorNanos;
    private final double maxErrorNanos;
    private final double meanLatenessNanos;
    private final double achievedPacketsPerSecond;

    private PacingSummary(long requestedIntervalNanos, long packets, double meanErrorNanos, double p99ErrorNanos,
                          double maxErrorNanos, double meanLatenessNanos, double achievedPacketsPerSecond) {
        this.requestedIntervalNanos = requestedIntervalNanos;
        this.packets = packets;
        this.meanErrorNanos = meanErrorNanos;
        this.p99ErrorNanos = p99ErrorNanos;
        this.maxErrorNanos = maxErrorNanos;
        this.meanLatenessNanos = meanLatenessNanos;
        this.achievedPacketsPerSecond = achievedPacketsPerSecond;
    }

    /**
     * Creates a summary.
     *
     * @param requestedIntervalNanos    the interval asked for (the smallest, with several cells)
     * @param packets                   packets sent
     * @param meanErrorNanos            mean |achieved interval − requested interval|
     * @param p99ErrorNanos             its 99th percentile
     * @param maxErrorNanos             its maximum
     * @param meanLatenessNanos         mean (send time − scheduled time)
     * @param achievedPacketsPerSecond  packets over the time from the first send to the last
     * @return the summary
     */
    public static PacingSummary of(long requestedIntervalNanos, long packets, double meanErrorNanos,
                                   double p99ErrorNanos, double maxErrorNanos, double meanLatenessNanos,
                                   double achievedPacketsPerSecond) {
        return new PacingSummary(requestedIntervalNanos, packets, meanErrorNanos, p99ErrorNanos, maxErrorNanos,
                                 meanLatenessNanos, achievedPacketsPerSecond);
    }

    public long requestedIntervalNanos() {
        return requestedIntervalNanos;
    }

    public long packets() {
        return packets;
    }

    public double meanErrorNanos() {
        return meanErrorNanos;
    }

    public double p99ErrorNanos() {
        return p99ErrorNanos;
    }

    public double maxErrorNanos() {
        return maxErrorNanos;
    }

    public double meanLatenessNanos() {
        return meanLatenessNanos;
    }

    public double achievedPacketsPerSecond() {
        return achievedPacketsPerSecond;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PacingSummary)) {
            return false;
        }
        PacingSummary p = (PacingSummary) o;
        return requestedIntervalNanos == p.requestedIntervalNanos && packets == p.packets
                && meanErrorNanos == p.meanErrorNanos && p99ErrorNanos == p.p99ErrorNanos
                && maxErrorNanos == p.maxErrorNanos && meanLatenessNanos == p.meanLatenessNanos
                && achievedPacketsPerSecond == p.achievedPacketsPerSecond;
    }

    @Override
    public int hashCode() {
        return Objects.hash(requestedIntervalNanos, packets, meanErrorNanos, p99ErrorNanos, maxErrorNanos);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("requestedIntervalNanos", requestedIntervalNanos)
                .add("packets", packets).add("meanErrorNanos", meanErrorNanos).add("p99ErrorNanos", p99ErrorNanos)
                .add("maxErrorNanos", maxErrorNanos).toString();
    }
}
