// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import org.onlab.packet.MacAddress;

import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A block of numbered probes of one class for a host traffic generator: count packets like
 * packet, frameSize bytes each, one every intervalNanos, with the given IPv6 traffic class and
 * flow labels counting up from firstFlowLabel (the probes' identity), and the run's flow id in
 * the payload.
 */
public final class ProbeBurst {

    private final ProbePacket packet;
    private final MacAddress destinationMac;
    private final int frameSize;
    private final long intervalNanos;
    private final int trafficClass;
    private final int firstFlowLabel;
    private final int count;
    private final long flowId;

    private ProbeBurst(ProbePacket packet, MacAddress destinationMac, int frameSize, long intervalNanos,
                       int trafficClass, int firstFlowLabel, int count, long flowId) {
        this.packet = checkNotNull(packet);
        this.destinationMac = destinationMac;
        this.frameSize = frameSize;
        this.intervalNanos = intervalNanos;
        this.trafficClass = trafficClass;
        this.firstFlowLabel = firstFlowLabel;
        this.count = count;
        this.flowId = flowId;
    }

    /**
     * Creates a burst.
     *
     * @param packet         how the packets look
     * @param destinationMac the Ethernet destination, or null for the host's gateway
     * @param frameSize      Ethernet frame bytes
     * @param intervalNanos  time between packets
     * @param trafficClass   IPv6 traffic class
     * @param firstFlowLabel flow label of the first packet
     * @param count          packets
     * @param flowId         the payload's flow id
     * @return the burst
     */
    public static ProbeBurst of(ProbePacket packet, MacAddress destinationMac, int frameSize, long intervalNanos,
                                int trafficClass, int firstFlowLabel, int count, long flowId) {
        return new ProbeBurst(packet, destinationMac, frameSize, intervalNanos, trafficClass, firstFlowLabel, count,
                              flowId);
    }

    public ProbePacket packet() {
        return packet;
    }

    /** The Ethernet destination; empty for the host's gateway. */
    public Optional<MacAddress> destinationMac() {
        return Optional.ofNullable(destinationMac);
    }

    public int frameSize() {
        return frameSize;
    }

    public long intervalNanos() {
        return intervalNanos;
    }

    public int trafficClass() {
        return trafficClass;
    }

    public int firstFlowLabel() {
        return firstFlowLabel;
    }

    public int count() {
        return count;
    }

    public long flowId() {
        return flowId;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ProbeBurst)) {
            return false;
        }
        ProbeBurst b = (ProbeBurst) o;
        return packet.equals(b.packet) && Objects.equals(destinationMac, b.destinationMac)
                && frameSize == b.frameSize && intervalNanos == b.intervalNanos && trafficClass == b.trafficClass
                && firstFlowLabel == b.firstFlowLabel && count == b.count && flowId == b.flowId;
    }

    @Override
    public int hashCode() {
        return Objects.hash(packet, destinationMac, frameSize, intervalNanos, trafficClass, firstFlowLabel, count);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("packet", packet).add("trafficClass", trafficClass)
                .add("firstFlowLabel", firstFlowLabel).add("count", count).add("intervalNanos", intervalNanos)
                .toString();
    }
}
