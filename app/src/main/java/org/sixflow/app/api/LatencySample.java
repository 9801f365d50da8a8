// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.time.Instant;
import java.util.Objects;
import java.util.OptionalLong;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One packet's pipeline latency, from a data-plane telemetry report.
 */
public final class LatencySample {

    private final Instant time;
    private final String deviceId;
    private final int latencyClass;
    private final int replica;
    private final int ingressPort;
    private final int egressPort;
    private final long sequence;
    private final long deltaNanos;
    private final Long ingressTimestampNanos;

    private LatencySample(Instant time, String deviceId, int latencyClass, int replica, int ingressPort,
                          int egressPort, long sequence, long deltaNanos, Long ingressTimestampNanos) {
        this.time = checkNotNull(time);
        this.deviceId = checkNotNull(deviceId);
        checkArgument(latencyClass >= 0 && latencyClass < 16, "latency class %s outside 0..15", latencyClass);
        checkArgument(deltaNanos >= 0, "negative latency %s ns", deltaNanos);
        this.latencyClass = latencyClass;
        this.replica = replica;
        this.ingressPort = ingressPort;
        this.egressPort = egressPort;
        this.sequence = sequence;
        this.deltaNanos = deltaNanos;
        this.ingressTimestampNanos = ingressTimestampNanos;
    }

    /**
     * Creates a sample.
     *
     * @param time         when the controller received it
     * @param deviceId     the measuring device
     * @param latencyClass class (p4src/common/define.p4 CLASS_*)
     * @param replica      replica index (MSR6 copies), else 0
     * @param ingressPort  ingress port
     * @param egressPort   egress port
     * @param sequence     per-class report sequence number
     * @param deltaNanos   egress minus ingress timestamp, in ns
     * @return the sample
     */
    public static LatencySample of(Instant time, String deviceId, int latencyClass, int replica, int ingressPort,
                                   int egressPort, long sequence, long deltaNanos) {
        return new LatencySample(time, deviceId, latencyClass, replica, ingressPort, egressPort, sequence,
                                 deltaNanos, null);
    }

    /**
     * Returns this sample with the data plane's ingress timestamp, which inter-arrival stability needs.
     *
     * @param nanos the packet's ingress timestamp, ns on the device's clock
     * @return a copy carrying it
     */
    public LatencySample withIngressTimestamp(long nanos) {
        return new LatencySample(time, deviceId, latencyClass, replica, ingressPort, egressPort, sequence,
                                 deltaNanos, nanos);
    }

    public Instant time() {
        return time;
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

    public int ingressPort() {
        return ingressPort;
    }

    public int egressPort() {
        return egressPort;
    }

    public long sequence() {
        return sequence;
    }

    public long deltaNanos() {
        return deltaNanos;
    }

    /**
     * Returns the data plane's ingress timestamp of the packet.
     *
     * @return ns on the device's clock; empty if the report did not carry it
     */
    public OptionalLong ingressTimestampNanos() {
        return ingressTimestampNanos == null ? OptionalLong.empty() : OptionalLong.of(ingressTimestampNanos);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof LatencySample)) {
            return false;
        }
        LatencySample s = (LatencySample) o;
        return latencyClass == s.latencyClass && replica == s.replica && ingressPort == s.ingressPort
                && egressPort == s.egressPort && sequence == s.sequence && deltaNanos == s.deltaNanos
                && time.equals(s.time) && deviceId.equals(s.deviceId)
                && Objects.equals(ingressTimestampNanos, s.ingressTimestampNanos);
    }

    @Override
    public int hashCode() {
        return Objects.hash(time, deviceId, latencyClass, replica, ingressPort, egressPort, sequence, deltaNanos,
                            ingressTimestampNanos);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("time", time).add("device", deviceId).add("class", latencyClass)
                .add("replica", replica).add("sequence", sequence).add("deltaNanos", deltaNanos).toString();
    }
}
