// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history.minutes;

import java.util.List;
import java.util.Objects;

/**
 * The inter-arrival stability of a run of one replica's samples taken in ingress-timestamp
 * order (ties by sequence), as {@code statistics} reports it: for each consecutive pair with
 * t2 &gt; t1, |delta2 − delta1| / (t2 − t1). It keeps the count, sum and largest of those ratios
 * and the run's first and last sample, so that runs one after another join with the one pair
 * between them. Runs that overlap in timestamp order cannot be joined exactly: the result is
 * then marked inexact and readers compute the stability from the samples instead.
 */
public final class StabilityRun {

    /** A run without timestamped samples. */
    public static final StabilityRun EMPTY = new StabilityRun(0, 0, 0, null, null, true);

    private final long pairs;
    private final double ratioSum;
    private final double ratioMax;
    private final Point first;
    private final Point last;
    private final boolean exact;

    private StabilityRun(long pairs, double ratioSum, double ratioMax, Point first, Point last, boolean exact) {
        this.pairs = pairs;
        this.ratioSum = ratioSum;
        this.ratioMax = ratioMax;
        this.first = first;
        this.last = last;
        this.exact = exact;
    }

    /**
     * A stored run.
     *
     * @param pairs    pairs counted
     * @param ratioSum sum of their ratios
     * @param ratioMax largest ratio (0 without pairs)
     * @param first    the run's first sample, null for an empty run
     * @param last     the run's last sample, null for an empty run
     * @param exact    whether the run is every pair of its samples in order
     * @return the run
     */
    public static StabilityRun of(long pairs, double ratioSum, double ratioMax, Point first, Point last,
                                  boolean exact) {
        return first == null ? (exact ? EMPTY : new StabilityRun(0, 0, 0, null, null, false))
                : new StabilityRun(pairs, ratioSum, ratioMax, first, last, exact);
    }

    /** A run of one sample. */
    public static StabilityRun of(Point point) {
        return new StabilityRun(0, 0, 0, point, point, true);
    }

    /**
     * The run of samples already in timestamp order.
     *
     * @param sorted samples ordered by timestamp, then sequence
     * @return their run
     */
    public static StabilityRun ofSorted(List<Point> sorted) {
        if (sorted.isEmpty()) {
            return EMPTY;
        }
        long n = 0;
        double sum = 0;
        double max = 0;
        for (int i = 1; i < sorted.size(); i++) {
            Point a = sorted.get(i - 1);
            Point b = sorted.get(i);
            if (b.timestamp > a.timestamp) {
                double ratio = Math.abs(b.delta - a.delta) / (double) (b.timestamp - a.timestamp);
                n++;
                sum += ratio;
                max = Math.max(max, ratio);
            }
        }
        return new StabilityRun(n, sum, max, sorted.get(0), sorted.get(sorted.size() - 1), true);
    }

    /**
     * Joins two runs: exactly when one lies wholly before the other in timestamp order.
     *
     * @param other another run of the same replica
     * @return both runs as one
     */
    public StabilityRun merge(StabilityRun other) {
        if (other.first == null) {
            return other.exact ? this : inexact();
        }
        if (first == null) {
            return exact ? other : other.inexact();
        }
        if (last.compareTo(other.first) < 0) {
            return join(this, other);
        }
        if (other.last.compareTo(first) < 0) {
            return join(other, this);
        }
        Point lo = first.compareTo(other.first) <= 0 ? first : other.first;
        Point hi = last.compareTo(other.last) >= 0 ? last : other.last;
        return new StabilityRun(pairs + other.pairs, ratioSum + other.ratioSum, Math.max(ratioMax, other.ratioMax),
                                lo, hi, false);
    }

    private static StabilityRun join(StabilityRun earlier, StabilityRun later) {
        long n = earlier.pairs + later.pairs;
        double sum = earlier.ratioSum + later.ratioSum;
        double max = Math.max(earlier.ratioMax, later.ratioMax);
        Point a = earlier.last;
        Point b = later.first;
        if (b.timestamp > a.timestamp) {
            double ratio = Math.abs(b.delta - a.delta) / (double) (b.timestamp - a.timestamp);
            n++;
            sum += ratio;
            max = Math.max(max, ratio);
        }
        return new StabilityRun(n, sum, max, earlier.first, later.last, earlier.exact && later.exact);
    }

    private StabilityRun inexact() {
        return new StabilityRun(pairs, ratioSum, ratioMax, first, last, false);
    }

    public long pairs() {
        return pairs;
    }

    public double ratioSum() {
        return ratioSum;
    }

    public double ratioMax() {
        return ratioMax;
    }

    /** The first sample in timestamp order, null for an empty run. */
    public Point first() {
        return first;
    }

    /** The last sample in timestamp order, null for an empty run. */
    public Point last() {
        return last;
    }

    /** Whether the run holds every pair of its samples (no overlapping runs were joined). */
    public boolean exact() {
        return exact;
    }

    /** One sample as the stability sees it: ingress timestamp, sequence and latency (ns). */
    public static final class Point implements Comparable<Point> {
        private final long timestamp;
        private final long sequence;
        private final long delta;

        /**
         * A sample.
         *
         * @param timestamp ingress timestamp (ns, the device's clock)
         * @param sequence  the report's sequence (orders equal timestamps)
         * @param delta     latency (ns)
         */
        public Point(long timestamp, long sequence, long delta) {
            this.timestamp = timestamp;
            this.sequence = sequence;
            this.delta = delta;
        }

        public long timestamp() {
            return timestamp;
        }

        public long sequence() {
            return sequence;
        }

        public long delta() {
            return delta;
        }

        @Override
        public int compareTo(Point o) {
            int c = Long.compare(timestamp, o.timestamp);
            return c != 0 ? c : Long.compare(sequence, o.sequence);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Point && compareTo((Point) o) == 0 && delta == ((Point) o).delta;
        }

        @Override
        public int hashCode() {
            return Objects.hash(timestamp, sequence, delta);
        }
    }
}
