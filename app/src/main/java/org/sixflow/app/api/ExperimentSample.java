// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One telemetry report of a run's packet, tagged with the run: which probe (class, sequence
 * number, cell, repetition, warm-up or not), which device measured it as which latency class
 * and copy, through which ports, the device's ingress timestamp and the latency, and the order
 * in which the controller received the run's reports. Times in nanoseconds.
 */
public final class ExperimentSample {

    private final long runId;
    private final int cellIndex;
    private final int repetition;
    private final int classIndex;
    private final long sequence;
    private final boolean warmup;
    private final String device;
    private final LatencyClass latencyClass;
    private final int replica;
    private final int ingressPort;
    private final int egressPort;
    private final long ingressTimestampNanos;
    private final long deltaNanos;
    private final long arrival;

    private ExperimentSample(Builder b) {
        runId = b.runId;
        cellIndex = b.cellIndex;
        repetition = b.repetition;
        classIndex = b.classIndex;
        sequence = b.sequence;
        warmup = b.warmup;
        device = checkNotNull(b.device, "device");
        latencyClass = checkNotNull(b.latencyClass, "latencyClass");
        replica = b.replica;
        ingressPort = b.ingressPort;
        egressPort = b.egressPort;
        ingressTimestampNanos = b.ingressTimestampNanos;
        deltaNanos = b.deltaNanos;
        arrival = b.arrival;
    }

    /**
     * Starts a sample.
     *
     * @param runId the run
     * @return a builder
     */
    public static Builder builder(long runId) {
        return new Builder(runId);
    }

    public long runId() {
        return runId;
    }

    public int cellIndex() {
        return cellIndex;
    }

    public int repetition() {
        return repetition;
    }

    /** Position of the class in the experiment. */
    public int classIndex() {
        return classIndex;
    }

    /** The probe's sequence number within its class (over the whole run). */
    public long sequence() {
        return sequence;
    }

    public boolean warmup() {
        return warmup;
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

    public int ingressPort() {
        return ingressPort;
    }

    public int egressPort() {
        return egressPort;
    }

    public long ingressTimestampNanos() {
        return ingressTimestampNanos;
    }

    public long deltaNanos() {
        return deltaNanos;
    }

    /** Order of arrival among the run's reports, from 0. */
    public long arrival() {
        return arrival;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ExperimentSample)) {
            return false;
        }
        ExperimentSample s = (ExperimentSample) o;
        return runId == s.runId && cellIndex == s.cellIndex && repetition == s.repetition
                && classIndex == s.classIndex && sequence == s.sequence && warmup == s.warmup
                && device.equals(s.device) && latencyClass == s.latencyClass && replica == s.replica
                && ingressPort == s.ingressPort && egressPort == s.egressPort
                && ingressTimestampNanos == s.ingressTimestampNanos && deltaNanos == s.deltaNanos
                && arrival == s.arrival;
    }

    @Override
    public int hashCode() {
        return Objects.hash(runId, classIndex, sequence, device, latencyClass, replica, arrival);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("runId", runId).add("classIndex", classIndex)
                .add("sequence", sequence).add("device", device).add("latencyClass", latencyClass)
                .add("replica", replica).add("deltaNanos", deltaNanos).toString();
    }

    /** Builds a sample. */
    public static final class Builder {
        private final long runId;
        private int cellIndex;
        private int repetition;
        private int classIndex;
        private long sequence;
        private boolean warmup;
        private String device;
        private LatencyClass latencyClass;
        private int replica;
        private int ingressPort;
        private int egressPort;
        private long ingressTimestampNanos;
        private long deltaNanos;
        private long arrival;

        private Builder(long runId) {
            this.runId = runId;
        }

        public Builder probe(int cell, int rep, int classIdx, long seq, boolean isWarmup) {
            cellIndex = cell;
            repetition = rep;
            classIndex = classIdx;
            sequence = seq;
            warmup = isWarmup;
            return this;
        }

        public Builder measured(String deviceId, LatencyClass measuredAs, int copy, int inPort, int outPort) {
            device = deviceId;
            latencyClass = measuredAs;
            replica = copy;
            ingressPort = inPort;
            egressPort = outPort;
            return this;
        }

        public Builder timing(long ingressNanos, long latencyNanos, long arrivalOrder) {
            ingressTimestampNanos = ingressNanos;
            deltaNanos = latencyNanos;
            arrival = arrivalOrder;
            return this;
        }

        public ExperimentSample build() {
            return new ExperimentSample(this);
        }
    }
}
