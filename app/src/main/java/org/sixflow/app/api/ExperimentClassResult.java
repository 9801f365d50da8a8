// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A class's results in one cell, all repetitions pooled: what was sent and measured at the
 * ingress device, what was lost, duplicated or reordered (from the probes' sequence numbers),
 * the latency figures of its first copy there, RFC 3550 jitter, offered load and goodput, the
 * stability distribution, every stage where a device measured its packets, and its mean per
 * repetition with a confidence interval across them. Latencies in nanoseconds.
 */
public final class ExperimentClassResult {

    /** How loss was counted. */
    public enum LossBasis {
        /** Every probe carries a sequence number: sent − received is exact. */
        PROBES,
        /**
         * External traffic: gaps in the data plane's per-class report sequence, which count
         * reports that did not arrive (packets of the class the device saw but did not report).
         */
        REPORT_SEQUENCE
    }

    private final String className;
    private final ExperimentClassRole role;
    private final LatencyClass latencyClass;
    private final String device;
    private final long sent;
    private final long warmupSent;
    private final long received;
    private final long lost;
    private final LossBasis lossBasis;
    private final long duplicates;
    private final long reordered;
    private final LatencySummary latency;
    private final Double jitterNanos;
    private final Double offeredMbps;
    private final Double goodputMbps;
    private final StabilitySummary stability;
    private final List<ExperimentStageResult> stages;
    private final List<ExperimentRepetitionResult> repetitions;
    private final ConfidenceInterval confidence;
    private final String queueing;

    private ExperimentClassResult(Builder b) {
        className = checkNotNull(b.className);
        role = checkNotNull(b.role);
        latencyClass = checkNotNull(b.latencyClass);
        device = checkNotNull(b.device);
        sent = b.sent;
        warmupSent = b.warmupSent;
        received = b.received;
        lost = b.lost;
        lossBasis = b.lossBasis;
        duplicates = b.duplicates;
        reordered = b.reordered;
        latency = b.latency;
        jitterNanos = b.jitterNanos;
        offeredMbps = b.offeredMbps;
        goodputMbps = b.goodputMbps;
        stability = b.stability;
        stages = ImmutableList.copyOf(b.stages);
        repetitions = ImmutableList.copyOf(b.repetitions);
        confidence = b.confidence;
        queueing = b.queueing;
    }

    /**
     * Starts a result.
     *
     * @param className    the experiment class
     * @param role         its role
     * @param latencyClass what the ingress device measured it as
     * @param device       the ingress device
     * @return a builder
     */
    public static Builder builder(String className, ExperimentClassRole role, LatencyClass latencyClass,
                                  String device) {
        return new Builder(className, role, latencyClass, device);
    }

    /**
     * Returns a builder holding this result.
     *
     * @return the builder
     */
    public Builder toBuilder() {
        return new Builder(className, role, latencyClass, device).counts(sent, received, lost, lossBasis)
                .warmupSent(warmupSent).duplicates(duplicates).reordered(reordered).latency(latency)
                .jitterNanos(jitterNanos).offeredMbps(offeredMbps).goodputMbps(goodputMbps).stability(stability)
                .stages(stages).repetitions(repetitions).confidence(confidence).queueing(queueing);
    }

    public String className() {
        return className;
    }

    public ExperimentClassRole role() {
        return role;
    }

    public LatencyClass latencyClass() {
        return latencyClass;
    }

    public String device() {
        return device;
    }

    /** Measured packets sent (warm-up excluded). */
    public long sent() {
        return sent;
    }

    public long warmupSent() {
        return warmupSent;
    }

    /** Measured packets the ingress device reported. */
    public long received() {
        return received;
    }

    public long lost() {
        return lost;
    }

    public LossBasis lossBasis() {
        return lossBasis;
    }

    /** lost / sent, 0 when nothing was sent. */
    public double lossRatio() {
        return sent == 0 ? 0 : (double) lost / sent;
    }

    public long duplicates() {
        return duplicates;
    }

    /** Packets that arrived after one with a higher sequence number (RFC 4737's reordered). */
    public long reordered() {
        return reordered;
    }

    public Optional<LatencySummary> latency() {
        return Optional.ofNullable(latency);
    }

    /** RFC 3550 interarrival jitter of the latencies, in arrival order. */
    public Optional<Double> jitterNanos() {
        return Optional.ofNullable(jitterNanos);
    }

    /**
     * The load offered to the measured device: the frames sent in (Ethernet without FCS, every
     * header they carry, a G-PDU's outer ones included), in bits, at the stream's rate. Absent
     * for external traffic, whose rate the run does not know.
     */
    public Optional<Double> offeredMbps() {
        return Optional.ofNullable(offeredMbps);
    }

    /**
     * What the measured device delivers: the probes' own UDP payload, in bits, at the stream's
     * rate times the share of probes received. The same bytes for every class, whatever headers
     * the device adds or takes off: a gtpu-encap-* probe's payload (the tunnel's headers are not
     * counted) and a gtpu-decap probe's inner packet's payload (neither the G-PDU's outer IPv6,
     * UDP and GTP-U headers nor the inner IPv6 and UDP ones). Absent for external traffic.
     */
    public Optional<Double> goodputMbps() {
        return Optional.ofNullable(goodputMbps);
    }

    public Optional<StabilitySummary> stability() {
        return Optional.ofNullable(stability);
    }

    public List<ExperimentStageResult> stages() {
        return stages;
    }

    public List<ExperimentRepetitionResult> repetitions() {
        return repetitions;
    }

    /** 95% interval of the mean across repetitions (two repetitions or more). */
    public Optional<ConfidenceInterval> confidence() {
        return Optional.ofNullable(confidence);
    }

    /**
     * Whether the switch queued while this class was measured, and the evidence: its latencies
     * then measure a queue, and no ratio or overhead is drawn from them.
     *
     * @return the evidence in words; empty when the switch kept up (or the run had no interval)
     */
    public Optional<String> queueing() {
        return Optional.ofNullable(queueing);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ExperimentClassResult)) {
            return false;
        }
        ExperimentClassResult r = (ExperimentClassResult) o;
        return className.equals(r.className) && role == r.role && latencyClass == r.latencyClass
                && device.equals(r.device) && sent == r.sent && warmupSent == r.warmupSent
                && received == r.received && lost == r.lost && lossBasis == r.lossBasis
                && duplicates == r.duplicates && reordered == r.reordered && Objects.equals(latency, r.latency)
                && Objects.equals(jitterNanos, r.jitterNanos) && Objects.equals(offeredMbps, r.offeredMbps)
                && Objects.equals(goodputMbps, r.goodputMbps) && Objects.equals(stability, r.stability)
                && stages.equals(r.stages) && repetitions.equals(r.repetitions)
                && Objects.equals(confidence, r.confidence) && Objects.equals(queueing, r.queueing);
    }

    @Override
    public int hashCode() {
        return Objects.hash(className, latencyClass, device, sent, received, lost, latency);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("className", className).add("latencyClass", latencyClass)
                .add("sent", sent).add("received", received).add("lost", lost).add("latency", latency).toString();
    }

    /** Builds a class result. */
    public static final class Builder {
        private final String className;
        private final ExperimentClassRole role;
        private final LatencyClass latencyClass;
        private final String device;
        private long sent;
        private long warmupSent;
        private long received;
        private long lost;
        private LossBasis lossBasis = LossBasis.PROBES;
        private long duplicates;
        private long reordered;
        private LatencySummary latency;
        private Double jitterNanos;
        private Double offeredMbps;
        private Double goodputMbps;
        private StabilitySummary stability;
        private List<ExperimentStageResult> stages = ImmutableList.of();
        private List<ExperimentRepetitionResult> repetitions = ImmutableList.of();
        private ConfidenceInterval confidence;
        private String queueing;

        private Builder(String className, ExperimentClassRole role, LatencyClass latencyClass, String device) {
            this.className = className;
            this.role = role;
            this.latencyClass = latencyClass;
            this.device = device;
        }

        public Builder counts(long sentPackets, long receivedPackets, long lostPackets, LossBasis basis) {
            sent = sentPackets;
            received = receivedPackets;
            lost = lostPackets;
            lossBasis = checkNotNull(basis);
            return this;
        }

        public Builder warmupSent(long value) {
            warmupSent = value;
            return this;
        }

        public Builder duplicates(long value) {
            duplicates = value;
            return this;
        }

        public Builder reordered(long value) {
            reordered = value;
            return this;
        }

        public Builder latency(LatencySummary value) {
            latency = value;
            return this;
        }

        public Builder jitterNanos(Double value) {
            jitterNanos = value;
            return this;
        }

        public Builder offeredMbps(Double value) {
            offeredMbps = value;
            return this;
        }

        public Builder goodputMbps(Double value) {
            goodputMbps = value;
            return this;
        }

        public Builder stability(StabilitySummary value) {
            stability = value;
            return this;
        }

        public Builder stages(List<ExperimentStageResult> value) {
            stages = ImmutableList.copyOf(value);
            return this;
        }

        public Builder repetitions(List<ExperimentRepetitionResult> value) {
            repetitions = ImmutableList.copyOf(value);
            return this;
        }

        public Builder confidence(ConfidenceInterval value) {
            confidence = value;
            return this;
        }

        public Builder queueing(String evidence) {
            queueing = evidence;
            return this;
        }

        public ExperimentClassResult build() {
            return new ExperimentClassResult(this);
        }
    }
}
