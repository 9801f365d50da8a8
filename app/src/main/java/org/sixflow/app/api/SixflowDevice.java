// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import org.onlab.packet.IpPrefix;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconfId;

import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A device as Sixflow sees it: the ONOS device, its pipeconf and its Sixflow role.
 */
public final class SixflowDevice {

    private final Device device;
    private final boolean available;
    private final PiPipeconfId pipeconf;
    private final DeviceRole role;
    private final IpPrefix locator;

    private SixflowDevice(Device device, boolean available, PiPipeconfId pipeconf, DeviceRole role,
                          IpPrefix locator) {
        this.device = checkNotNull(device);
        this.available = available;
        this.pipeconf = pipeconf;
        this.role = role;
        this.locator = locator;
    }

    /**
     * Creates the view of a device.
     *
     * @param device    ONOS device
     * @param available whether ONOS can reach it
     * @param pipeconf  pipeconf bound to it, or null
     * @param role      Sixflow role from netcfg, or null
     * @param locator   locator from netcfg, or null
     * @return the view
     */
    public static SixflowDevice of(Device device, boolean available, PiPipeconfId pipeconf, DeviceRole role,
                                   IpPrefix locator) {
        return new SixflowDevice(device, available, pipeconf, role, locator);
    }

    public DeviceId id() {
        return device.id();
    }

    public Device device() {
        return device;
    }

    public boolean available() {
        return available;
    }

    public Optional<PiPipeconfId> pipeconf() {
        return Optional.ofNullable(pipeconf);
    }

    public Optional<DeviceRole> role() {
        return Optional.ofNullable(role);
    }

    public Optional<IpPrefix> locator() {
        return Optional.ofNullable(locator);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SixflowDevice)) {
            return false;
        }
        SixflowDevice that = (SixflowDevice) o;
        return available == that.available && device.id().equals(that.device.id())
                && Objects.equals(pipeconf, that.pipeconf) && role == that.role
                && Objects.equals(locator, that.locator);
    }

    @Override
    public int hashCode() {
        return Objects.hash(device.id(), available, pipeconf, role, locator);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("id", id()).add("available", available)
                .add("pipeconf", pipeconf).add("role", role).toString();
    }
}
