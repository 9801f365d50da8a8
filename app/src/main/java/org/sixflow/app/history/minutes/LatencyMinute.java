// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history.minutes;

import java.math.BigInteger;
import java.time.Instant;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What one minute of one replica's samples of a class on a device adds up to: packets, the exact
 * sum and sum of squares of the latencies (so mean and sample deviation are exact), min, max, a
 * {@link LogHistogram} and a {@link StabilityRun}. Mutable while a writer or reader builds it.
 */
public final class LatencyMinute {

    private final Key key;
    private long packets;
    private BigInteger sum = BigInteger.ZERO;
    private BigInteger sumSquares = BigInteger.ZERO;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private final LogHistogram histogram;
    private StabilityRun stability;

    private LatencyMinute(Key key, LogHistogram histogram, StabilityRun stability) {
        this.key = checkNotNull(key);
        this.histogram = histogram;
        this.stability = stability;
    }

    /** An empty minute. */
    public static LatencyMinute empty(Key key) {
        return new LatencyMinute(key, LogHistogram.empty(), StabilityRun.EMPTY);
    }

    /**
     * A stored minute.
     *
     * @param key        which minute
     * @param packets    samples
     * @param sum        sum of latencies (ns)
     * @param sumSquares sum of squared latencies
     * @param min        smallest latency (any value when packets is 0)
     * @param max        largest latency (any value when packets is 0)
     * @param histogram  the latencies' histogram
     * @param stability  the stability run of the timestamped samples
     * @return the minute
     */
    public static LatencyMinute of(Key key, long packets, BigInteger sum, BigInteger sumSquares, long min, long max,
                                   LogHistogram histogram, StabilityRun stability) {
        LatencyMinute m = new LatencyMinute(key, checkNotNull(histogram), checkNotNull(stability));
        m.packets = packets;
        m.sum = checkNotNull(sum);
        m.sumSquares = checkNotNull(sumSquares);
        if (packets > 0) {
            m.min = min;
            m.max = max;
        }
        return m;
    }

    /** Counts one latency (its stability is set by {@link #mergeStability}). */
    void add(long delta) {
        packets++;
        BigInteger d = BigInteger.valueOf(delta);
        sum = sum.add(d);
        sumSquares = sumSquares.add(d.multiply(d));
        min = Math.min(min, delta);
        max = Math.max(max, delta);
        histogram.add(delta);
    }

    /** Joins a stability run to this minute's. */
    void mergeStability(StabilityRun run) {
        stability = stability.merge(run);
    }

    /**
     * Adds another minute's samples of the same key (or, for readers summing a window, any key).
     *
     * @param other the other minute
     */
    public void merge(LatencyMinute other) {
        if (other.packets > 0) {
            packets += other.packets;
            sum = sum.add(other.sum);
            sumSquares = sumSquares.add(other.sumSquares);
            min = Math.min(min, other.min);
            max = Math.max(max, other.max);
            histogram.merge(other.histogram);
        }
        stability = stability.merge(other.stability);
    }

    public Key key() {
        return key;
    }

    public long packets() {
        return packets;
    }

    public BigInteger sum() {
        return sum;
    }

    public BigInteger sumSquares() {
        return sumSquares;
    }

    /** Smallest latency; meaningless without packets. */
    public long min() {
        return min;
    }

    /** Largest latency; meaningless without packets. */
    public long max() {
        return max;
    }

    public LogHistogram histogram() {
        return histogram;
    }

    public StabilityRun stability() {
        return stability;
    }

    /** Which samples a minute adds up: minute start (UTC), device, class and replica. */
    public static final class Key implements Comparable<Key> {
        private final Instant minute;
        private final String deviceId;
        private final int latencyClass;
        private final int replica;

        public Key(Instant minute, String deviceId, int latencyClass, int replica) {
            this.minute = checkNotNull(minute);
            this.deviceId = checkNotNull(deviceId);
            this.latencyClass = latencyClass;
            this.replica = replica;
        }

        public Instant minute() {
            return minute;
        }

        public String deviceId() {
            return deviceId;
        }

        public int latencyClass() {
            return latencyClass;
        }

        public int replica() {
            return replica;
        }

        // The table's key order, so that writers lock rows in one order.
        @Override
        public int compareTo(Key o) {
            int c = deviceId.compareTo(o.deviceId);
            if (c == 0) {
                c = Integer.compare(latencyClass, o.latencyClass);
            }
            if (c == 0) {
                c = minute.compareTo(o.minute);
            }
            return c != 0 ? c : Integer.compare(replica, o.replica);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key && compareTo((Key) o) == 0;
        }

        @Override
        public int hashCode() {
            return Objects.hash(minute, deviceId, latencyClass, replica);
        }

        @Override
        public String toString() {
            return deviceId + "/" + latencyClass + "/" + replica + "@" + minute;
        }
    }
}
