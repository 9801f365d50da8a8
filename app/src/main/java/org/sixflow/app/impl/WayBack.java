// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.Link;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.host.HostService;
import org.onosproject.net.link.LinkService;
import org.sixflow.app.config.SixflowDeviceConfig;

/**
 * The next hop back towards a packet's source, out of the port the packet came in by, for an
 * ICMPv6 error about a packet the data plane punted after routing had rewritten its MACs (its
 * previous hop's MAC is no longer in the frame): the host with the source's address when it is at
 * that port; else, when ONOS knows no host with that address anywhere, the one host it knows at the
 * port (a host that sent from an address ONOS has not learned); else the Sixflow router at the
 * link's other end, which routes the message on.
 */
public final class WayBack {

    private final HostService hosts;
    private final LinkService links;
    private final NetworkConfigService configs;

    /**
     * Looks up ways back in ONOS's hosts, links and Sixflow's device configuration.
     *
     * @param hosts   ONOS's hosts
     * @param links   ONOS's links
     * @param configs netcfg (the neighbouring router's myStationMac)
     */
    public WayBack(HostService hosts, LinkService links, NetworkConfigService configs) {
        this.hosts = hosts;
        this.links = links;
        this.configs = configs;
    }

    /** Where a message goes back to: a MAC, and whether it is a host's on that link (not a router's). */
    public static final class Hop {
        private final MacAddress mac;
        private final boolean host;

        Hop(MacAddress mac, boolean host) {
            this.mac = mac;
            this.host = host;
        }

        /** @return the MAC to send the message to */
        public MacAddress mac() {
            return mac;
        }

        /** @return whether it is a host on the port's link (else the neighbouring router) */
        public boolean host() {
            return host;
        }
    }

    /**
     * Where to send a message for a source back to, out of a port.
     *
     * @param port   the port the invoking packet came in by
     * @param source the invoking packet's source
     * @return the next hop back, or empty when no host or router is known there
     */
    public Optional<Hop> towards(ConnectPoint port, Ip6Address source) {
        Optional<MacAddress> host = hostAt(port, source);
        if (host.isEmpty() && hosts.getHostsByIp(source).isEmpty()) {
            // An address ONOS has not learned: the port's one host, if it has one.
            Set<MacAddress> there = hosts.getConnectedHosts(port).stream().map(Host::mac)
                    .collect(Collectors.toSet());
            host = there.size() == 1 ? Optional.of(there.iterator().next()) : Optional.empty();
        }
        if (host.isPresent()) {
            return Optional.of(new Hop(host.get(), true));
        }
        return neighbourRouter(port).map(mac -> new Hop(mac, false));
    }

    /**
     * The MAC of the host with this address at the port, if ONOS knows it there.
     *
     * @param port    the port
     * @param address the host's address
     * @return its MAC
     */
    public Optional<MacAddress> hostAt(ConnectPoint port, Ip6Address address) {
        return hosts.getHostsByIp(address).stream()
                .filter(h -> h.locations().stream().anyMatch(l -> l.deviceId().equals(port.deviceId())
                        && l.port().equals(port.port())))
                .map(Host::mac).findFirst();
    }

    /**
     * The station MAC of the Sixflow router at the other end of the port's link, if any.
     *
     * @param port the port
     * @return its myStationMac
     */
    public Optional<MacAddress> neighbourRouter(ConnectPoint port) {
        return links.getEgressLinks(port).stream().map(Link::dst).map(ConnectPoint::deviceId)
                .map(this::routerMac).flatMap(Optional::stream).findFirst();
    }

    private Optional<MacAddress> routerMac(DeviceId device) {
        return SixflowDeviceConfig.validOf(configs, device).map(SixflowDeviceConfig::myStationMac);
    }
}
