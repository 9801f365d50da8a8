// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.host.HostEvent;
import org.onosproject.net.host.HostListener;
import org.onosproject.net.host.HostServiceAdapter;
import org.onosproject.net.provider.ProviderId;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * ONOS's host service over hosts a test adds or moves, telling listeners as ONOS would; {@link #lab()}
 * holds the hosts of docker/netcfg.json ("hosts"), each at its first location.
 */
public class TestHostService extends HostServiceAdapter {

    private static final ProviderId PROVIDER = new ProviderId("netcfg", "org.sixflow.test");

    private final Map<HostId, Host> hosts = new ConcurrentHashMap<>();
    private final List<HostListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * Returns the lab's hosts.
     *
     * @return a host service holding them
     */
    public static TestHostService lab() {
        return fromNetcfg(new File("../docker/netcfg.json"));
    }

    /**
     * Returns the hosts of a netcfg file.
     *
     * @param netcfg an ONOS netcfg JSON file
     * @return a host service holding them
     */
    public static TestHostService fromNetcfg(File netcfg) {
        TestHostService service = new TestHostService();
        try {
            Iterator<Map.Entry<String, JsonNode>> it = new ObjectMapper().readTree(netcfg).path("hosts").fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> entry = it.next();
                JsonNode basic = entry.getValue().path("basic");
                ImmutableSet.Builder<IpAddress> ips = ImmutableSet.builder();
                basic.path("ips").forEach(ip -> ips.add(IpAddress.valueOf(ip.asText())));
                service.hosts.put(HostId.hostId(entry.getKey()), host(
                        HostId.hostId(entry.getKey()),
                        ConnectPoint.deviceConnectPoint(basic.path("locations").get(0).asText()), ips.build()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return service;
    }

    private static Host host(HostId id, ConnectPoint at, Set<IpAddress> ips) {
        return new DefaultHost(PROVIDER, id, id.mac(), VlanId.NONE, new HostLocation(at, 0), ips);
    }

    /**
     * Adds a host (or replaces one with the same id) and tells listeners.
     *
     * @param mac host MAC
     * @param at  where it is attached
     * @param ips its addresses
     * @return the host
     */
    public Host add(String mac, String at, String... ips) {
        HostId id = HostId.hostId(MacAddress.valueOf(mac), VlanId.NONE);
        ImmutableSet.Builder<IpAddress> addresses = ImmutableSet.builder();
        for (String ip : ips) {
            addresses.add(IpAddress.valueOf(ip));
        }
        Host host = host(id, ConnectPoint.deviceConnectPoint(at), addresses.build());
        Host before = hosts.put(id, host);
        emit(before == null ? new HostEvent(HostEvent.Type.HOST_ADDED, host)
                     : new HostEvent(HostEvent.Type.HOST_UPDATED, host, before));
        return host;
    }

    /**
     * Moves a host to another port and tells listeners.
     *
     * @param id the host
     * @param to its new location, e.g. device:shanghai/3
     */
    public void move(HostId id, String to) {
        Host before = hosts.get(id);
        Host after = host(id, ConnectPoint.deviceConnectPoint(to), before.ipAddresses());
        hosts.put(id, after);
        emit(new HostEvent(HostEvent.Type.HOST_MOVED, after, before));
    }

    /**
     * Removes a host and tells listeners.
     *
     * @param id the host
     */
    public void remove(HostId id) {
        Host gone = hosts.remove(id);
        if (gone != null) {
            emit(new HostEvent(HostEvent.Type.HOST_REMOVED, gone));
        }
    }

    private void emit(HostEvent event) {
        listeners.stream().filter(l -> l.isRelevant(event)).forEach(l -> l.event(event));
    }

    @Override
    public Set<Host> getHostsByIp(IpAddress ip) {
        return hosts.values().stream().filter(h -> h.ipAddresses().contains(ip))
                .collect(ImmutableSet.toImmutableSet());
    }

    @Override
    public Set<Host> getConnectedHosts(ConnectPoint connectPoint) {
        return hosts.values().stream().filter(h -> h.locations().stream().anyMatch(l -> l.deviceId()
                .equals(connectPoint.deviceId()) && l.port().equals(connectPoint.port())))
                .collect(ImmutableSet.toImmutableSet());
    }

    @Override
    public Host getHost(HostId hostId) {
        return hosts.get(hostId);
    }

    @Override
    public Iterable<Host> getHosts() {
        return ImmutableList.copyOf(hosts.values());
    }

    @Override
    public int getHostCount() {
        return hosts.size();
    }

    @Override
    public void addListener(HostListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(HostListener listener) {
        listeners.remove(listener);
    }
}
