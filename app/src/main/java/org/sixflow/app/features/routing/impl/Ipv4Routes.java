// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.Ip4Prefix;
import org.onlab.packet.IpAddress;
import org.onlab.packet.IpPrefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostLocation;
import org.onosproject.net.Link;
import org.onosproject.net.PortNumber;
import org.onosproject.net.host.InterfaceIpAddress;
import org.onosproject.net.intf.Interface;
import org.onosproject.net.pi.model.PiPipeconf;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_ROUTING_V4;

/**
 * Works out the IPv4 routes of the routers whose pipeline routes IPv4 (routing_v4: the BNG
 * profiles, whose subscribers' IPv4 must reach the network's hosts), as RouteComputer does IPv6,
 * among those routers only (the rest of Sixflow is IPv6-only):
 * <ul>
 * <li>a host attached to the router: a /32 per IPv4 address, out of the host's port to its MAC;</li>
 * <li>a host attached to another IPv4 router, and an IPv4 subnet of an interface configured on
 *     another IPv4 router's port (a split BNG's subscriber pool on its forwarding switch): towards
 *     that router, out of the first link of a shortest path to the neighbour's router MAC, when
 *     the neighbour routes IPv4 too (the neighbour then does the same); none where the path's
 *     next router is IPv6-only or there is no path. A router gets no route for a subnet it owns.</li>
 * </ul>
 *
 * <p>A host seen on several ports is routed to the lowest port of a router it is attached to;
 * elsewhere to the first of its IPv4 routers by location. Two hosts with the same address on one
 * router: the lower host id wins and the clash is reported as a conflict; a host's own router
 * route wins over a remote one; a subnet two routers claim goes to the lower device id, reported.
 * Unspecified, loopback, link-local (169.254/16), multicast and the limited broadcast address are
 * never routed.
 */
final class Ipv4Routes {

    private static final Ip4Prefix LOOPBACK = Ip4Prefix.valueOf("127.0.0.0/8");
    private static final Ip4Prefix LINK_LOCAL = Ip4Prefix.valueOf("169.254.0.0/16");
    private static final Ip4Address BROADCAST = Ip4Address.valueOf("255.255.255.255");
    private static final Comparator<DeviceId> BY_ID = Comparator.comparing(DeviceId::toString);
    /** Prefixes by address, then by length. */
    private static final Comparator<Ip4Prefix> BY_PREFIX = Comparator.comparing((Ip4Prefix p) -> p.address())
            .thenComparingInt(Ip4Prefix::prefixLength);

    /** One IPv4 prefix reached through a port of a router. */
    static final class Route {
        final DeviceId deviceId;
        final Ip4Prefix prefix;
        final PortNumber port;
        /** The host's MAC, or the next router's for a route through it. */
        final MacAddress nextHopMac;
        final String origin;

        Route(DeviceId deviceId, Ip4Prefix prefix, PortNumber port, MacAddress nextHopMac, String origin) {
            this.deviceId = checkNotNull(deviceId);
            this.prefix = checkNotNull(prefix);
            this.port = checkNotNull(port);
            this.nextHopMac = checkNotNull(nextHopMac);
            this.origin = checkNotNull(origin);
        }

        @Override
        public String toString() {
            return deviceId + " " + prefix + " -> " + port + " " + nextHopMac;
        }
    }

    /** A prefix an IPv4 router delivers itself: to an attached host, or a subnet of its interfaces. */
    private static final class Owned {
        final Ip4Prefix prefix;
        final DeviceId router;
        final String origin;

        Owned(Ip4Prefix prefix, DeviceId router, String origin) {
            this.prefix = prefix;
            this.router = router;
            this.origin = origin;
        }
    }

    /** Per router, its routes by prefix (ordered, so every instance writes them alike). */
    private final Map<DeviceId, Map<Ip4Prefix, Route>> routes = new TreeMap<>(BY_ID);
    private final List<String> conflicts = new ArrayList<>();

    /**
     * Routes the hosts attached to the given routers, on those routers only (no links known).
     *
     * @param hosts   ONOS hosts
     * @param routers the routers whose pipeline has routing_v4
     */
    Ipv4Routes(Iterable<Host> hosts, Set<DeviceId> routers) {
        this(hosts, List.of(), routers, null);
    }

