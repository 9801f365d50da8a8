// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
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
import org.sixflow.app.features.routing.api.Ipv6Route.Kind;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.pipeconf.P4Defines;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.StreamSupport;

/**
 * Works out every router's routes from what the network offers: each router's locator, the
 * subnets of interfaces configured on its ports, and the hosts attached to it.
 *
 * <p>One entry per (device, prefix). Where several sources name the same prefix:
 * <ol>
 * <li>a host attached to the device itself wins (its /128 points at the host);</li>
 * <li>else a prefix the device owns (its locator or one of its interface subnets) gets no entry:
 *     a device never sends its own prefix elsewhere, and what arrives for it is delivered by
 *     its host entries or its local SIDs (on the lab's beijing, locator and host subnet are the
 *     same fd00:1:1::/64: beijing holds h_bj's /128 and no route pointing at itself);</li>
 * <li>else the claims of other devices, by kind (HOST, SUBNET, DELEGATED, LOCATOR, AGGREGATE),
 *     then by fewest hops, then by device id; a prefix claimed by two devices is reported as a
 *     conflict. Two claims of one device (a locator equal to a subnet) are one route, of kind
 *     SUBNET.</li>
 * </ol>
 * A router's aggregates are its own prefixes as its locator is. A delegated prefix is claimed for
 * its customer router but routed only on the delegating router and the routers on its shortest
 * paths to the customer: elsewhere the delegating router's aggregate leads there, so a
 * multihomed site's provider prefixes add no route to the rest of the network.
 * A host's /128 is installed only at its edge when a prefix that edge owns covers the address
 * (elsewhere the covering prefix leads there); a host outside them (no subnet configured, or
 * moved away from its subnet's edge) gets its /128 on every device, towards its edge. SIDs are
 * locator + function, so the locator /64 routes every SID of a device. Link-local, multicast
 * and unspecified addresses are never routed.
 */
final class RouteComputer {

    private static final Ip6Prefix LINK_LOCAL = Ip6Prefix.valueOf("fe80::/10");
    /** Most next hops a route spreads over: the largest group the ecmp action selector takes. */
    static final int MAX_NEXT_HOPS = P4Defines.ECMP_MAX_GROUP_SIZE;

    /** A source's claim that a prefix is reached at a device. */
    private static final class Claim {
        final Ip6Prefix prefix;
        final Kind kind;
        final DeviceId target;
        final String origin;
        /** Hosts only: where the host is attached and its MAC. */
        final PortNumber hostPort;
        final MacAddress hostMac;
        /** Hosts only: whether the /128 is routed on other devices too. */
        final boolean everywhere;
        /** Delegations only: the routers that route it (elsewhere it is left out); null: any. */
        final Set<DeviceId> onlyAt;

        Claim(Ip6Prefix prefix, Kind kind, DeviceId target, String origin, PortNumber hostPort, MacAddress hostMac,
              boolean everywhere) {
            this(prefix, kind, target, origin, hostPort, hostMac, everywhere, null);
        }

        Claim(Ip6Prefix prefix, Kind kind, DeviceId target, String origin, PortNumber hostPort, MacAddress hostMac,
              boolean everywhere, Set<DeviceId> onlyAt) {
            this.prefix = prefix;
            this.kind = kind;
            this.target = target;
            this.origin = origin;
            this.hostPort = hostPort;
            this.hostMac = hostMac;
            this.everywhere = everywhere;
            this.onlyAt = onlyAt;
        }

        boolean routedAt(DeviceId router) {
            return onlyAt == null || onlyAt.contains(router);
        }
    }

    private final RoutingNetwork network;
    private final Map<Ip6Prefix, List<Claim>> claims = new TreeMap<>(RouteComputer::compare);
    private final Map<DeviceId, List<Ip6Prefix>> owned = new HashMap<>();
    private final List<String> conflicts = new ArrayList<>();

