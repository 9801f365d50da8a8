// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The routers of a moment and the active links between them, with hop-count shortest paths
 * towards any router. A router's equal-cost first links towards a target (every link to a
 * neighbour one hop closer) are ordered by egress port, then neighbour id, so every cluster
 * instance lists them alike: the first is the route's next hop where there is no ECMP (a profile
 * without it, a group not yet on the device), all of them are its ECMP group's members.
 */
final class RoutingNetwork {

    /** A device that routes: available, running a Sixflow pipeconf, with a valid sixflow netcfg. */
    static final class Router {
        final DeviceId id;
        final MacAddress mac;
        final Ip6Prefix locator;
        /** Prefixes it originates beside its locator. */
        final List<Ip6Prefix> aggregates;
        /** Prefixes it delegates, to the customer router of each. */
        final Map<Ip6Prefix, DeviceId> delegations;

        Router(DeviceId id, MacAddress mac, Ip6Prefix locator) {
            this(id, mac, locator, List.of(), Map.of());
        }

        Router(DeviceId id, MacAddress mac, Ip6Prefix locator, List<Ip6Prefix> aggregates,
               Map<Ip6Prefix, DeviceId> delegations) {
            this.id = checkNotNull(id);
            this.mac = checkNotNull(mac);
            this.locator = checkNotNull(locator);
            this.aggregates = List.copyOf(aggregates);
            this.delegations = Map.copyOf(delegations);
        }
    }

    /** How every router reaches one target: hops and the first links of its shortest paths. */
    static final class PathsTo {
        private final Map<DeviceId, Integer> hops = new HashMap<>();
        private final Map<DeviceId, List<Link>> firstLinks = new HashMap<>();

        Optional<Integer> hops(DeviceId from) {
            return Optional.ofNullable(hops.get(from));
        }

        /** The link a router sends on towards the target; empty at the target and where unreachable. */
        Optional<Link> firstLink(DeviceId from) {
            return firstLinks(from).stream().findFirst();
        }

        /**
         * Every link that starts a shortest path from a router to the target (equal cost: each
         * leads to a neighbour one hop closer), by egress port then neighbour id.
         *
         * @param from a router
         * @return the links; empty at the target and where unreachable
         */
        List<Link> firstLinks(DeviceId from) {
            return firstLinks.getOrDefault(from, List.of());
        }
    }

    private static final Comparator<Link> BY_PORT_THEN_NEIGHBOUR = Comparator
            .comparingLong((Link l) -> l.src().port().toLong())
            .thenComparing(l -> l.dst().deviceId().toString());

    private final Map<DeviceId, Router> routers = new TreeMap<>(Comparator.comparing(DeviceId::toString));
    private final Map<DeviceId, List<Link>> outLinks = new HashMap<>();
    private final Map<DeviceId, List<Link>> inLinks = new HashMap<>();
    private final Map<DeviceId, PathsTo> paths = new HashMap<>();

    /**
     * Takes a snapshot.
     *
     * @param routers the routers
     * @param links   active links; those with an end outside the routers are left out
     */
    RoutingNetwork(Collection<Router> routers, Iterable<Link> links) {
        routers.forEach(r -> this.routers.put(r.id, r));
        for (Link link : links) {
            DeviceId src = link.src().deviceId();
            DeviceId dst = link.dst().deviceId();
            if (this.routers.containsKey(src) && this.routers.containsKey(dst) && !src.equals(dst)) {
                outLinks.computeIfAbsent(src, d -> new ArrayList<>()).add(link);
                inLinks.computeIfAbsent(dst, d -> new ArrayList<>()).add(link);
            }
        }
        outLinks.values().forEach(l -> l.sort(BY_PORT_THEN_NEIGHBOUR));
    }

    /** The routers, by device id. */
    Collection<Router> routers() {
        return ImmutableList.copyOf(routers.values());
    }

    Optional<Router> router(DeviceId id) {
        return Optional.ofNullable(routers.get(id));
    }

    /**
     * Tells whether a port is an end of an active link between routers.
     *
     * @param point a router's port
     * @return true if a link leaves or arrives there
     */
    boolean isLinkPort(ConnectPoint point) {
        return outLinks.getOrDefault(point.deviceId(), List.of()).stream().anyMatch(l -> l.src().equals(point))
                || inLinks.getOrDefault(point.deviceId(), List.of()).stream().anyMatch(l -> l.dst().equals(point));
    }

    /**
     * Returns how every router reaches a target (a breadth-first search back from it), computed
     * once per snapshot.
     *
     * @param target a router
     * @return hops and first links
     */
    PathsTo pathsTo(DeviceId target) {
        return paths.computeIfAbsent(target, this::search);
    }

    private PathsTo search(DeviceId target) {
        PathsTo result = new PathsTo();
        if (!routers.containsKey(target)) {
            return result;
        }
        result.hops.put(target, 0);
        Deque<DeviceId> queue = new ArrayDeque<>(List.of(target));
        while (!queue.isEmpty()) {
            DeviceId at = queue.poll();
            for (Link in : inLinks.getOrDefault(at, List.of())) {
                DeviceId from = in.src().deviceId();
                if (!result.hops.containsKey(from)) {
                    result.hops.put(from, result.hops.get(at) + 1);
                    queue.add(from);
                }
            }
        }
        // With every distance known, each router's first links are its links one hop closer.
        for (Map.Entry<DeviceId, Integer> entry : result.hops.entrySet()) {
            int hops = entry.getValue();
            if (hops == 0) {
                continue;
            }
            List<Link> closer = outLinks.getOrDefault(entry.getKey(), List.of()).stream()
                    .filter(l -> result.hops.getOrDefault(l.dst().deviceId(), Integer.MAX_VALUE) == hops - 1)
                    .collect(Collectors.toList());
            if (!closer.isEmpty()) {
                result.firstLinks.put(entry.getKey(), List.copyOf(closer));
            }
        }
        return result;
    }
}
