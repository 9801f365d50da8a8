// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceService;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencyPoint;
import org.sixflow.app.api.LatencySource;
import org.sixflow.app.api.TelemetryService;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpSiteService;
import org.sixflow.app.features.ilnp.api.IlnpUplinkCounters;
import org.sixflow.app.features.multihoming.api.MultihomingProtocol;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.SiteRoutes;
import org.sixflow.app.features.multihoming.api.StudyProtocol;
import org.sixflow.app.features.multihoming.api.SwitchLatency;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6MappingService;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.app.features.routing.api.RoutingService;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The network as ONOS and Sixflow's features see it: installs go through the NPTv6 and ILNP
 * services (their owners write the entries), the routing state is ONOS's, the per-packet times
 * are the switches' telemetry in the history database.
 */
final class OnosStudyNetwork implements StudyNetwork {

    private static final long POLL_MS = 200;

    private final Nptv6MappingService nptv6;
    private final IlnpSiteService ilnp;
    private final RoutingService routing;
    private final DeviceService devices;
    private final TelemetryService telemetry;
    private final UplinkPortCounters portCounters;

    OnosStudyNetwork(Nptv6MappingService nptv6, IlnpSiteService ilnp, RoutingService routing, DeviceService devices,
                     TelemetryService telemetry, UplinkPortCounters portCounters) {
        this.nptv6 = nptv6;
        this.ilnp = ilnp;
        this.routing = routing;
        this.devices = devices;
        this.telemetry = telemetry;
        this.portCounters = portCounters;
    }

    @Override
    public void install(MultihomingStudy study, StudyProtocol protocol, Duration timeout) throws StudyFailure {
        switch (protocol.protocol()) {
            case IPV6:
                untranslated(study);
                return;
            case NPTV6:
                for (NamedNptv6Mapping mapping : protocol.mappings()) {
                    nptv6.remove(mapping.id()); // the study's own name: a crashed run's leftover
                    add(() -> nptv6.add(mapping), "NPTv6 mapping " + mapping.id());
                }
                for (NamedNptv6Mapping mapping : protocol.mappings()) {
                    await(() -> nptv6.status(mapping.id()), "NPTv6 mapping " + mapping.id(), timeout);
                }
                return;
            default:
                IlnpSite site = protocol.site().orElseThrow();
                ilnp.remove(site.name());
                add(() -> ilnp.add(site), "ILNP site " + site.name());
                await(() -> ilnp.status(site.name()), "ILNP site " + site.name(), timeout);
        }
    }

    /** Plain IPv6 is measured only while nothing of Sixflow translates the site's packets. */
    private void untranslated(MultihomingStudy study) throws StudyFailure {
        DeviceId border = StudyRunner.siteDevice(study);
        if (border == null) {
            return;
        }
        for (NamedNptv6Mapping m : nptv6.mappings()) {
            if (m.uplink().deviceId().equals(border)) {
                throw new StudyFailure("plain IPv6 needs the site untranslated, but NPTv6 mapping " + m.id()
                                               + " is on " + m.uplink() + ": remove it for the run");
            }
        }
        for (IlnpSite s : ilnp.sites()) {
            if (s.device().equals(border)) {
                throw new StudyFailure("plain IPv6 needs the site untranslated, but ILNP site " + s.name()
                                               + " is on " + border + ": remove it for the run");
            }
        }
    }

    private static void add(Runnable add, String what) throws StudyFailure {
        try {
            add.run();
        } catch (RuntimeException e) {
            throw new StudyFailure(what + " was refused: " + e.getMessage());
        }
    }