    /**
     * Gathers the claims.
     *
     * @param network    routers and links
     * @param interfaces ONOS interfaces (those on routers' ports count)
     * @param hosts      ONOS hosts (those attached to routers count)
     */
    RouteComputer(RoutingNetwork network, Collection<Interface> interfaces, Iterable<Host> hosts) {
        this.network = network;
        for (RoutingNetwork.Router router : network.routers()) {
            own(new Claim(router.locator, Kind.LOCATOR, router.id, "locator of " + router.id, null, null, false));
            for (Ip6Prefix aggregate : router.aggregates) {
                own(new Claim(aggregate, Kind.AGGREGATE, router.id, "aggregate of " + router.id, null, null,
                              false));
            }
        }
        for (RoutingNetwork.Router router : network.routers()) {
            router.delegations.forEach((prefix, customer) -> claims.computeIfAbsent(prefix, p -> new ArrayList<>())
                    .add(new Claim(prefix, Kind.DELEGATED, customer, router.id + "'s delegation to " + customer,
                                   null, null, false, between(router.id, customer))));
        }
        interfaces.stream()
                .filter(i -> network.router(i.connectPoint().deviceId()).isPresent())
                .sorted(Comparator.comparing(i -> i.connectPoint().toString() + " " + i.name()))
                .forEach(i -> {
                    for (InterfaceIpAddress address : i.ipAddressesList()) {
                        IpPrefix subnet = address.subnetAddress();
                        if (subnet != null && subnet.isIp6() && routable(subnet.getIp6Prefix())) {
                            own(new Claim(subnet.getIp6Prefix(), Kind.SUBNET, i.connectPoint().deviceId(),
                                          "interface " + i.name() + " on " + i.connectPoint(), null, null, false));
                        }
                    }
                });
        StreamSupport.stream(hosts.spliterator(), false)
                .sorted(Comparator.comparing(h -> h.id().toString()))
                .forEach(this::addHost);
        findConflicts();
    }

    /**
     * The routers on the shortest paths from one router to another, the first one included and
     * the last one not: where a delegation is routed. Empty when the customer is unreachable.
     */
    private Set<DeviceId> between(DeviceId from, DeviceId to) {
        Set<DeviceId> on = new HashSet<>();
        Deque<DeviceId> next = new ArrayDeque<>(List.of(from));
        while (!next.isEmpty()) {
            DeviceId at = next.poll();
            List<Link> first = network.pathsTo(to).firstLinks(at);
            if (!first.isEmpty() && on.add(at)) {
                first.forEach(l -> next.add(l.dst().deviceId()));
            }
        }
        return Set.copyOf(on);
    }

    private void own(Claim claim) {
        claims.computeIfAbsent(claim.prefix, p -> new ArrayList<>()).add(claim);
        owned.computeIfAbsent(claim.target, d -> new ArrayList<>()).add(claim.prefix);
    }

    private void addHost(Host host) {
        // A host seen at several places is routed to one of them, the same one on every instance.
        Optional<HostLocation> at = host.locations().stream()
                .filter(l -> network.router(l.deviceId()).isPresent())
                .min(Comparator.comparing(HostLocation::toString));
        if (at.isEmpty()) {
            return;
        }
        DeviceId edge = at.get().deviceId();
        for (IpAddress ip : host.ipAddresses()) {
            if (!ip.isIp6() || ip.isMulticast() || ip.isZero() || LINK_LOCAL.contains(ip)) {
                continue;
            }
            Ip6Address address = ip.getIp6Address();
            boolean covered = owned.getOrDefault(edge, List.of()).stream().anyMatch(p -> p.contains(address));
            Ip6Prefix prefix = Ip6Prefix.valueOf(address, Ip6Prefix.MAX_MASK_LENGTH);
            claims.computeIfAbsent(prefix, p -> new ArrayList<>()).add(new Claim(
                    prefix, Kind.HOST, edge, "host " + host.id() + " at " + at.get(), at.get().port(), host.mac(),
                    !covered));
        }
    }

