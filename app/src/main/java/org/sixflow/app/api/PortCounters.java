// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import org.onosproject.net.DeviceId;

import java.time.Instant;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One reading of a port's OpenConfig counters, cumulative as the device reports them. A counter
 * the device did not report is null, never 0.
 */
public final class PortCounters {

    private final DeviceId deviceId;
    private final String port;
    private final Instant time;
    private final Long inPackets;
    private final Long outPackets;
    private final Long inOctets;
    private final Long outOctets;
    private final Long inDiscards;
    private final Long outDiscards;
    private final Long inErrors;
    private final Long outErrors;

    private PortCounters(Builder b) {
        deviceId = checkNotNull(b.deviceId, "device id");
        port = checkNotNull(b.port, "port name");
        time = checkNotNull(b.time, "time");
        checkArgument(!port.isEmpty(), "port name must not be empty");
        inPackets = b.inPackets;
        outPackets = b.outPackets;
        inOctets = b.inOctets;
        outOctets = b.outOctets;
        inDiscards = b.inDiscards;
        outDiscards = b.outDiscards;
        inErrors = b.inErrors;
        outErrors = b.outErrors;
    }

    /**
     * Starts a reading.
     *
     * @param deviceId the device
     * @param port     the interface name, as the device names it
     * @param time     when it was read
     * @return a builder with no counters reported yet
     */
    public static Builder builder(DeviceId deviceId, String port, Instant time) {
        return new Builder(deviceId, port, time);
    }

    public DeviceId deviceId() {
        return deviceId;
    }

    public String port() {
        return port;
    }

    public Instant time() {
        return time;
    }

    public Long inPackets() {
        return inPackets;
    }

    public Long outPackets() {
        return outPackets;
    }

    public Long inOctets() {
        return inOctets;
    }

    public Long outOctets() {
        return outOctets;
    }

    public Long inDiscards() {
        return inDiscards;
    }

    public Long outDiscards() {
        return outDiscards;
    }

    public Long inErrors() {
        return inErrors;
    }

    public Long outErrors() {
        return outErrors;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PortCounters)) {
            return false;
        }
        PortCounters that = (PortCounters) o;
        return deviceId.equals(that.deviceId) && port.equals(that.port) && time.equals(that.time)
                && Objects.equals(inPackets, that.inPackets) && Objects.equals(outPackets, that.outPackets)
                && Objects.equals(inOctets, that.inOctets) && Objects.equals(outOctets, that.outOctets)
                && Objects.equals(inDiscards, that.inDiscards) && Objects.equals(outDiscards, that.outDiscards)
                && Objects.equals(inErrors, that.inErrors) && Objects.equals(outErrors, that.outErrors);
    }

    @Override
    public int hashCode() {
        return Objects.hash(deviceId, port, time, inPackets, outPackets, inOctets, outOctets, inDiscards,
                            outDiscards, inErrors, outErrors);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("device", deviceId).add("port", port)
                .add("time", time).add("inPackets", inPackets).add("outPackets", outPackets)
                .add("inOctets", inOctets).add("outOctets", outOctets).add("inDiscards", inDiscards)
                .add("outDiscards", outDiscards).add("inErrors", inErrors).add("outErrors", outErrors).toString();
    }

    /** Collects the counters a device reported; unset ones stay null. */
    public static final class Builder {
        private final DeviceId deviceId;
        private final String port;
        private final Instant time;
        private Long inPackets;
        private Long outPackets;
        private Long inOctets;
        private Long outOctets;
        private Long inDiscards;
        private Long outDiscards;
        private Long inErrors;
        private Long outErrors;

        private Builder(DeviceId deviceId, String port, Instant time) {
            this.deviceId = deviceId;
            this.port = port;
            this.time = time;
        }

        public Builder inPackets(Long value) {
            inPackets = counter("inPackets", value);
            return this;
        }

        public Builder outPackets(Long value) {
            outPackets = counter("outPackets", value);
            return this;
        }

        public Builder inOctets(Long value) {
            inOctets = counter("inOctets", value);
            return this;
        }

        public Builder outOctets(Long value) {
            outOctets = counter("outOctets", value);
            return this;
        }

        public Builder inDiscards(Long value) {
            inDiscards = counter("inDiscards", value);
            return this;
        }

        public Builder outDiscards(Long value) {
            outDiscards = counter("outDiscards", value);
            return this;
        }

        public Builder inErrors(Long value) {
            inErrors = counter("inErrors", value);
            return this;
        }

        public Builder outErrors(Long value) {
            outErrors = counter("outErrors", value);
            return this;
        }

        public PortCounters build() {
            return new PortCounters(this);
        }

        private static Long counter(String name, Long value) {
            checkArgument(value == null || value >= 0, "%s must not be negative, got %s", name, value);
            return value;
        }
    }
}
