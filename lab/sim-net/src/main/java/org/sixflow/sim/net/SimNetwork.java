// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net;

import org.onosproject.core.CoreService;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.driver.DriverService;
import org.onosproject.net.edge.EdgePortService;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.group.GroupService;
import org.onosproject.net.host.HostService;
import org.onosproject.net.intf.InterfaceService;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.meter.MeterService;
import org.onosproject.net.packet.PacketService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.net.pi.service.PiTranslationService;
import org.sixflow.sim.core.SimEventDispatcher;
import org.sixflow.sim.net.config.BasicConfigFactories;
import org.sixflow.sim.net.config.SimNetworkConfigService;
import org.sixflow.sim.net.device.ConfiguredDevices;
import org.sixflow.sim.net.device.DeviceSpec;
import org.sixflow.sim.net.device.SimDeviceService;
import org.sixflow.sim.net.driver.DeviceProjections;
import org.sixflow.sim.net.driver.SimDriverService;
import org.sixflow.sim.net.edge.SimEdgePortService;
import org.sixflow.sim.net.event.TrackedExecutor;
import org.sixflow.sim.net.flow.SimFlowRuleService;
import org.sixflow.sim.net.group.SimGroupService;
import org.sixflow.sim.net.host.HostSpec;
import org.sixflow.sim.net.host.NetcfgHostProvider;
import org.sixflow.sim.net.host.SimHostService;
import org.sixflow.sim.net.intf.SimInterfaceService;
import org.sixflow.sim.net.link.LinkSpec;
import org.sixflow.sim.net.link.SimLinkService;
import org.sixflow.sim.net.mastership.SimMastershipService;
import org.sixflow.sim.net.meter.SimMeterService;
import org.sixflow.sim.net.packet.SimPacketService;
import org.sixflow.sim.net.pipeconf.SimPiTranslationService;
import org.sixflow.sim.net.pipeconf.SimPipeconfService;

