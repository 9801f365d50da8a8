// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.routing;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.Ip4Prefix;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostLocation;
import org.onosproject.net.PortNumber;
import org.onosproject.net.pi.model.PiPipeconf;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.StreamSupport;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_ROUTING_V4;

/**
 * Works out the IPv4 /32s of hosts attached to routers whose pipeline routes IPv4 (routing_v4:
 * the BNG profiles, whose subscribers' IPv4 must reach the network's hosts). Each such router
 * gets a /32 per IPv4 address of every host attached to it, out of the host's port to the host's
 * MAC. There is no IPv4 routing between routers: the rest of Sixflow is IPv6 only, so a host
 * attached elsewhere gets no IPv4 route here.
 *
 * <p>A host seen on several ports of one router is routed to the lowest of them, the same one on
 * every instance. Two hosts with the same address on one router: the lower host id wins and the
 * clash is reported as a conflict. Unspecified, loopback, link-local (169.254/16), multicast and
 * the limited broadcast address are never routed.
 */
final class Ipv4HostRoutes {

    private static final Ip4Prefix LOOPBACK = Ip4Prefix.valueOf("127.0.0.0/8");
    private static final Ip4Prefix LINK_LOCAL = Ip4Prefix.valueOf("169.254.0.0/16");
    private static final Ip4Address BROADCAST = Ip4Address.valueOf("255.255.255.255");

    /** One host address reached through a port of a router. */
    static final class Route {
        final DeviceId deviceId;
        final Ip4Address address;
        final PortNumber port;
        final MacAddress hostMac;
        final String origin;

        Route(DeviceId deviceId, Ip4Address address, PortNumber port, MacAddress hostMac, String origin) {
            this.deviceId = checkNotNull(deviceId);
            this.address = checkNotNull(address);
            this.port = checkNotNull(port);
            this.hostMac = checkNotNull(hostMac);
            this.origin = checkNotNull(origin);
        }

        @Override
        public String toString() {
            return deviceId + " " + address + "/32 -> " + port + " " + hostMac;
        }
    }

    /** Per router, its routes by address (ordered, so every instance writes them alike). */
    private final Map<DeviceId, Map<Ip4Address, Route>> routes = new TreeMap<>(
            Comparator.comparing(DeviceId::toString));
    private final List<String> conflicts = new ArrayList<>();

    /**
     * Gathers the routes.
     *
     * @param hosts   ONOS hosts
     * @param routers the routers whose pipeline has routing_v4 (only hosts attached to them count)
     */
    Ipv4HostRoutes(Iterable<Host> hosts, Set<DeviceId> routers) {
        StreamSupport.stream(hosts.spliterator(), false)
                .sorted(Comparator.comparing(h -> h.id().toString()))
                .forEach(host -> routers.forEach(router -> add(host, router)));
    }

    /**
     * Tells whether a device's pipeline has routing_v4, the table these routes go to.
     *
     * @param pipeconf the pipeconf the device runs, if known
     * @return true if its pipeline model has the table
     */
    static boolean routesIpv4(Optional<PiPipeconf> pipeconf) {
        return pipeconf.map(p -> p.pipelineModel().table(SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_ROUTING_V4)
                .isPresent()).orElse(false);
    }

    private void add(Host host, DeviceId router) {
        Optional<HostLocation> at = host.locations().stream()
                .filter(l -> l.deviceId().equals(router) && !l.port().isLogical())
                .min(Comparator.comparingLong(l -> l.port().toLong()));
        if (at.isEmpty()) {
            return;
        }
        for (IpAddress ip : host.ipAddresses()) {
            if (!ip.isIp4() || !routable(ip.getIp4Address())) {
                continue;
            }
            Route route = new Route(router, ip.getIp4Address(), at.get().port(), host.mac(),
                                    "host " + host.id() + " at " + at.get());
            Route first = routes.computeIfAbsent(router, d -> new TreeMap<>()).putIfAbsent(route.address, route);
            if (first != null) {
                conflicts.add(route.address + "/32 on " + router + " is claimed by " + first.origin + ", "
                                      + route.origin);
            }
        }
    }

    private static boolean routable(Ip4Address address) {
        return !address.isZero() && !address.isMulticast() && !address.equals(BROADCAST)
                && !LOOPBACK.contains(address) && !LINK_LOCAL.contains(address);
    }

    /**
     * Returns a router's IPv4 host routes, by address.
     *
     * @param router a router
     * @return its routes; empty for a router that is not IPv4-capable or has no IPv4 host
     */
    List<Route> at(DeviceId router) {
        return ImmutableList.copyOf(routes.getOrDefault(router, Map.of()).values());
    }

    /**
     * Returns the conflicts found: addresses that two hosts on one router claim.
     *
     * @return one sentence per clash
     */
    List<String> conflicts() {
        return ImmutableList.copyOf(conflicts);
    }
}
