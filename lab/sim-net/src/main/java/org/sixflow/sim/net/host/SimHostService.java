// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.host;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultAnnotations;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.host.HostEvent;
import org.onosproject.net.host.HostListener;
import org.onosproject.net.host.HostService;
import org.sixflow.sim.net.SimIdentities;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's host service over simulated hosts. Adding a host posts HOST_ADDED; adding it again posts
 * HOST_MOVED if its locations changed, HOST_UPDATED if something else did, nothing if nothing did;
 * removing it posts HOST_REMOVED, as ONOS's host store tells them apart. Nothing is probed:
 * monitoring an address and asking for a MAC do nothing.
 *
 * <p>The control methods ({@link #add}, {@link #move}, {@link #remove}) are the simulation's.
 */
public final class SimHostService extends AbstractListenerManager<HostEvent, HostListener> implements HostService {

    private final Logger log = LoggerFactory.getLogger(getClass());
    // Guarded by this, in the order hosts were added.
    private final Map<HostId, Host> hosts = new LinkedHashMap<>();

    /**
     * Creates the service.
     *
     * @param dispatcher the simulated network's event dispatcher
     */
    public SimHostService(EventDeliveryService dispatcher) {
        this.eventDispatcher = checkNotNull(dispatcher, "Event dispatcher cannot be null");
        dispatcher.addSink(HostEvent.class, listenerRegistry);
    }

    /**
     * Adds a host or replaces the one with its id: HOST_ADDED, HOST_MOVED or HOST_UPDATED.
     *
     * @param spec the host
     * @return the host as ONOS lists it
     */
    public synchronized Host add(HostSpec spec) {
        checkNotNull(spec, "Host spec cannot be null");
        long now = System.currentTimeMillis();
        Set<HostLocation> locations = spec.locations().stream().map(l -> new HostLocation(l, now))
                .collect(Collectors.toCollection(LinkedHashSet::new));
        DefaultAnnotations.Builder annotations = DefaultAnnotations.builder();
        spec.annotations().forEach(annotations::set);
        Host host = new DefaultHost(SimIdentities.PROVIDER_ID, spec.id(), spec.mac(), spec.vlan(), locations,
                                    spec.ips(), spec.configured(), annotations.build());
        Host before = hosts.put(host.id(), host);
        if (before == null) {
            post(new HostEvent(HostEvent.Type.HOST_ADDED, host));
        } else if (!ports(before).equals(ports(host))) {
            post(new HostEvent(HostEvent.Type.HOST_MOVED, host, before));
        } else if (!before.ipAddresses().equals(host.ipAddresses()) || before.configured() != host.configured()
                || !before.annotations().equals(host.annotations())) {
            post(new HostEvent(HostEvent.Type.HOST_UPDATED, host, before));
        } else {
            // Nothing changed but the time it was seen: keep what listeners know.
            hosts.put(host.id(), before);
            return before;
        }
        return host;
    }

    private static Set<ConnectPoint> ports(Host host) {
        return host.locations().stream().map(l -> new ConnectPoint(l.elementId(), l.port()))
                .collect(Collectors.toSet());
    }

    /**
     * Moves a host to other ports: HOST_MOVED.
     *
     * @param hostId    the host
     * @param locations where it is attached now, at least one port
     * @return the host moved
     * @throws IllegalArgumentException if there is no such host or no location is given
     */
    public synchronized Host move(HostId hostId, ConnectPoint... locations) {
        checkNotNull(hostId, "Host id cannot be null");
        Host before = hosts.get(hostId);
        checkArgument(before != null, "No host %s", hostId);
        checkArgument(locations != null && locations.length > 0, "Host %s needs at least one location", hostId);
        HostSpec.Builder spec = HostSpec.builder(before.mac()).vlan(before.vlan()).configured(before.configured());
        before.ipAddresses().forEach(spec::ip);
        before.annotations().keys().forEach(k -> spec.annotation(k, before.annotations().value(k)));
        for (ConnectPoint location : locations) {
            spec.location(location);
        }
        return add(spec.build());
    }

    /**
     * Removes a host: HOST_REMOVED.
     *
     * @param hostId the host
     * @return true if there was such a host
     */
    public synchronized boolean remove(HostId hostId) {
        checkNotNull(hostId, "Host id cannot be null");
        Host gone = hosts.remove(hostId);
        if (gone != null) {
            post(new HostEvent(HostEvent.Type.HOST_REMOVED, gone));
        }
        return gone != null;
    }

    private synchronized Set<Host> hosts(Predicate<Host> filter) {
        return hosts.values().stream().filter(filter).collect(ImmutableSet.toImmutableSet());
    }

    private static boolean attachedTo(Host host, ConnectPoint point) {
        return host.locations().stream()
                .anyMatch(l -> l.deviceId().equals(point.deviceId()) && l.port().equals(point.port()));
    }

    @Override
    public synchronized int getHostCount() {
        return hosts.size();
    }

    @Override
    public synchronized Iterable<Host> getHosts() {
        return ImmutableList.copyOf(hosts.values());
    }

    @Override
    public synchronized Host getHost(HostId hostId) {
        checkNotNull(hostId, "Host id cannot be null");
        return hosts.get(hostId);
    }

    @Override
    public Set<Host> getHostsByVlan(VlanId vlanId) {
        checkNotNull(vlanId, "VLAN cannot be null");
        return hosts(h -> h.vlan().equals(vlanId));
    }

    @Override
    public Set<Host> getHostsByMac(MacAddress mac) {
        checkNotNull(mac, "MAC cannot be null");
        return hosts(h -> h.mac().equals(mac));
    }

    @Override
    public Set<Host> getHostsByIp(IpAddress ip) {
        checkNotNull(ip, "IP address cannot be null");
        return hosts(h -> h.ipAddresses().contains(ip));
    }

    @Override
    public Set<Host> getConnectedHosts(ConnectPoint connectPoint) {
        checkNotNull(connectPoint, "Connect point cannot be null");
        return hosts(h -> attachedTo(h, connectPoint));
    }

    @Override
    public Set<Host> getConnectedHosts(ConnectPoint connectPoint, boolean matchAuxLocations) {
        checkNotNull(connectPoint, "Connect point cannot be null");
        if (!matchAuxLocations) {
            return getConnectedHosts(connectPoint);
        }
        return hosts(h -> h.auxLocations() != null && h.auxLocations().stream().anyMatch(
                l -> l.deviceId().equals(connectPoint.deviceId()) && l.port().equals(connectPoint.port())));
    }

    @Override
    public Set<Host> getConnectedHosts(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        return hosts(h -> h.locations().stream().anyMatch(l -> l.deviceId().equals(deviceId)));
    }

    /**
     * Does nothing: no host is probed in the simulation.
     *
     * @param ip the address
     */
    @Override
    public void startMonitoringIp(IpAddress ip) {
        log.debug("Not monitoring {}: hosts are not probed in the simulation", ip);
    }

    /**
     * Does nothing: no host is probed in the simulation.
     *
     * @param ip the address
     */
    @Override
    public void stopMonitoringIp(IpAddress ip) {
        log.debug("Not monitoring {}: hosts are not probed in the simulation", ip);
    }

    /**
     * Does nothing: no host is probed in the simulation.
     *
     * @param ip the address
     */
    @Override
    public void requestMac(IpAddress ip) {
        log.debug("Not asking for the MAC of {}: hosts are not probed in the simulation", ip);
    }
}