import java.util.concurrent.TimeUnit;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The simulated network and ONOS's network services over it. The simulation adds devices, links
 * and hosts, connects and disconnects devices, takes ports and links up and down; each change
 * reaches every service at once (links, edge ports, pending flows and groups follow their devices)
 * and their listeners hear of it on the network's one event thread, in order, after the change.
 * {@link #awaitEvents()} waits until every event (and every flow operation callback) is delivered.
 * Thread-safe: changes are made one at a time, services answer any thread.
 */
public final class SimNetwork implements AutoCloseable {

    /** How long {@link #awaitEvents()} waits, in seconds. */
    public static final long DEFAULT_AWAIT_SECONDS = 10;

    private final SimEventDispatcher events;
    private final boolean ownsEvents;
    private final TrackedExecutor callbacks = new TrackedExecutor("sim-net-flow-callbacks");
    private final SimDeviceService devices;
    private final SimMastershipService mastership;
    private final SimLinkService links;
    private final SimHostService hosts;
    private final SimFlowRuleService flows;
    private final SimGroupService groups;
    private final SimDriverService drivers;
    private final SimPacketService packets;
    private final SimNetworkConfigService configs;
    private final SimInterfaceService interfaces;
    private final SimEdgePortService edges;
    private final SimPipeconfService pipeconfs;
    private final SimPiTranslationService translations = new SimPiTranslationService();
    private final SimMeterService meters;
    private final NetcfgHostProvider configuredHosts;
    private final ConfiguredDevices configuredDevices;

    /**
     * Creates an empty network with ONOS's basic config factories registered, and an event
     * dispatcher of its own.
     *
     * @param coreService the core service, which makes application ids for "apps" configs
     */
    public SimNetwork(CoreService coreService) {
        this(coreService, new SimEventDispatcher("sim-net-events"), true);
    }

    /**
     * Creates an empty network with ONOS's basic config factories registered, whose services post
     * their events to the given dispatcher (ONOS has one for every service; the caller closes it).
     *
     * @param coreService the core service, which makes application ids for "apps" configs
     * @param events      the event dispatcher
     */
    public SimNetwork(CoreService coreService, SimEventDispatcher events) {
        this(coreService, events, false);
    }

    private SimNetwork(CoreService coreService, SimEventDispatcher events, boolean ownsEvents) {
        checkNotNull(coreService, "Core service cannot be null");
        this.events = checkNotNull(events, "Event dispatcher cannot be null");
        this.ownsEvents = ownsEvents;
        devices = new SimDeviceService(events);
        mastership = new SimMastershipService(events, devices);
        links = new SimLinkService(events, devices);
        hosts = new SimHostService(events);
        flows = new SimFlowRuleService(events, devices, callbacks);
        groups = new SimGroupService(events, devices);
        drivers = new SimDriverService(events, devices);
        packets = new SimPacketService(devices);
        configs = new SimNetworkConfigService(events, coreService);
        interfaces = new SimInterfaceService(events, configs);
        edges = new SimEdgePortService(events, devices, links, packets);
        pipeconfs = new SimPipeconfService(events, devices, drivers);
        drivers.setPipeconfService(pipeconfs);
        meters = new SimMeterService(events, devices, pipeconfs);
        BasicConfigFactories.create().forEach(configs::registerConfigFactory);
        interfaces.start();
        configuredHosts = new NetcfgHostProvider(configs, hosts);
        configuredHosts.start();
        configuredDevices = new ConfiguredDevices(configs, devices, pipeconfs, drivers::addSimulatedDriver);
        configuredDevices.start();
        drivers.addHandlerService(CoreService.class, coreService);
        drivers.addHandlerService(DeviceService.class, devices);
        drivers.addHandlerService(MastershipService.class, mastership);
        drivers.addHandlerService(LinkService.class, links);
        drivers.addHandlerService(HostService.class, hosts);
        drivers.addHandlerService(FlowRuleService.class, flows);
        drivers.addHandlerService(GroupService.class, groups);
        drivers.addHandlerService(SimGroupService.class, groups);
        drivers.addHandlerService(DriverService.class, drivers);
        drivers.addHandlerService(PacketService.class, packets);
        drivers.addHandlerService(NetworkConfigService.class, configs);
        drivers.addHandlerService(InterfaceService.class, interfaces);
        drivers.addHandlerService(EdgePortService.class, edges);
        drivers.addHandlerService(PiPipeconfService.class, pipeconfs);
        drivers.addHandlerService(PiTranslationService.class, translations);
        drivers.addHandlerService(MeterService.class, meters);
        // As ONOS's driver manager and OSGi do, so that Device.is() and Device.as() find drivers and
        // the behaviours as() gives find services (statics of onos-api: the network created last serves them).
        DeviceProjections.serve(drivers, drivers.handlerServices());
    }

    /**
     * Adds a switch as its "basic" network config (if any) describes it, its pipeconf bound (see
     * {@link ConfiguredDevices}); its driver becomes a simulated driver; MASTER_CHANGED announces the
     * local node as its master, and group adds that waited for it are installed if it is connected.
     *
     * @param spec the switch
     * @return the device
     * @throws IllegalArgumentException if a device with its id exists
     */
    public synchronized Device addDevice(DeviceSpec spec) {
        checkNotNull(spec, "Device spec cannot be null");
        Device device = configuredDevices.add(spec);
        mastership.deviceAdded(device.id());
        afterDeviceChange(device.id());
        return device;
    }

    /**
     * Removes a device, its links, flow entries and groups.
     *
     * @param deviceId the device
     * @throws IllegalArgumentException if there is no such device
     */
    public synchronized void removeDevice(DeviceId deviceId) {
        devices.remove(deviceId);
        links.removeDevice(deviceId);
        edges.refresh();
        flows.deviceRemoved(deviceId);
        groups.deviceRemoved(deviceId);
        meters.deviceRemoved(deviceId);
    }

    /**
     * Connects or disconnects a device; its links, edge ports, pending flows and groups follow.
     *
     * @param deviceId  the device
     * @param available true to connect it
     * @return true if its availability changed
     * @throws IllegalArgumentException if there is no such device
     */
    public synchronized boolean setDeviceAvailable(DeviceId deviceId, boolean available) {
        boolean changed = devices.setAvailable(deviceId, available);
        if (changed) {
            afterDeviceChange(deviceId);
        }
        return changed;
    }

    private void afterDeviceChange(DeviceId deviceId) {
        links.refresh();
        edges.refresh();
        flows.deviceAvailabilityChanged(deviceId);
        groups.deviceAvailabilityChanged(deviceId);
        meters.deviceAvailabilityChanged(deviceId);
    }

    /**
     * Takes a port up or down; its links and edge port follow.
     *
     * @param point the port
     * @param up    true for up
     * @return true if the port's state changed
     * @throws IllegalArgumentException if there is no such device or port
     */
    public synchronized boolean setPortEnabled(ConnectPoint point, boolean up) {
        boolean changed = devices.setPortUp(point, up);
        links.refresh();
        edges.refresh();
        return changed;
    }

    /**
     * Cables two ports: a link each way.
     *
     * @param spec the cable
     * @throws IllegalArgumentException if an end is no port of a known device, or is cabled already
     */
    public synchronized void addLink(LinkSpec spec) {
        links.add(spec);
        edges.refresh();
    }

    /**
     * Cables two ports with a discovered link each way, without annotations.
     *
     * @param one one end, e.g. device:beijing/1
     * @param two the other end
     * @throws IllegalArgumentException if an end is no port of a known device, or is cabled already
     */
    public void addLink(String one, String two) {
        addLink(LinkSpec.between(one, two).build());
    }

    /**
     * Takes a cable away.
     *
     * @param one one end
     * @param two the other end
     * @throws IllegalArgumentException if no cable joins them
     */
    public synchronized void removeLink(ConnectPoint one, ConnectPoint two) {
        links.remove(one, two);
        edges.refresh();
    }

    /**
     * Cuts or mends a cable (its ports stay as they are, as when LLDP goes silent on a link).
     *
     * @param one one end
     * @param two the other end
     * @param up  true to mend it
     * @return true if the cable's state changed
     * @throws IllegalArgumentException if no cable joins them
     */
    public synchronized boolean setLinkUp(ConnectPoint one, ConnectPoint two, boolean up) {
        boolean changed = links.setUp(one, two, up);
        edges.refresh();
        return changed;
    }

    /**
     * Adds a host, or replaces the one with its id.
     *
     * @param spec the host
     * @return the host
     */
    public Host addHost(HostSpec spec) {
        return hosts.add(spec);
    }

    /**
     * Moves a host.
     *
     * @param hostId    the host
     * @param locations where it is attached now
     * @return the host moved
     * @throws IllegalArgumentException if there is no such host or no location is given
     */
    public Host moveHost(HostId hostId, ConnectPoint... locations) {
        return hosts.move(hostId, locations);
    }

    /**
     * Removes a host.
     *
     * @param hostId the host
     * @return true if there was such a host
     */
    public boolean removeHost(HostId hostId) {
        return hosts.remove(hostId);
    }

    /**
     * Waits until every event and every flow operation callback is delivered, including those they
     * caused, at most {@value #DEFAULT_AWAIT_SECONDS} seconds.
     *
     * @throws IllegalStateException if they are not delivered in time, or the wait is interrupted
     */
    public void awaitEvents() {
        try {
            if (!awaitEvents(DEFAULT_AWAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("Simulated network events not delivered within "
                                                        + DEFAULT_AWAIT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for simulated network events", e);
        }
    }

    /**
     * Waits until every event and every flow operation callback is delivered, including those they caused.
     *
     * @param timeout how long to wait at most
     * @param unit    its unit
     * @return true when all are delivered, false when the time ran out
     * @throws InterruptedException  if interrupted while waiting
     * @throws IllegalStateException if called on the event thread or the callback thread
     */
    public boolean awaitEvents(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (true) {
            long before = events.posted() + callbacks.submitted();
            if (!events.awaitIdle(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)
                    || !callbacks.awaitIdle(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
                return false;
            }
            // Quiet only if nothing new was handed over while waiting for the other.
            if (events.posted() + callbacks.submitted() == before) {
                return true;
            }
        }
    }

    /** Stops following the configuration and stops the event and callback threads. */
    @Override
    public void close() {
        configuredDevices.stop();
        configuredHosts.stop();
        interfaces.stop();
        if (ownsEvents) {
            events.close();
        }
        callbacks.close();
    }

    /**
     * Returns the event dispatcher all services post to.
     *
     * @return the dispatcher
     */
    public SimEventDispatcher eventDispatcher() {
        return events;
    }

    /**
     * Returns the device service.
     *
     * @return the service
     */
    public SimDeviceService deviceService() {
        return devices;
    }

    /**
     * Returns the mastership service.
     *
     * @return the service
     */
    public SimMastershipService mastershipService() {
        return mastership;
    }

    /**
     * Returns the link service.
     *
     * @return the service
     */
    public SimLinkService linkService() {
        return links;
    }

    /**
     * Returns the host service.
     *
     * @return the service
     */
    public SimHostService hostService() {
        return hosts;
    }

    /**
     * Returns the flow rule service.
     *
     * @return the service
     */
    public SimFlowRuleService flowRuleService() {
        return flows;
    }

    /**
     * Returns the group service.
     *
     * @return the service
     */
    public SimGroupService groupService() {
        return groups;
    }

    /**
     * Returns the driver service, also ONOS's driver admin service.
     *
     * @return the service
     */
    public SimDriverService driverService() {
        return drivers;
    }

    /**
     * Returns the packet service.
     *
     * @return the service
     */
    public SimPacketService packetService() {
        return packets;
    }

    /**
     * Returns the network configuration service, also ONOS's network configuration registry.
     *
     * @return the service
     */
    public SimNetworkConfigService networkConfigService() {
        return configs;
    }

    /**
     * Returns the interface service, also ONOS's interface admin service.
     *
     * @return the service
     */
    public SimInterfaceService interfaceService() {
        return interfaces;
    }

    /**
     * Returns the edge port service.
     *
     * @return the service
     */
    public SimEdgePortService edgePortService() {
        return edges;
    }

    /**
     * Returns the pipeconf service.
     *
     * @return the service
     */
    public SimPipeconfService pipeconfService() {
        return pipeconfs;
    }

    /**
     * Returns the PI translation service, which P4Runtime handler behaviours look up.
     *
     * @return the service
     */
    public SimPiTranslationService translationService() {
        return translations;
    }

    /**
     * Returns the meter service.
     *
     * @return the service
     */
    public SimMeterService meterService() {
        return meters;
    }
}
