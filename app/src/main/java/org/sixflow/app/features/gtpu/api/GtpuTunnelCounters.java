// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableSet;
import org.onosproject.net.DeviceId;

import java.util.Objects;
import java.util.Set;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A tunnel's data-plane counters, read live: downlink is gtpu_encap_counter at the tunnel's
 * counter index summed over its encap devices, uplink gtpu_decap_counter on its decap device. A
 * device that could not be read is listed and adds nothing.
 */
public final class GtpuTunnelCounters {

    private final long downlinkPackets;
    private final long downlinkBytes;
    private final long uplinkPackets;
    private final long uplinkBytes;
    private final Set<DeviceId> unreadDevices;

    /**
     * Creates the counters.
     *
     * @param downlinkPackets packets encapsulated
     * @param downlinkBytes   their bytes
     * @param uplinkPackets   packets decapsulated
     * @param uplinkBytes     their bytes
     * @param unreadDevices   devices whose counters could not be read
     */
    public GtpuTunnelCounters(long downlinkPackets, long downlinkBytes, long uplinkPackets, long uplinkBytes,
                              Set<DeviceId> unreadDevices) {
        this.downlinkPackets = downlinkPackets;
        this.downlinkBytes = downlinkBytes;
        this.uplinkPackets = uplinkPackets;
        this.uplinkBytes = uplinkBytes;
        this.unreadDevices = ImmutableSet.copyOf(checkNotNull(unreadDevices));
    }

    public long downlinkPackets() {
        return downlinkPackets;
    }

    public long downlinkBytes() {
        return downlinkBytes;
    }

    public long uplinkPackets() {
        return uplinkPackets;
    }

    public long uplinkBytes() {
        return uplinkBytes;
    }

    /** Devices whose counters could not be read (they add nothing to the sums). */
    public Set<DeviceId> unreadDevices() {
        return unreadDevices;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof GtpuTunnelCounters)) {
            return false;
        }
        GtpuTunnelCounters c = (GtpuTunnelCounters) o;
        return downlinkPackets == c.downlinkPackets && downlinkBytes == c.downlinkBytes
                && uplinkPackets == c.uplinkPackets && uplinkBytes == c.uplinkBytes
                && unreadDevices.equals(c.unreadDevices);
    }

    @Override
    public int hashCode() {
        return Objects.hash(downlinkPackets, downlinkBytes, uplinkPackets, uplinkBytes, unreadDevices);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("downlinkPackets", downlinkPackets)
                .add("downlinkBytes", downlinkBytes).add("uplinkPackets", uplinkPackets)
                .add("uplinkBytes", uplinkBytes).add("unreadDevices", unreadDevices).toString();
    }
}
