// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history.minutes;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Counts of non-negative latencies (ns) in log buckets: values below 2^7 each have their own
 * bucket; above, every power of two is cut into 2^7 equal buckets, so a bucket is less than
 * 1/128 of its values wide. Mergeable by adding counts. Kept dense from the first non-empty
 * bucket to the last, which for one class in one minute is a few hundred buckets at most.
 *
 * <p>A value read back as its bucket's midpoint is within {@link #RELATIVE_ERROR} (1/256, about
 * 0.39%) of the value itself; percentiles are read that way (see {@link #quantile}).
 */
public final class LogHistogram {

    /** Sub-buckets per power of two: 2^SUB_BITS. */
    static final int SUB_BITS = 7;
    private static final int SUB = 1 << SUB_BITS;
    /** Largest relative error of a value read back from its bucket: 2^-(SUB_BITS + 1). */
    public static final double RELATIVE_ERROR = 1.0 / (2 * SUB);

    private int first;
    private long[] counts;

    private LogHistogram(int first, long[] counts) {
        this.first = first;
        this.counts = counts;
    }

    /** An empty histogram. */
    public static LogHistogram empty() {
        return new LogHistogram(0, new long[0]);
    }

    /**
     * A histogram from stored counts.
     *
     * @param first  the bucket of counts[0]
     * @param counts counts of consecutive buckets
     * @return the histogram (a copy)
     */
    public static LogHistogram of(int first, long[] counts) {
        checkArgument(first >= 0, "negative first bucket %s", first);
        return new LogHistogram(first, counts.clone());
    }

    /**
     * The bucket a value falls in.
     *
     * @param value a latency, at least 0
     * @return its bucket
     */
    public static int bucket(long value) {
        checkArgument(value >= 0, "negative latency %s", value);
        if (value < SUB) {
            return (int) value;
        }
        int exponent = 63 - Long.numberOfLeadingZeros(value);
        return (exponent - SUB_BITS + 1) * SUB + (int) ((value >>> (exponent - SUB_BITS)) - SUB);
    }

    /** The smallest value of a bucket. */
    public static long lower(int bucket) {
        if (bucket < SUB) {
            return bucket;
        }
        int exponent = bucket / SUB + SUB_BITS - 1;
        return ((long) (bucket % SUB + SUB)) << (exponent - SUB_BITS);
    }

    /** The largest value of a bucket. */
    public static long upper(int bucket) {
        if (bucket < SUB) {
            return bucket;
        }
        int exponent = bucket / SUB + SUB_BITS - 1;
        return lower(bucket) + (1L << (exponent - SUB_BITS)) - 1;
    }

    /** Counts one value. */
    public void add(long value) {
        add(bucket(value), 1);
    }

    /** Adds another histogram's counts to this one. */
    public void merge(LogHistogram other) {
        for (int i = 0; i < other.counts.length; i++) {
            if (other.counts[i] != 0) {
                add(other.first + i, other.counts[i]);
            }
        }
    }

    private void add(int bucket, long count) {
        if (counts.length == 0) {
            first = bucket;
            counts = new long[1];
        } else if (bucket < first) {
            long[] grown = new long[counts.length + first - bucket];
            System.arraycopy(counts, 0, grown, first - bucket, counts.length);
            counts = grown;
            first = bucket;
        } else if (bucket >= first + counts.length) {
            counts = Arrays.copyOf(counts, bucket - first + 1);
        }
        counts[bucket - first] += count;
    }

    /** The bucket of {@link #counts()}[0]. */
    public int first() {
        return first;
    }

    /** Counts of consecutive buckets from {@link #first()} (a copy). */
    public long[] counts() {
        return counts.clone();
    }

    /** Values counted. */
    public long total() {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        return n;
    }

    /**
     * A quantile as the studies take it (linear interpolation between order statistics, R's type
     * 7 and NumPy's default), each order statistic read as its bucket's midpoint and kept within
     * [min, max]. With every value positive, the result is within {@link #RELATIVE_ERROR} of the
     * exact quantile of the values counted.
     *
     * @param p   the quantile, 0..1
     * @param min the smallest value counted
     * @param max the largest value counted
     * @return the quantile; NaN when nothing is counted
     */
    public double quantile(double p, double min, double max) {
        long n = total();
        if (n == 0) {
            return Double.NaN;
        }
        double h = (n - 1) * p;
        long below = (long) Math.floor(h);
        double low = orderStatistic(below, min, max);
        double fraction = h - below;
        return fraction == 0 ? low : low + fraction * (orderStatistic(Math.min(below + 1, n - 1), min, max) - low);
    }

    // The value of 0-based rank r, read as its bucket's midpoint.
    private double orderStatistic(long rank, double min, double max) {
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen > rank) {
                int b = first + i;
                double mid = (lower(b) + (double) upper(b)) / 2;
                return Math.max(min, Math.min(max, mid));
            }
        }
        return max;
    }

    /**
     * The Kolmogorov–Smirnov distance between the counted values and a distribution, taken
     * where the empirical distribution is known exactly: at the edges of the non-empty buckets.
     * It is never above the distance of the values themselves, and at most {@link #ksError}
     * below it.
     *
     * @param cdf the distribution's cumulative probability
     * @return the distance
     */
    public double ksDistance(DoubleUnaryOperator cdf) {
        double n = total();
        double d = 0;
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] == 0) {
                continue;
            }
            int b = first + i;
            d = Math.max(d, Math.abs(seen / n - cdf.applyAsDouble(lower(b))));
            seen += counts[i];
            d = Math.max(d, Math.abs(seen / n - cdf.applyAsDouble(upper(b))));
        }
        return d;
    }

    /**
     * How far {@link #ksDistance} can be below the exact distance: the largest probability the
     * distribution gives one non-empty bucket (from its smallest to its largest value).
     *
     * @param cdf the distribution's cumulative probability
     * @return the bound
     */
    public double ksError(DoubleUnaryOperator cdf) {
        double e = 0;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] != 0) {
                int b = first + i;
                e = Math.max(e, cdf.applyAsDouble(upper(b)) - cdf.applyAsDouble(lower(b)));
            }
        }
        return e;
    }
}