    private void findConflicts() {
        claims.forEach((prefix, list) -> {
            List<String> origins = new ArrayList<>();
            List<DeviceId> targets = new ArrayList<>();
            for (Claim claim : list) {
                if (claim.kind == Kind.HOST || !targets.contains(claim.target)) {
                    targets.add(claim.target);
                    origins.add(claim.origin);
                }
            }
            if (origins.size() > 1) {
                conflicts.add(prefix + " is claimed by " + String.join(", ", origins));
            }
        });
    }

    /**
     * Returns the conflicts found: prefixes that more than one device or host claims.
     *
     * @return one sentence per prefix
     */
    List<String> conflicts() {
        return ImmutableList.copyOf(conflicts);
    }

    /**
     * Returns every router's routes (state REQUESTED), ordered by prefix.
     *
     * @return device to routes; every router is present, possibly with none
     */
    Map<DeviceId, List<Ipv6Route>> routes() {
        Map<DeviceId, List<Ipv6Route>> result = new TreeMap<>(Comparator.comparing(DeviceId::toString));
        for (RoutingNetwork.Router router : network.routers()) {
            List<Ipv6Route> routes = new ArrayList<>();
            claims.forEach((prefix, list) -> route(router, prefix, list).ifPresent(routes::add));
            result.put(router.id, ImmutableList.copyOf(routes));
        }
        return result;
    }

    private Optional<Ipv6Route> route(RoutingNetwork.Router router, Ip6Prefix prefix, List<Claim> list) {
        Optional<Claim> attached = list.stream()
                .filter(c -> c.kind == Kind.HOST && c.target.equals(router.id)).findFirst();
        if (attached.isPresent()) {
            return Optional.of(Ipv6Route.of(router.id, prefix, Kind.HOST, attached.get().hostPort, router.mac,
                                            attached.get().hostMac));
        }
        if (list.stream().anyMatch(c -> c.kind != Kind.HOST && c.target.equals(router.id))) {
            return Optional.empty();
        }
        return list.stream()
                .filter(c -> c.kind != Kind.HOST || c.everywhere)
                .filter(c -> c.routedAt(router.id))
                .filter(c -> network.pathsTo(c.target).firstLink(router.id).isPresent())
                .min(Comparator.comparing((Claim c) -> c.kind)
                             .thenComparing(c -> network.pathsTo(c.target).hops(router.id).orElseThrow())
                             .thenComparing(c -> c.target.toString()))
                .map(c -> Ipv6Route.of(router.id, prefix, c.kind, router.mac, nextHops(router, c.target)));
    }

    /**
     * A router's next hops towards a target: the neighbour at the end of each first link of a
     * shortest path (equal cost), at most {@link #MAX_NEXT_HOPS}, in the network's order (the first
     * is the route's next hop without ECMP). Parallel links to one neighbour are several next hops.
     */
    private List<Ipv6Route.NextHop> nextHops(RoutingNetwork.Router router, DeviceId target) {
        List<Ipv6Route.NextHop> hops = new ArrayList<>();
        for (Link link : network.pathsTo(target).firstLinks(router.id)) {
            Ipv6Route.NextHop hop = Ipv6Route.NextHop.of(
                    link.src().port(), network.router(link.dst().deviceId()).orElseThrow().mac);
            if (!hops.contains(hop) && hops.size() < MAX_NEXT_HOPS) {
                hops.add(hop);
            }
        }
        return hops;
    }

    private static boolean routable(Ip6Prefix prefix) {
        return prefix.prefixLength() > 0 && !prefix.address().isMulticast()
                && !LINK_LOCAL.contains(prefix.address());
    }

    /** Prefixes by address, then by length (a /64 before the /128s inside it). */
    private static int compare(Ip6Prefix a, Ip6Prefix b) {
        int byAddress = a.address().compareTo(b.address());
        return byAddress != 0 ? byAddress : Integer.compare(a.prefixLength(), b.prefixLength());
    }
}
