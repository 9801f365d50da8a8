// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A class's packets where one device measured them as one latency class and copy (its replica
 * index and the port it left by: an MSR6 node's local delivery and its forwarded copy may both
 * be replica 0): e.g. the first and the second clone at an MSR6 replication point, or the
 * decapsulation at a leaf. Latencies in nanoseconds.
 */
public final class ExperimentStageResult {

    private final String device;
    private final LatencyClass latencyClass;
    private final int replica;
    private final int egressPort;
    private final long count;
    private final double mean;
    private final double stdev;
    private final double min;
    private final double max;

    private ExperimentStageResult(String device, LatencyClass latencyClass, int replica, int egressPort, long count,
                                  double mean, double stdev, double min, double max) {
        this.device = checkNotNull(device);
        this.latencyClass = checkNotNull(latencyClass);
        this.replica = replica;
        this.egressPort = egressPort;
        this.count = count;
        this.mean = mean;
        this.stdev = stdev;
        this.min = min;
        this.max = max;
    }

    /**
     * Creates a stage result.
     *
     * @param device       the measuring device
     * @param latencyClass what it measured the packets as
     * @param replica      the copy's replica index (0 for the first)
     * @param egressPort   the port it left by
     * @param count        packets
     * @param mean         mean latency
     * @param stdev        sample standard deviation (0 for one packet)
     * @param min          smallest
     * @param max          largest
     * @return the result
     */
    public static ExperimentStageResult of(String device, LatencyClass latencyClass, int replica, int egressPort,
                                           long count, double mean, double stdev, double min, double max) {
        return new ExperimentStageResult(device, latencyClass, replica, egressPort, count, mean, stdev, min, max);
    }

    public String device() {
        return device;
    }

    public LatencyClass latencyClass() {
        return latencyClass;
    }

    public int replica() {
        return replica;
    }

    public int egressPort() {
        return egressPort;
    }

    public long count() {
        return count;
    }

    public double mean() {
        return mean;
    }

    public double stdev() {
        return stdev;
    }

    public double variance() {
        return stdev * stdev;
    }

    public double min() {
        return min;
    }

    public double max() {
        return max;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ExperimentStageResult)) {
            return false;
        }
        ExperimentStageResult s = (ExperimentStageResult) o;
        return device.equals(s.device) && latencyClass == s.latencyClass && replica == s.replica
                && egressPort == s.egressPort && count == s.count && mean == s.mean && stdev == s.stdev && min == s.min && max == s.max;
    }

    @Override
    public int hashCode() {
        return Objects.hash(device, latencyClass, replica, egressPort, count, mean, stdev, min, max);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("device", device).add("latencyClass", latencyClass)
                .add("replica", replica).add("egressPort", egressPort).add("count", count).add("mean", mean).toString();
    }
}
