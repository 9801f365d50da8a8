// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Host;
import org.onosproject.net.HostLocation;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.host.HostService;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.features.ilnp.api.IlnpLocatorUpdateService;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpSiteService;
import org.sixflow.app.features.ilnp.api.IlnpUplink;
import org.sixflow.app.features.ilnp.api.LocatorUpdateOutcome;
import org.sixflow.app.features.ilnp.api.ReceivedLocatorUpdate;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.app.features.routing.api.RoutingService;
import org.sixflow.app.impl.OutcomeCounts;
import org.sixflow.pipeconf.P4Defines;
import org.sixflow.pipeconf.PuntReason;
import org.slf4j.Logger;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Takes the Locator Updates (RFC 6743) ilnp.p4 punts (PUNT_ILNP_LOCATOR_UPDATE) instead of
 * routing them, and sends each on by packet-out as the data plane would have, so that the
 * hosts still get them:
 * <ul>
 *   <li>to one of a site's provider locators (a correspondent's update for a site host): the
 *       destination locator becomes the internal one and the frame goes to the host, out of the
 *       port ONOS saw it at, from the router's MAC;</li>
 *   <li>from a site's internal locator (a site host's update for a correspondent): the source
 *       locator becomes that of the uplink the flow's hash picks among the site's ranges (the
 *       data plane's {@link FlowHash} and {@link HashRanges}), and the frame leaves by it with its
 *       MACs. One that claims the internal locator but came in by one of the site's uplinks
 *       came from outside the site and is dropped.</li>
 * </ul>
 * The hop limit is decremented once, as routing would; the checksum stays (ILNP's covers the
 * identifiers only). A frame that is not a well-formed Locator Update is dropped and counted,
 * never thrown out of the processor. Each site counts its updates and keeps the last
 * {@link IlnpLocatorUpdateService#KEPT}. Why this and not more: docs/features/ilnp.md.
 */
@Component(immediate = true, service = IlnpLocatorUpdateService.class)
public class IlnpLocatorUpdateProcessor implements IlnpLocatorUpdateService {

    private static final int NH_ICMPV6 = 58;

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PacketService packetService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected IlnpSiteService siteService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HostService hostService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected RoutingService routingService;

    private final PacketProcessor processor = new Processor();
    private final OutcomeCounts<LocatorUpdateOutcome> outcomes = new OutcomeCounts<>(LocatorUpdateOutcome.class);
    private final Map<String, AtomicLong> received = new ConcurrentHashMap<>();
    private final Map<String, Deque<ReceivedLocatorUpdate>> last = new ConcurrentHashMap<>();
    private LongSupplier clock = System::currentTimeMillis;

    @Activate
    protected void activate() {
        // Before routing's responders (directors 1 and 2), which would take a punt with a reason.
        packetService.addProcessor(processor, PacketProcessor.director(0));
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        packetService.removeProcessor(processor);
        log.info("Stopped");
    }

    /** For tests: the clock records are stamped by. */
    void setClock(LongSupplier millis) {
        clock = millis;
    }

    @Override
    public long received(String site) {
        AtomicLong n = received.get(site);
        return n == null ? 0 : n.get();
    }

    @Override
    public List<ReceivedLocatorUpdate> lastReceived(String site) {
        Deque<ReceivedLocatorUpdate> kept = last.get(site);
        if (kept == null) {
            return List.of();
        }
        synchronized (kept) {
            return List.copyOf(kept);
        }
    }

    @Override
    public Map<LocatorUpdateOutcome, Long> outcomes() {
        return outcomes.snapshot();
    }

    /**
     * Handles a packet-in if the data plane punted it as a Locator Update.
     *
     * @param in the packet
     * @return what became of it; empty if it was no Locator Update punt
     */
    Optional<LocatorUpdateOutcome> handle(InboundPacket in) {
        if (PuntReason.of(in) != P4Defines.PUNT_ILNP_LOCATOR_UPDATE) {
            return Optional.empty();
        }
        LocatorUpdateOutcome outcome;
        try {
            outcome = forward(in);
        } catch (MalformedLocatorUpdateException e) {
            log.debug("Malformed Locator Update at {}: {}", in.receivedFrom(), e.getMessage());
            outcome = LocatorUpdateOutcome.MALFORMED;
        } catch (RuntimeException e) {
            // Whatever else a frame does to the reading, it never leaves the processor.
            log.warn("Locator Update at {} not handled: {}", in.receivedFrom(), e.toString());
            outcome = LocatorUpdateOutcome.MALFORMED;
        }
        outcomes.count(outcome);
        return Optional.of(outcome);
    }

    private LocatorUpdateOutcome forward(InboundPacket in) throws MalformedLocatorUpdateException {
        ByteBuffer raw = in.unparsed().duplicate();
        byte[] bytes = new byte[raw.remaining()];
        raw.get(bytes);
        LocatorUpdateFrame update = LocatorUpdateParser.parse(bytes);
        ConnectPoint at = in.receivedFrom();
        long srcLocator = update.half(LocatorUpdateFrame.SOURCE, true);
        long dstLocator = update.half(LocatorUpdateFrame.DESTINATION, true);
        for (IlnpSite site : siteService.sites()) {
            if (!site.device().equals(at.deviceId())) {
                continue;
            }
            boolean fromInside = IlnpEntryCompiler.locatorBits(site.internalLocator()) == srcLocator;
            boolean byUplink = site.uplinks().stream().anyMatch(u -> u.port().equals(at.port()));
            if (fromInside && byUplink) {
                // Claims a site host's locator but came from a provider: forged, whatever it is for.
                return record(site, update, at, LocatorUpdateOutcome.FROM_OUTSIDE_THE_SITE);
            }
            Optional<IlnpUplink> inbound = site.uplinks().stream()
                    .filter(u -> IlnpEntryCompiler.locatorBits(u.locator()) == dstLocator).findFirst();
            if (inbound.isPresent()) {
                return record(site, update, at, intoSite(site, update, at));
            }
            if (fromInside) {
                return record(site, update, at, outOfSite(site, update, at));
            }
        }
        return LocatorUpdateOutcome.NOT_FOR_A_SITE;
    }

    private LocatorUpdateOutcome intoSite(IlnpSite site, LocatorUpdateFrame update, ConnectPoint at) {
        Optional<SixflowDeviceConfig> config = SixflowDeviceConfig.validOf(configService, at.deviceId());
        if (config.isEmpty()) {
            return LocatorUpdateOutcome.NOT_SIXFLOW_DEVICE;
        }
        if (update.hopLimit() <= 1) {
            return LocatorUpdateOutcome.HOP_LIMIT;
        }
        byte[] frame = update.frame();
        setLocator(frame, LocatorUpdateFrame.DESTINATION, IlnpEntryCompiler.locator(site.internalLocator()));
        Ip6Address host = Ip6Address.valueOf(java.util.Arrays.copyOfRange(frame, LocatorUpdateFrame.DESTINATION,
                                                                          LocatorUpdateFrame.DESTINATION + 16));
        Optional<Map.Entry<MacAddress, HostLocation>> where = hostService.getHostsByIp(host).stream()
                .flatMap((Host h) -> h.locations().stream().filter(l -> l.deviceId().equals(at.deviceId()))
                        .map(l -> Map.entry(h.mac(), l)))
                .findFirst();
        if (where.isPresent()) {
            emit(frame, config.get().myStationMac(), where.get().getKey(), where.get().getValue());
            return LocatorUpdateOutcome.FORWARDED_INTO_SITE;
        }
        // A host behind another router of the site (an SBR that is not the hosts' own router):
        // on along this device's route to it, as the data plane would have sent it.
        Optional<Ipv6Route> route = routingService.routes(at.deviceId()).stream()
                .filter(r -> r.state() == Ipv6Route.State.INSTALLED && r.prefix().contains(host))
                .max(Comparator.comparingInt(r -> r.prefix().prefixLength()));
        if (route.isEmpty()) {
            return LocatorUpdateOutcome.NO_HOST;
        }
        Ipv6Route r = route.get();
        emit(frame, r.sourceMac(), r.nextHopMac(), new ConnectPoint(at.deviceId(), r.port()));
        return LocatorUpdateOutcome.FORWARDED_INTO_SITE;
    }

    private LocatorUpdateOutcome outOfSite(IlnpSite stored, LocatorUpdateFrame update, ConnectPoint at) {
        if (update.hopLimit() <= 1) {
            return LocatorUpdateOutcome.HOP_LIMIT;
        }
        // By the uplink the data plane would pick now: the weights the live uplinks serve.
        IlnpSite site = siteService.serving(stored.name()).orElse(stored);
        int hash = FlowHash.of(update.half(LocatorUpdateFrame.SOURCE, false),
                               update.half(LocatorUpdateFrame.DESTINATION, false), NH_ICMPV6, 0, 0);
        Map<Integer, HashRanges.Range> ranges = HashRanges.of(site.uplinks().stream().map(IlnpUplink::weight)
                                                                      .collect(Collectors.toList()));
        int index = ranges.entrySet().stream().filter(e -> e.getValue().contains(hash)).findFirst()
                .orElseThrow().getKey();
        IlnpUplink uplink = site.uplinks().get(index);
        byte[] frame = update.frame();
        setLocator(frame, LocatorUpdateFrame.SOURCE, IlnpEntryCompiler.locator(uplink.locator()));
        emit(frame, uplink.routerMac(), uplink.nextHopMac(), new ConnectPoint(at.deviceId(), uplink.port()));
        return LocatorUpdateOutcome.FORWARDED_OUT;
    }

    private void emit(byte[] frame, MacAddress src, MacAddress dst, ConnectPoint out) {
        System.arraycopy(dst.toBytes(), 0, frame, 0, 6);
        System.arraycopy(src.toBytes(), 0, frame, 6, 6);
        frame[LocatorUpdateFrame.HOP_LIMIT]--;
        packetService.emit(new DefaultOutboundPacket(out.deviceId(),
                                                     DefaultTrafficTreatment.builder().setOutput(out.port()).build(),
                                                     ByteBuffer.wrap(frame)));
    }

    private static void setLocator(byte[] frame, int address, byte[] locator) {
        System.arraycopy(locator, 0, frame, address, 8);
    }

    private LocatorUpdateOutcome record(IlnpSite site, LocatorUpdateFrame update, ConnectPoint at,
                                        LocatorUpdateOutcome outcome) {
        received.computeIfAbsent(site.name(), n -> new AtomicLong()).incrementAndGet();
        Deque<ReceivedLocatorUpdate> kept = last.computeIfAbsent(site.name(), n -> new ArrayDeque<>());
        synchronized (kept) {
            kept.addFirst(new ReceivedLocatorUpdate(clock.getAsLong(), at, update.source(), update.destination(),
                                                    update.message(), outcome));
            while (kept.size() > KEPT) {
                kept.removeLast();
            }
        }
        log.debug("Locator Update for site {} at {}: {} ({})", site.name(), at, update.message(), outcome);
        return outcome;
    }

    private class Processor implements PacketProcessor {
        @Override
        public void process(PacketContext context) {
            if (context.isHandled()) {
                return;
            }
            if (handle(context.inPacket()).isPresent()) {
                // Sent on or dropped here: nobody else's to forward or answer.
                context.block();
            }
        }
    }
}
