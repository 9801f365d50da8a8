// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.ChassisId;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.DefaultAnnotations;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.provider.ProviderId;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A device service over devices a test adds (onos-api's test jar ships no DeviceServiceAdapter).
 */
public class TestDeviceService extends InMemoryDeviceService {

    public static final ProviderId PROVIDER = new ProviderId("p4runtime", "org.sixflow.test");

    private final Map<DeviceId, Boolean> availability = new LinkedHashMap<>();
    private final Map<DeviceId, List<Port>> ports = new LinkedHashMap<>();

    /** Creates a service with no devices. */
    public TestDeviceService() {
        super(new LinkedHashMap<>());
    }

    /**
     * Adds a stratum-bmv2 switch.
     *
     * @param id        device id, e.g. device:beijing
     * @param available whether it is reachable
     * @return the device
     */
    public Device addSwitch(String id, boolean available) {
        DeviceId deviceId = DeviceId.deviceId(id);
        Device device = new DefaultDevice(PROVIDER, deviceId, Device.Type.SWITCH, "Open Networking Foundation",
                                          "stratum", "stratum_bmv2", "n/a", new ChassisId(),
                                          DefaultAnnotations.builder().set(AnnotationKeys.DRIVER, "stratum-bmv2")
                                                  .build());
        devices.put(deviceId, device);
        availability.put(deviceId, available);
        ports.put(deviceId, ImmutableList.of());
        return device;
    }

    /**
     * Removes a device, as when it is deleted from ONOS.
     *
     * @param deviceId the device
     */
    public void remove(DeviceId deviceId) {
        devices.remove(deviceId);
        availability.remove(deviceId);
        ports.remove(deviceId);
    }

    /**
     * Sets a device's ports.
     *
     * @param deviceId device
     * @param list     its ports
     */
    public void setPorts(DeviceId deviceId, List<Port> list) {
        ports.put(deviceId, ImmutableList.copyOf(list));
    }

    /**
     * Delivers an event to listeners, as the device subsystem would.
     *
     * @param event the event
     */
    public void emit(DeviceEvent event) {
        listenerRegistry.process(event);
    }

    @Override
    public MastershipRole getRole(DeviceId deviceId) {
        return MastershipRole.MASTER;
    }

    @Override
    public List<Port> getPorts(DeviceId deviceId) {
        return ports.getOrDefault(deviceId, ImmutableList.of());
    }

    @Override
    public Port getPort(DeviceId deviceId, PortNumber portNumber) {
        return getPorts(deviceId).stream().filter(p -> p.number().equals(portNumber)).findFirst().orElse(null);
    }

    @Override
    public boolean isAvailable(DeviceId deviceId) {
        return availability.getOrDefault(deviceId, false);
    }
}
