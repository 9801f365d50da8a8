// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.device;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.ChassisId;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.Annotations;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultAnnotations;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.DefaultPort;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DefaultPortStatistics;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.device.PortStatistics;
import org.sixflow.sim.net.SimIdentities;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's device service over simulated switches. The simulation adds and removes devices, connects
 * and disconnects them and takes ports up and down; listeners hear DEVICE_ADDED (then PORT_ADDED for
 * each port), DEVICE_AVAILABILITY_CHANGED, PORT_UPDATED and DEVICE_REMOVED as ONOS's device manager
 * posts them. A disconnected device's ports read disabled, without PORT_UPDATED events (ONOS's
 * device manager disables them silently); when it reconnects each port that is up is PORT_UPDATED.
 * The local node is master of every device. No traffic is counted: port statistics are zero.
 *
 * <p>The control methods ({@link #add}, {@link #setAvailable}, ...) are the simulation's, not
 * ONOS's: call them through {@code SimNetwork}, which keeps links, edge ports, flows and groups in
 * step.
 */
public final class SimDeviceService extends AbstractListenerManager<DeviceEvent, DeviceListener>
        implements DeviceService {

    private static final String NO_DEVICE = "No device %s";

    // Guarded by this; insertion order is the order devices are listed in.
    private final Map<DeviceId, DeviceState> devices = new LinkedHashMap<>();
    private long nextChassis = 1;

    /** A device, its availability and its ports as the simulation holds them. */
    private static final class DeviceState {
        private Device device;
        private Map<String, String> specAnnotations;
        private long chassis;
        private boolean available;
        private long lastUpdated = System.currentTimeMillis();
        private final Map<PortNumber, PortSpec> ports = new LinkedHashMap<>();
        private final Set<PortNumber> portsDown = new HashSet<>();
    }

    /**
     * Creates the service; its events go through the dispatcher.
     *
     * @param dispatcher the simulated network's event dispatcher
     */
    public SimDeviceService(EventDeliveryService dispatcher) {
        this.eventDispatcher = checkNotNull(dispatcher, "Event dispatcher cannot be null");
        dispatcher.addSink(DeviceEvent.class, listenerRegistry);
    }

    /**
     * Adds a device: DEVICE_ADDED, then PORT_ADDED for each port.
     *
     * @param spec the device
     * @return the device as ONOS lists it
     * @throws IllegalArgumentException if a device with its id exists
     */
    public Device add(DeviceSpec spec) {
        return add(spec, Map.of());
    }

    /**
     * Adds a device with annotations its network configuration sets: DEVICE_ADDED, then PORT_ADDED
     * for each port.
     *
     * @param spec       the device
     * @param configured annotations over the spec's; a null value removes the spec's
     * @return the device as ONOS lists it
     * @throws IllegalArgumentException if a device with its id exists
     */
    public synchronized Device add(DeviceSpec spec, Map<String, String> configured) {
        checkNotNull(spec, "Device spec cannot be null");
        checkNotNull(configured, "Configured annotations cannot be null");
        checkArgument(!devices.containsKey(spec.id()), "Device %s already exists", spec.id());
        DeviceState state = new DeviceState();
        state.specAnnotations = spec.annotations();
        state.chassis = nextChassis++;
        state.device = device(spec.id(), state, configured);
        state.available = spec.available();
        spec.ports().forEach(p -> state.ports.put(p.number(), p));
        devices.put(spec.id(), state);
        post(new DeviceEvent(DeviceEvent.Type.DEVICE_ADDED, state.device));
        for (PortSpec port : spec.ports()) {
            post(new DeviceEvent(DeviceEvent.Type.PORT_ADDED, state.device, port(state, port)));
        }
        return state.device;
    }

    private static Device device(DeviceId id, DeviceState state, Map<String, String> configured) {
        Map<String, String> annotations = new LinkedHashMap<>(state.specAnnotations);
        configured.forEach((key, value) -> {
            if (value == null) {
                annotations.remove(key);
            } else {
                annotations.put(key, value);
            }
        });
        DefaultAnnotations.Builder builder = DefaultAnnotations.builder();
        annotations.forEach(builder::set);
        return new DefaultDevice(SimIdentities.PROVIDER_ID, id, Device.Type.SWITCH, SimIdentities.MANUFACTURER,
                                 SimIdentities.HW_VERSION, SimIdentities.SW_VERSION, "sim-" + state.chassis,
                                 new ChassisId(state.chassis), builder.build());
    }

    /**
     * Sets the annotations a device's network configuration gives it over its spec's: DEVICE_UPDATED
     * if they change, as ONOS's device manager applies a "basic" device config.
     *
     * @param deviceId   the device
     * @param configured annotations over the spec's; a null value removes the spec's
     * @return true if the device's annotations changed
     * @throws IllegalArgumentException if there is no such device
     */
    public synchronized boolean configure(DeviceId deviceId, Map<String, String> configured) {
        checkNotNull(configured, "Configured annotations cannot be null");
        DeviceState state = state(deviceId);
        Device device = device(deviceId, state, configured);
        if (asMap(device.annotations()).equals(asMap(state.device.annotations()))) {
            return false;
        }
        state.device = device;
        post(new DeviceEvent(DeviceEvent.Type.DEVICE_UPDATED, device));
        return true;
    }

    /**
     * Removes a device: DEVICE_REMOVED.
     *
     * @param deviceId the device
     * @return the device removed
     * @throws IllegalArgumentException if there is no such device
     */
    public synchronized Device remove(DeviceId deviceId) {
        DeviceState state = devices.remove(deviceId);
        checkArgument(state != null, NO_DEVICE, deviceId);
        post(new DeviceEvent(DeviceEvent.Type.DEVICE_REMOVED, state.device));
        return state.device;
    }

    /**
     * Connects or disconnects a device: DEVICE_AVAILABILITY_CHANGED, and on reconnection
     * PORT_UPDATED for each port that is up.
     *
     * @param deviceId  the device
     * @param available true to connect it
     * @return true if its availability changed
     * @throws IllegalArgumentException if there is no such device
     */
    public synchronized boolean setAvailable(DeviceId deviceId, boolean available) {
        DeviceState state = state(deviceId);
        if (state.available == available) {
            return false;
        }
        state.available = available;
        state.lastUpdated = System.currentTimeMillis();
        post(new DeviceEvent(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED, state.device));
        if (available) {
            for (PortSpec port : state.ports.values()) {
                if (!state.portsDown.contains(port.number())) {
                    post(new DeviceEvent(DeviceEvent.Type.PORT_UPDATED, state.device, port(state, port)));
                }
            }
        }
        return true;
    }

    /**
     * Takes a port up or down: PORT_UPDATED while its device is connected (a disconnected device's
     * ports read down anyway; the port comes back as set when the device reconnects).
     *
     * @param point the port
     * @param up    true for up
     * @return true if the port's state changed
     * @throws IllegalArgumentException if there is no such device or port
     */
    public synchronized boolean setPortUp(ConnectPoint point, boolean up) {
        checkNotNull(point, "Connect point cannot be null");
        DeviceState state = state(point.deviceId());
        PortSpec port = state.ports.get(point.port());
        checkArgument(port != null, "Device %s has no port %s", point.deviceId(), point.port());
        boolean changed = up ? state.portsDown.remove(point.port()) : state.portsDown.add(point.port());
        if (changed && state.available) {
            post(new DeviceEvent(DeviceEvent.Type.PORT_UPDATED, state.device, port(state, port)));
        }
        return changed;
    }

    /**
     * Tells whether a port is set up by the simulation, whatever its device's availability.
     *
     * @param point the port
     * @return true if the device has the port and it is not set down
     */
    public synchronized boolean isPortSetUp(ConnectPoint point) {
        DeviceState state = devices.get(point.deviceId());
        return state != null && state.ports.containsKey(point.port()) && !state.portsDown.contains(point.port());
    }

    private static Map<String, String> asMap(Annotations annotations) {
        Map<String, String> map = new LinkedHashMap<>();
        annotations.keys().forEach(k -> map.put(k, annotations.value(k)));
        return map;
    }

    private DeviceState state(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        DeviceState state = devices.get(deviceId);
        checkArgument(state != null, NO_DEVICE, deviceId);
        return state;
    }

    private static Port port(DeviceState state, PortSpec spec) {
        boolean enabled = state.available && !state.portsDown.contains(spec.number());
        return new DefaultPort(state.device, spec.number(), enabled, spec.type(), spec.speedMbps(),
                               DefaultAnnotations.builder().set(AnnotationKeys.PORT_NAME, spec.name()).build());
    }

    private synchronized List<Device> devices(Predicate<DeviceState> filter) {
        List<Device> result = new ArrayList<>();
        devices.values().stream().filter(filter).forEach(s -> result.add(s.device));
        return ImmutableList.copyOf(result);
    }

    @Override
    public synchronized int getDeviceCount() {
        return devices.size();
    }

    @Override
    public synchronized int getAvailableDeviceCount() {
        return (int) devices.values().stream().filter(s -> s.available).count();
    }

    @Override
    public Iterable<Device> getDevices() {
        return devices(s -> true);
    }

    @Override
    public Iterable<Device> getDevices(Device.Type type) {
        return devices(s -> s.device.type() == type);
    }

    @Override
    public Iterable<Device> getAvailableDevices() {
        return devices(s -> s.available);
    }

    @Override
    public Iterable<Device> getAvailableDevices(Device.Type type) {
        return devices(s -> s.available && s.device.type() == type);
    }

    @Override
    public synchronized Device getDevice(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        DeviceState state = devices.get(deviceId);
        return state == null ? null : state.device;
    }

    /**
     * Returns MASTER for every known device (the one simulated node masters them all), NONE for others.
     *
     * @param deviceId the device
     * @return the local role
     */
    @Override
    public synchronized MastershipRole getRole(DeviceId deviceId) {
        return devices.containsKey(deviceId) ? MastershipRole.MASTER : MastershipRole.NONE;
    }

    @Override
    public synchronized List<Port> getPorts(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        DeviceState state = devices.get(deviceId);
        if (state == null) {
            return ImmutableList.of();
        }
        ImmutableList.Builder<Port> ports = ImmutableList.builder();
        state.ports.values().forEach(p -> ports.add(port(state, p)));
        return ports.build();
    }

    /**
     * Returns zero statistics for each port of a connected device: nothing is counted in the simulation.
     *
     * @param deviceId the device
     * @return statistics, empty for an unknown or disconnected device
     */
    @Override
    public synchronized List<PortStatistics> getPortStatistics(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        DeviceState state = devices.get(deviceId);
        if (state == null || !state.available) {
            return ImmutableList.of();
        }
        long seconds = (System.currentTimeMillis() - state.lastUpdated) / 1000;
        ImmutableList.Builder<PortStatistics> stats = ImmutableList.builder();
        for (PortNumber number : state.ports.keySet()) {
            stats.add(DefaultPortStatistics.builder().setDeviceId(deviceId).setPort(number).setDurationSec(seconds)
                              .build());
        }
        return stats.build();
    }

    /**
     * Returns zero deltas for each port of a connected device.
     *
     * @param deviceId the device
     * @return statistics, empty for an unknown or disconnected device
     */
    @Override
    public List<PortStatistics> getPortDeltaStatistics(DeviceId deviceId) {
        return getPortStatistics(deviceId);
    }

    @Override
    public PortStatistics getStatisticsForPort(DeviceId deviceId, PortNumber portNumber) {
        return getPortStatistics(deviceId).stream().filter(s -> s.portNumber().equals(portNumber)).findFirst()
                .orElse(null);
    }

    @Override
    public PortStatistics getDeltaStatisticsForPort(DeviceId deviceId, PortNumber portNumber) {
        return getStatisticsForPort(deviceId, portNumber);
    }

    @Override
    public synchronized Port getPort(DeviceId deviceId, PortNumber portNumber) {
        checkNotNull(deviceId, "Device id cannot be null");
        checkNotNull(portNumber, "Port number cannot be null");
        DeviceState state = devices.get(deviceId);
        PortSpec spec = state == null ? null : state.ports.get(portNumber);
        return spec == null ? null : port(state, spec);
    }

    @Override
    public synchronized boolean isAvailable(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        DeviceState state = devices.get(deviceId);
        return state != null && state.available;
    }

    /**
     * Returns "connected" or "disconnected" as this node's connection to the device is, null for an
     * unknown device.
     *
     * @param deviceId the device
     * @return the local status
     */
    @Override
    public synchronized String localStatus(DeviceId deviceId) {
        DeviceState state = devices.get(deviceId);
        if (state == null) {
            return null;
        }
        return state.available ? "connected" : "disconnected";
    }

    /**
     * Returns when the device was added or its availability last changed.
     *
     * @param deviceId the device
     * @return milliseconds since the epoch, 0 for an unknown device
     */
    @Override
    public synchronized long getLastUpdatedInstant(DeviceId deviceId) {
        DeviceState state = devices.get(deviceId);
        return state == null ? 0 : state.lastUpdated;
    }
}