    /**
     * Gathers the routes.
     *
     * @param hosts      ONOS hosts
     * @param interfaces ONOS interfaces (IPv4 subnets on the IPv4 routers' ports count)
     * @param routers    the routers whose pipeline has routing_v4 (only they route IPv4)
     * @param network    routers and links, for routes between routers; null for attached hosts only
     */
    Ipv4Routes(Iterable<Host> hosts, Collection<Interface> interfaces, Set<DeviceId> routers,
               RoutingNetwork network) {
        List<Host> sorted = StreamSupport.stream(hosts.spliterator(), false)
                .sorted(Comparator.comparing(h -> h.id().toString())).collect(Collectors.toList());
        sorted.forEach(host -> routers.forEach(router -> attached(host, router)));
        if (network == null) {
            return;
        }
        List<Owned> owned = new ArrayList<>();
        for (Host host : sorted) {
            host.locations().stream()
                    .filter(l -> routers.contains(l.deviceId()) && !l.port().isLogical())
                    .min(Comparator.comparing(HostLocation::toString))
                    .ifPresent(at -> addresses(host).forEach(a -> owned.add(new Owned(
                            Ip4Prefix.valueOf(a, Ip4Prefix.MAX_MASK_LENGTH), at.deviceId(),
                            "host " + host.id() + " at " + at))));
        }
        owned.addAll(subnets(interfaces, routers));
        routers.stream().sorted(BY_ID).forEach(router -> owned.forEach(o -> remote(router, o, routers, network)));
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

    private void attached(Host host, DeviceId router) {
        Optional<HostLocation> at = host.locations().stream()
                .filter(l -> l.deviceId().equals(router) && !l.port().isLogical())
                .min(Comparator.comparingLong(l -> l.port().toLong()));
        if (at.isEmpty()) {
            return;
        }
        for (Ip4Address address : addresses(host)) {
            Route route = new Route(router, Ip4Prefix.valueOf(address, Ip4Prefix.MAX_MASK_LENGTH), at.get().port(),
                                    host.mac(), "host " + host.id() + " at " + at.get());
            Route first = routes.computeIfAbsent(router, d -> new TreeMap<>(BY_PREFIX)).putIfAbsent(route.prefix, route);
            if (first != null) {
                conflicts.add(route.prefix + " on " + router + " is claimed by " + first.origin + ", "
                                      + route.origin);
            }
        }
    }

    /** The IPv4 subnets of interfaces on the IPv4 routers' ports; one router per subnet (the lowest id). */
    private List<Owned> subnets(Collection<Interface> interfaces, Set<DeviceId> routers) {
        Map<Ip4Prefix, Owned> subnets = new TreeMap<>(BY_PREFIX);
        interfaces.stream()
                .filter(i -> routers.contains(i.connectPoint().deviceId()))
                .sorted(Comparator.comparing(i -> i.connectPoint().toString() + " " + i.name()))
                .forEach(i -> {
                    for (InterfaceIpAddress address : i.ipAddressesList()) {
                        IpPrefix subnet = address.subnetAddress();
                        if (subnet == null || !subnet.isIp4() || subnet.prefixLength() == 0
                                || !routable(subnet.address().getIp4Address())) {
                            continue;
                        }
                        Owned claim = new Owned(subnet.getIp4Prefix(), i.connectPoint().deviceId(),
                                                "interface " + i.name() + " on " + i.connectPoint());
                        Owned first = subnets.putIfAbsent(claim.prefix, claim);
                        if (first != null && !first.router.equals(claim.router)) {
                            conflicts.add(claim.prefix + " is claimed by " + first.origin + ", " + claim.origin);
                            if (BY_ID.compare(claim.router, first.router) < 0) {
                                subnets.put(claim.prefix, claim);
                            }
                        }
                    }
                });
        return new ArrayList<>(subnets.values());
    }

    /** A router's route to what another router delivers: through the neighbour on its shortest path, if that one routes IPv4. */
    private void remote(DeviceId router, Owned owned, Set<DeviceId> routers, RoutingNetwork network) {
        if (owned.router.equals(router)) {
            return;
        }
        Optional<Link> first = network.pathsTo(owned.router).firstLink(router);
        if (first.isEmpty() || !routers.contains(first.get().dst().deviceId())) {
            return;
        }
        Optional<RoutingNetwork.Router> next = network.router(first.get().dst().deviceId());
        if (next.isEmpty()) {
            return;
        }
        Route route = new Route(router, owned.prefix, first.get().src().port(), next.get().mac,
                                owned.origin + ", through " + next.get().id);
        routes.computeIfAbsent(router, d -> new TreeMap<>(BY_PREFIX)).putIfAbsent(route.prefix, route);
    }

    private static List<Ip4Address> addresses(Host host) {
        List<Ip4Address> addresses = new ArrayList<>();
        for (IpAddress ip : host.ipAddresses()) {
            if (ip.isIp4() && routable(ip.getIp4Address())) {
                addresses.add(ip.getIp4Address());
            }
        }
        addresses.sort(Comparator.naturalOrder());
        return addresses;
    }

    private static boolean routable(Ip4Address address) {
        return !address.isZero() && !address.isMulticast() && !address.equals(BROADCAST)
                && !LOOPBACK.contains(address) && !LINK_LOCAL.contains(address);
    }

    /**
     * Returns a router's IPv4 routes, by prefix.
     *
     * @param router a router
     * @return its routes; empty for a router that is not IPv4-capable or has none
     */
    List<Route> at(DeviceId router) {
        return ImmutableList.copyOf(routes.getOrDefault(router, Map.of()).values());
    }

    /**
     * Returns the conflicts found: addresses that two hosts on one router claim, subnets two
     * routers claim.
     *
     * @return one sentence per clash
     */
    List<String> conflicts() {
        return ImmutableList.copyOf(conflicts);
    }
}
