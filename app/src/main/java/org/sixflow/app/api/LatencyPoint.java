// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.time.Instant;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One step of a latency series: the packets seen in [time, time + step).
 */
public final class LatencyPoint {

    private final Instant time;
    private final long count;
    private final double meanNanos;
    private final long minNanos;
    private final long maxNanos;

    private LatencyPoint(Instant time, long count, double meanNanos, long minNanos, long maxNanos) {
        this.time = checkNotNull(time);
        checkArgument(count > 0, "a point has at least one packet, got %s", count);
        this.count = count;
        this.meanNanos = meanNanos;
        this.minNanos = minNanos;
        this.maxNanos = maxNanos;
    }

    /**
     * Creates a point.
     *
     * @param time      start of the step
     * @param count     packets in the step
     * @param meanNanos their mean latency
     * @param minNanos  the smallest latency
     * @param maxNanos  the largest latency
     * @return the point
     */
    public static LatencyPoint of(Instant time, long count, double meanNanos, long minNanos, long maxNanos) {
        return new LatencyPoint(time, count, meanNanos, minNanos, maxNanos);
    }

    public Instant time() {
        return time;
    }

    public long count() {
        return count;
    }

    public double meanNanos() {
        return meanNanos;
    }

    public long minNanos() {
        return minNanos;
    }

    public long maxNanos() {
        return maxNanos;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof LatencyPoint)) {
            return false;
        }
        LatencyPoint that = (LatencyPoint) o;
        return count == that.count && Double.compare(meanNanos, that.meanNanos) == 0 && minNanos == that.minNanos
                && maxNanos == that.maxNanos && time.equals(that.time);
    }

    @Override
    public int hashCode() {
        return Objects.hash(time, count, meanNanos, minNanos, maxNanos);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("time", time).add("count", count).add("mean", meanNanos)
                .add("min", minNanos).add("max", maxNanos).toString();
    }
}