    private static void await(Supplier<Optional<InstallStatus>> status, String what, Duration timeout)
            throws StudyFailure {
        Instant deadline = Instant.now().plus(timeout);
        while (true) {
            Optional<InstallStatus> now = status.get();
            if (now.isEmpty()) {
                throw new StudyFailure(what + " disappeared before it was installed");
            }
            if (now.get().state() == InstallStatus.State.INSTALLED) {
                return;
            }
            if (now.get().state() == InstallStatus.State.FAILED) {
                throw new StudyFailure(what + " failed: " + now.get());
            }
            if (Instant.now().isAfter(deadline)) {
                throw new StudyFailure(what + " was not installed within " + timeout.toSeconds() + " s");
            }
            try {
                Thread.sleep(POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StudyFailure("interrupted while waiting for " + what);
            }
        }
    }

    @Override
    public void uninstall(StudyProtocol protocol) {
        protocol.mappings().forEach(m -> nptv6.remove(m.id()));
        protocol.site().ifPresent(s -> ilnp.remove(s.name()));
    }

    @Override
    public void share(StudyProtocol protocol, List<Integer> weights, Duration timeout) throws StudyFailure {
        IlnpSite site = protocol.site().orElseThrow();
        Map<PortNumber, Integer> byPort = new LinkedHashMap<>();
        for (int i = 0; i < site.uplinks().size(); i++) {
            byPort.put(site.uplinks().get(i).port(), weights.get(i));
        }
        add(() -> ilnp.setWeights(site.name(), byPort), "the weights " + weights + " of ILNP site " + site.name());
        await(() -> ilnp.status(site.name()), "ILNP site " + site.name() + " at " + weights, timeout);
    }

    @Override
    public int routes() {
        return routing.routes().size();
    }

    @Override
    public Map<DeviceId, Integer> entries() {
        // The routing entries each switch holds as ONOS confirmed them (all flow entries would count
        // telemetry and features' rules too, and flap while a saturated switch answers ONOS's reads late).
        Map<DeviceId, Integer> entries = new TreeMap<>(Comparator.comparing(DeviceId::toString));
        for (Device device : devices.getAvailableDevices()) {
            entries.put(device.id(), (int) routing.routes(device.id()).stream()
                    .filter(r -> r.state() == Ipv6Route.State.INSTALLED).count());
        }
        return entries;
    }

    @Override
    public int unconfirmedRoutes() {
        int unconfirmed = 0;
        for (Device device : devices.getAvailableDevices()) {
            unconfirmed += (int) routing.routes(device.id()).stream()
                    .filter(r -> r.state() == Ipv6Route.State.REQUESTED).count();
        }
        return unconfirmed;
    }

    @Override
    public Map<ConnectPoint, long[]> uplinkCounters(StudyProtocol protocol, Set<ConnectPoint> uplinks) {
        Map<ConnectPoint, long[]> ports = portCounters.read(uplinks);
        if (!ports.isEmpty() || protocol.protocol() != MultihomingProtocol.ILNP) {
            return ports;
        }
        IlnpSite site = protocol.site().orElseThrow();
        Map<ConnectPoint, long[]> counters = new LinkedHashMap<>();
        try {
            for (IlnpUplinkCounters c : ilnp.counters(site.name()).orElse(List.of())) {
                counters.put(new ConnectPoint(site.device(), c.port()), new long[]{c.outPackets(), c.inPackets()});
            }
        } catch (IllegalStateException e) {
            return Map.of(); // the device cannot be read now: the cell has no uplink counts
        }
        return counters;
    }

    @Override
    public List<SwitchLatency> switchLatency(Instant from, Instant to) {
        List<SwitchLatency> latencies = new ArrayList<>();
        if (!to.isAfter(from)) {
            return latencies;
        }
        for (Device device : devices.getAvailableDevices()) {
            try {
                long packets = 0;
                double sum = 0;
                for (LatencyPoint p : telemetry.latencySeries(device.id(), LatencyClass.IPV6, Optional.empty(),
                                                              from, to, Duration.ofSeconds(1),
                                                              LatencySource.SAMPLES)) {
                    packets += p.count();
                    sum += p.meanNanos() * p.count();
                }
                if (packets > 0) {
                    latencies.add(new SwitchLatency(device.id(), packets, sum / packets));
                }
            } catch (IllegalArgumentException | IllegalStateException e) {
                return List.of(); // no history database, or a window it refuses: no per-switch times
            }
        }
        latencies.sort(Comparator.comparing(l -> l.device().toString()));
        return latencies;
    }

    @Override
    public SiteRoutes siteRoutes(MultihomingProtocol protocol, String address, DeviceId siteDevice) {
        Ip6Address target = address.contains("/") ? Ip6Prefix.valueOf(address).address().getIp6Address()
                : Ip6Address.valueOf(address);
        Map<DeviceId, Ipv6Route> best = new TreeMap<>(Comparator.comparing(DeviceId::toString));
        for (Ipv6Route route : routing.routes()) {
            if (route.prefix().contains(target)) {
                best.merge(route.deviceId(), route, (a, b) -> a.prefix().prefixLength() >= b.prefix().prefixLength()
                        ? a : b);
            }
        }
        List<SiteRoutes.Route> routes = new ArrayList<>();
        best.values().forEach(r -> routes.add(new SiteRoutes.Route(r.deviceId(), r.prefix(), r.kind())));
        return new SiteRoutes(protocol, address, siteDevice, routes);
    }
}
