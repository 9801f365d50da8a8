// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

/**
 * The latency of one MSR6 replica (copy index) over a window.
 */
public final class ReplicaLatency {

    private final int replica;
    private final long count;
    private final double meanNanos;
    private final double stdevNanos;
    private final long minNanos;
    private final long maxNanos;

    private ReplicaLatency(int replica, long count, double meanNanos, double stdevNanos, long minNanos,
                           long maxNanos) {
        this.replica = replica;
        this.count = count;
        this.meanNanos = meanNanos;
        this.stdevNanos = stdevNanos;
        this.minNanos = minNanos;
        this.maxNanos = maxNanos;
    }

    /**
     * Creates a replica's figures.
     *
     * @param replica    copy index
     * @param count      samples
     * @param meanNanos  mean latency
     * @param stdevNanos sample standard deviation (n − 1); NaN for one sample
     * @param minNanos   smallest latency
     * @param maxNanos   largest latency
     * @return the figures
     */
    public static ReplicaLatency of(int replica, long count, double meanNanos, double stdevNanos, long minNanos,
                                    long maxNanos) {
        return new ReplicaLatency(replica, count, meanNanos, stdevNanos, minNanos, maxNanos);
    }

    public int replica() {
        return replica;
    }

    public long count() {
        return count;
    }

    public double meanNanos() {
        return meanNanos;
    }

    public double stdevNanos() {
        return stdevNanos;
    }

    public long minNanos() {
        return minNanos;
    }

    public long maxNanos() {
        return maxNanos;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("replica", replica).add("count", count).add("mean", meanNanos)
                .add("stdev", stdevNanos).add("min", minNanos).add("max", maxNanos).toString();
    }
}
