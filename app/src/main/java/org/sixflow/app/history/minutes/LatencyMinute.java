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

    /** Above this, the high word of the pending sum of squares is moved into sumSquares. */
    private static final long PENDING_HIGH_LIMIT = 1L << 61;

    private final Key key;
    private long packets;
    private BigInteger sum = BigInteger.ZERO;
    private BigInteger sumSquares = BigInteger.ZERO;
    // What add() counted since sum and sumSquares were last brought up to date: the sum as a
    // long, the sum of squares as an unsigned 128-bit number (high and low words), so that adding
    // one sample allocates nothing; exact, moved into the BigIntegers before either could overflow.
    private long pendingSum;
    private long pendingSquaresHigh;
    private long pendingSquaresLow;
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

    /** Counts one latency, at least 0 (its stability is set by {@link #mergeStability}). */
    void add(long delta) {
        histogram.add(delta);
        packets++;
        if (pendingSum > Long.MAX_VALUE - delta || pendingSquaresHigh > PENDING_HIGH_LIMIT) {
            settle();
        }
        pendingSum += delta;
        long low = delta * delta;
        long high = Math.multiplyHigh(delta, delta);
        long sumLow = pendingSquaresLow + low;
        pendingSquaresHigh += high + (Long.compareUnsigned(sumLow, pendingSquaresLow) < 0 ? 1 : 0);
        pendingSquaresLow = sumLow;
        min = Math.min(min, delta);
        max = Math.max(max, delta);
    }

    // Moves the pending sums into sum and sumSquares.
    private void settle() {
        if (pendingSum != 0) {
            sum = sum.add(BigInteger.valueOf(pendingSum));
            pendingSum = 0;
        }
        if (pendingSquaresHigh != 0 || pendingSquaresLow != 0) {
            BigInteger high = BigInteger.valueOf(pendingSquaresHigh).shiftLeft(Long.SIZE);
            BigInteger low = BigInteger.valueOf(pendingSquaresLow >>> 1).shiftLeft(1)
                    .add(BigInteger.valueOf(pendingSquaresLow & 1));
            sumSquares = sumSquares.add(high).add(low);
            pendingSquaresHigh = 0;
            pendingSquaresLow = 0;
        }
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
            sum = sum.add(other.sum());
            sumSquares = sumSquares.add(other.sumSquares());
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
        settle();
        return sum;
    }

    public BigInteger sumSquares() {
        settle();
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
