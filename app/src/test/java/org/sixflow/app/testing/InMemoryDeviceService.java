// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.google.common.collect.ImmutableList;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.device.PortStatistics;

import java.util.List;
import java.util.Map;

/**
 * The device queries that both the app's test device service and the bmv2 lab's device manager
 * answer the same way from a map of devices; subclasses keep the devices, say which are
 * available and hold the ports. No port statistics are kept (bmv2 has no gNMI).
 */
public abstract class InMemoryDeviceService extends AbstractListenerManager<DeviceEvent, DeviceListener>
        implements DeviceService {

    /** The devices by id, in the subclass's choice of map. */
    protected final Map<DeviceId, Device> devices;

    /**
     * Creates the service over a map.
     *
     * @param devices where the subclass keeps its devices
     */
    protected InMemoryDeviceService(Map<DeviceId, Device> devices) {
        this.devices = devices;
    }

    @Override
    public int getDeviceCount() {
        return devices.size();
    }

    @Override
    public Iterable<Device> getDevices() {
        return ImmutableList.copyOf(devices.values());
    }

    @Override
    public Iterable<Device> getDevices(Device.Type type) {
        return devices.values().stream().filter(d -> d.type() == type).collect(ImmutableList.toImmutableList());
    }

    @Override
    public Iterable<Device> getAvailableDevices() {
        return devices.values().stream().filter(d -> isAvailable(d.id())).collect(ImmutableList.toImmutableList());
    }

    @Override
    public Iterable<Device> getAvailableDevices(Device.Type type) {
        return devices.values().stream().filter(d -> isAvailable(d.id()) && d.type() == type)
                .collect(ImmutableList.toImmutableList());
    }

    @Override
    public Device getDevice(DeviceId deviceId) {
        return devices.get(deviceId);
    }

    @Override
    public List<PortStatistics> getPortStatistics(DeviceId deviceId) {
        return ImmutableList.of();
    }

    @Override
    public List<PortStatistics> getPortDeltaStatistics(DeviceId deviceId) {
        return ImmutableList.of();
    }

    @Override
    public String localStatus(DeviceId deviceId) {
        return isAvailable(deviceId) ? "connected" : "disconnected";
    }

    @Override
    public long getLastUpdatedInstant(DeviceId deviceId) {
        return 0;
    }
}
