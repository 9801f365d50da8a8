// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import org.onosproject.net.DeviceId;

import java.util.Objects;

/**
 * A switch's own per-packet processing time during a trial: the telemetry samples it reported
 * of plain IPv6 forwarding (the class NPTv6 and ILNP packets keep) in the trial's window.
 */
public final class SwitchLatency {

    private final DeviceId device;
    private final long packets;
    private final double meanNs;

    /**
     * Creates one.
     *
     * @param device  the switch
     * @param packets samples in the window
     * @param meanNs  their mean, ns
     */
    public SwitchLatency(DeviceId device, long packets, double meanNs) {
        this.device = Objects.requireNonNull(device);
        this.packets = packets;
        this.meanNs = meanNs;
    }

    public DeviceId device() {
        return device;
    }

    public long packets() {
        return packets;
    }

    public double meanNs() {
        return meanNs;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SwitchLatency)) {
            return false;
        }
        SwitchLatency that = (SwitchLatency) o;
        return device.equals(that.device) && packets == that.packets && meanNs == that.meanNs;
    }

    @Override
    public int hashCode() {
        return Objects.hash(device, packets, meanNs);
    }
}
