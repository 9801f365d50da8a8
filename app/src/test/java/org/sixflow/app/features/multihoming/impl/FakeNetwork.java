// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.features.ilnp.api.IlnpUplink;
import org.sixflow.app.features.multihoming.api.MultihomingProtocol;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.SiteRoutes;
import org.sixflow.app.features.multihoming.api.StudyProtocol;
import org.sixflow.app.features.multihoming.api.SwitchLatency;
import org.sixflow.app.features.routing.api.Ipv6Route;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;

/**
 * The network as a study run sees it, recording what the run asked in a log it shares with the
 * fake commands: installs and removals, the ILNP site's weights (its uplinks count 1,000 packets
 * out between two reads, shared by the weights in force; routed protocols' all by the first uplink), a route count that grows by one a read.
 */
final class FakeNetwork implements StudyNetwork {

    static final DeviceId SBR = DeviceId.deviceId("device:sbr");
    static final DeviceId CN = DeviceId.deviceId("device:cn");

    private final List<String> log;
    /** Protocols whose install is refused. */
    final Set<MultihomingProtocol> refused = EnumSet.noneOf(MultihomingProtocol.class);
    /** Thrown by entries() while set (a device that cannot be read, say). */
    volatile RuntimeException entriesFail;
    /** Counted down when an install starts; the install then waits for {@link #release}. */
    volatile CountDownLatch installing;
    volatile CountDownLatch release;
    private List<Integer> weights = List.of();
    private final Map<ConnectPoint, long[]> counters = new LinkedHashMap<>();
    /** ONOS's route count as the fake reads it (see {@link #routes()}). */
    int routes = 40;

    FakeNetwork(List<String> log) {
        this.log = log;
    }

    @Override
    public void install(MultihomingStudy study, StudyProtocol protocol, Duration timeout) throws StudyFailure {
        log.add("install " + protocol.protocol());
        if (installing != null) {
            installing.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StudyFailure("interrupted");
            }
        }
        if (refused.contains(protocol.protocol())) {
            throw new StudyFailure("NPTv6 mapping " + study.id() + "-nptv6-0 was refused: table full");
        }
        protocol.site().ifPresent(s -> weights = s.uplinks().stream().map(IlnpUplink::weight)
                .collect(Collectors.toList()));
    }

    @Override
    public void uninstall(StudyProtocol protocol) {
        log.add("uninstall " + protocol.protocol());
    }

    @Override
    public synchronized void share(StudyProtocol ilnp, List<Integer> weights, Duration timeout) {
        log.add("share " + weights);
        this.weights = weights;
    }

    /** Reads after which routes() holds still (until then each read sees one more route). */
    int movingReads = Integer.MAX_VALUE;

    /** Route counts the next reads see, in order, before the rules above apply again. */
    final Deque<Integer> scriptedRoutes = new ArrayDeque<>();

    @Override
    public synchronized int routes() {
        Integer scripted = scriptedRoutes.poll();
        if (scripted != null) {
            return scripted;
        }
        if (movingReads <= 0) {
            return routes;
        }
        movingReads--;
        return routes++;
    }

    /** Entries the next reads see, in order, before the usual ones. */
    final Deque<Map<DeviceId, Integer>> scriptedEntries = new ArrayDeque<>();
    /** Unconfirmed route counts the next reads see, in order, before none. */
    final Deque<Integer> scriptedUnconfirmed = new ArrayDeque<>();

    @Override
    public synchronized Map<DeviceId, Integer> entries() {
        RuntimeException fail = entriesFail;
        if (fail != null) {
            throw fail;
        }
        Map<DeviceId, Integer> scripted = scriptedEntries.poll();
        return scripted != null ? scripted : Map.of(SBR, 12, CN, 7);
    }

    @Override
    public synchronized int unconfirmedRoutes() {
        Integer scripted = scriptedUnconfirmed.poll();
        return scripted != null ? scripted : 0;
    }

    @Override
    public synchronized Map<ConnectPoint, long[]> uplinkCounters(StudyProtocol protocol, Set<ConnectPoint> studyUplinks) {
        Map<ConnectPoint, long[]> now = new LinkedHashMap<>();
        if (protocol.protocol() != MultihomingProtocol.ILNP) {
            // Routed: every packet out by the first uplink (the routing's choice), a few in by each.
            boolean first = true;
            for (ConnectPoint cp : studyUplinks) {
                long[] c = counters.computeIfAbsent(cp, k -> new long[2]);
                c[0] += first ? 1000 : 0;
                c[1] += 5;
                first = false;
                now.put(cp, c.clone());
            }
            return now;
        }
        List<IlnpUplink> uplinks = protocol.site().orElseThrow().uplinks();
        for (int i = 0; i < uplinks.size(); i++) {
            ConnectPoint cp = new ConnectPoint(SBR, uplinks.get(i).port());
            long[] c = counters.computeIfAbsent(cp, k -> new long[2]);
            c[0] += 10L * weights.get(i);
            c[1] += 5;
            now.put(cp, c.clone());
        }
        return now;
    }

    @Override
    public List<SwitchLatency> switchLatency(Instant from, Instant to) {
        return List.of(new SwitchLatency(SBR, 900, 1850.5));
    }

    @Override
    public SiteRoutes siteRoutes(MultihomingProtocol protocol, String address, DeviceId siteDevice) {
        log.add("routes " + protocol + " " + address);
        return new SiteRoutes(protocol, address, siteDevice, List.of(
                new SiteRoutes.Route(CN, Ip6Prefix.valueOf("2001:db8::/32"), Ipv6Route.Kind.AGGREGATE),
                new SiteRoutes.Route(SBR, Ip6Prefix.valueOf("fd00:5:1::/48"), Ipv6Route.Kind.DELEGATED)));
    }
}
