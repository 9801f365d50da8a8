// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.onlab.packet.Ip6Address;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultTrafficTreatment;
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
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ReportSamplingService;
import org.sixflow.app.features.ilnp.api.IlnpSession;
import org.sixflow.app.features.ilnp.api.IlnpSessionService;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpSiteEvent;
import org.sixflow.app.features.ilnp.api.IlnpSiteListener;
import org.sixflow.app.features.ilnp.api.IlnpSiteService;
import org.sixflow.app.features.ilnp.api.IlnpUplink;
import org.sixflow.app.features.ilnp.api.LocatorUpdate;
import org.sixflow.app.telemetry.report.TelemetryReportParser;
import org.sixflow.pipeconf.P4Defines;
import org.sixflow.pipeconf.PuntReason;
import org.slf4j.Logger;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The border router's side of ILNP mobility for its site (RFC 6748's site-controlled deployment,
 * where hosts know only the internal locator): learns each site host's sessions from the
 * router's telemetry reports of the host's outgoing ILNPv6 packets (addresses and Nonce: a P4
 * table of sessions would cost the pipeline what a report already carries), and when the uplinks
 * a site serves change — one goes down or comes back, or the operator's weights change — sends
 * every session seen in the last {@link #IDLE_MILLIS} a Locator Update advertisement (RFC 6743)
 * from the host, under the host's Nonce, listing the site's live provider locators, so the
 * correspondent answers by a live one instead of the one it learned. {@link #COPIES} copies,
 * {@link #COPY_GAP_MILLIS} apart, stand in for retransmission: the correspondent's
 * acknowledgement goes to the host, which ignores one it did not ask for. Only the instance that
 * masters the router sends (it is the one its reports reach). Each router with a site is asked to
 * report at least one IPv6 packet in 2^{@link #SESSION_SAMPLING_SHIFT}, whatever else the
 * collector's reportSampling says. docs/features/ilnp.md#sbr-locator-updates.
 */
@Component(immediate = true, service = IlnpSessionService.class)
public class IlnpSessionAnnouncer implements IlnpSessionService {

    /** A session not reported for this long is not told (the host has stopped talking). */
    static final long IDLE_MILLIS = 120_000;
    static final int COPIES = 3;
    static final long COPY_GAP_MILLIS = 500;
    /**
     * Each border router reports at least one IPv6 packet in 2^6 (ILNP's packets are of that
     * class): a flow is learned within about 64 packets, and a router sends its controller at
     * most 1/64 of its IPv6 traffic. The reportSampling property may ask for more.
     */
    static final int SESSION_SAMPLING_SHIFT = 6;
    static final String SAMPLING_OWNER = "ilnp-sessions";

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PacketService packetService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected IlnpSiteService siteService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ReportSamplingService samplingService;

    private final IlnpSessions sessions = new IlnpSessions();
    private final PacketProcessor learner = new Learner();
    private final IlnpSiteListener siteListener = this::siteEvent;
    /** The sites of each border router, kept from the site events (reports arrive many a second). */
    private volatile Map<DeviceId, List<IlnpSite>> sitesByDevice = Map.of();
    /** The border routers asked to report IPv6 often enough to learn sessions. */
    private final Set<DeviceId> sampled = ConcurrentHashMap.newKeySet();
    /** What each site served when last installed: its serving weights and down uplinks. */
    private final Map<String, String> served = new ConcurrentHashMap<>();
    private ScheduledExecutorService copies;
    private LongSupplier clock = System::currentTimeMillis;

    @Activate
    protected void activate() {
        copies = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "sixflow-ilnp-lu"));
        // An observer: telemetry's collector (an advisor) blocks the reports it takes.
        packetService.addProcessor(learner, PacketProcessor.observer(2));
        siteService.addListener(siteListener);
        for (IlnpSite site : siteService.sites()) {
            served.put(site.name(), servedNow(site.name()));
        }
        sample();
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        siteService.removeListener(siteListener);
        packetService.removeProcessor(learner);
        sampled.forEach(device -> samplingService.release(SAMPLING_OWNER, device));
        sampled.clear();
        copies.shutdownNow();
        log.info("Stopped");
    }

    /** For tests: the clock sessions are stamped by. */
    void setClock(LongSupplier millis) {
        clock = millis;
    }

    @Override
    public List<IlnpSession> sessions(String site) {
        return sessions.view(site, clock.getAsLong() - IDLE_MILLIS);
    }

    @Override
    public long updatesSent(String site) {
        return sessions.sent(site);
    }

    /**
     * Learns from a packet-in if it is a telemetry report of an ILNPv6 packet at a site's border
     * router: a host's packet leaving the site makes or refreshes its session; a correspondent's
     * coming in by an uplink gives the session the correspondent's Nonce.
     *
     * @param in the packet
     * @return whether a session took it
     */
    boolean learn(InboundPacket in) {
        ByteBuffer unparsed = in.unparsed();
        if (unparsed == null || unparsed.remaining() < TelemetryReportParser.MEASURED_PACKET
                || Short.toUnsignedInt(unparsed.getShort(unparsed.position() + 12))
                != TelemetryReportParser.ETHERTYPE_REPORT) {
            return false;
        }
        List<IlnpSite> here = sitesByDevice.getOrDefault(in.receivedFrom().deviceId(), List.of());
        if (here.isEmpty()) {
            return false;
        }
        byte[] frame = new byte[unparsed.remaining()];
        unparsed.duplicate().get(frame);
        Optional<ReportedIlnpPacket> packet = ReportedIlnpPacket.read(frame);
        if (packet.isEmpty()) {
            return false;
        }
        byte[] src = packet.get().source();
        byte[] dst = packet.get().destination();
        long srcLocator = ReportedIlnpPacket.half(src, true);
        long dstLocator = ReportedIlnpPacket.half(dst, true);
        long ingress = packet.get().ingressPort();
        for (IlnpSite site : here) {
            boolean byUplink = site.uplinks().stream().anyMatch(u -> u.port().toLong() == ingress);
            boolean fromSite = siteLocator(site, srcLocator);
            boolean toSite = siteLocator(site, dstLocator);
            // Leaving the site: from the internal locator (or an uplink's, where the report shows
            // the packet rewritten) to a locator that is none of the site's, and not come in by an
            // uplink (a source forged outside would have the router speak to whom it names).
            if (fromSite && !toSite && !byUplink) {
                sessions.learn(site.name(), internal(site, src), Ip6Address.valueOf(dst), packet.get().nonce(),
                               clock.getAsLong());
                return true;
            }
            // Coming in by an uplink from a correspondent: its Nonce, which its updates must carry.
            if (byUplink && toSite && !fromSite) {
                return sessions.learnInbound(site.name(), internal(site, dst), Ip6Address.valueOf(src),
                                             packet.get().nonce());
            }
        }
        return false;
    }

    /**
     * Takes a correspondent's Locator Update the data plane punted (the processor sends it on to
     * the host): when it came in by an uplink for a site host under the correspondent's Nonce,
     * the session's correspondent locators follow it.
     *
     * @param in the punted packet
     * @return whether a session took it
     */
    boolean heard(InboundPacket in) {
        if (PuntReason.of(in) != P4Defines.PUNT_ILNP_LOCATOR_UPDATE) {
            return false;
        }
        List<IlnpSite> here = sitesByDevice.getOrDefault(in.receivedFrom().deviceId(), List.of());
        if (here.isEmpty()) {
            return false;
        }
        ByteBuffer raw = in.unparsed().duplicate();
        byte[] bytes = new byte[raw.remaining()];
        raw.get(bytes);
        LocatorUpdateFrame update;
        try {
            update = LocatorUpdateParser.parse(bytes);
        } catch (MalformedLocatorUpdateException e) {
            return false;   // the processor counts it
        }
        Optional<ReportedIlnpPacket> packet = ReportedIlnpPacket.readFrame(bytes, (int) in.receivedFrom().port()
                .toLong());
        if (packet.isEmpty() || update.message().operation() != LocatorUpdate.ADVERTISEMENT) {
            return false;
        }
        long dstLocator = update.half(LocatorUpdateFrame.DESTINATION, true);
        for (IlnpSite site : here) {
            boolean byUplink = site.uplinks().stream().anyMatch(u -> u.port().equals(in.receivedFrom().port()));
            boolean toHost = site.uplinks().stream()
                    .anyMatch(u -> IlnpEntryCompiler.locatorBits(u.locator()) == dstLocator);
            if (byUplink && toHost) {
                return sessions.moved(site.name(), update.half(LocatorUpdateFrame.DESTINATION, false),
                                      update.half(LocatorUpdateFrame.SOURCE, false), packet.get().nonce(),
                                      update.message().entries());
            }
        }
        return false;
    }

    /** An address of the site's with its locator made the internal one. */
    private static Ip6Address internal(IlnpSite site, byte[] address) {
        byte[] host = address.clone();
        System.arraycopy(IlnpEntryCompiler.locator(site.internalLocator()), 0, host, 0, 8);
        return Ip6Address.valueOf(host);
    }

    private static boolean siteLocator(IlnpSite site, long locator) {
        return IlnpEntryCompiler.locatorBits(site.internalLocator()) == locator
                || site.uplinks().stream().anyMatch(u -> IlnpEntryCompiler.locatorBits(u.locator()) == locator);
    }

    /** A site's serving weights and down uplinks, as text that tells a change. */
    private String servedNow(String name) {
        Map<Long, Integer> weights = new TreeMap<>();
        siteService.serving(name).ifPresent(s -> s.uplinks().forEach(u -> weights.put(u.port().toLong(), u.weight())));
        Set<Long> down = new TreeSet<>();
        siteService.downUplinks(name).forEach(p -> down.add(p.toLong()));
        return weights + " down " + down;
    }

    /**
     * Takes the sites anew: each device with a site reports IPv6 often enough, one that has none
     * any more as it did.
     */
    private synchronized void sample() {
        sitesByDevice = siteService.sites().stream().collect(Collectors.groupingBy(IlnpSite::device));
        Set<DeviceId> routers = sitesByDevice.keySet();
        for (DeviceId device : routers) {
            if (sampled.add(device)) {
                samplingService.require(SAMPLING_OWNER, device, LatencyClass.IPV6, SESSION_SAMPLING_SHIFT);
            }
        }
        for (DeviceId device : Set.copyOf(sampled)) {
            if (!routers.contains(device)) {
                sampled.remove(device);
                samplingService.release(SAMPLING_OWNER, device);
            }
        }
    }

    private void siteEvent(IlnpSiteEvent event) {
        String name = event.subject().name();
        try {
            sample();
            if (event.type() == IlnpSiteEvent.Type.SITE_REMOVED) {
                served.remove(name);
                sessions.forget(name);
                return;
            }
            if (event.type() != IlnpSiteEvent.Type.SITE_INSTALLED) {
                return;
            }
            String now = servedNow(name);
            String before = served.put(name, now);
            if (before != null && !before.equals(now) && mastershipService.isLocalMaster(event.subject().device())) {
                int told = announce(name);
                log.info("ILNP site {} now serves {} (was {}): Locator Updates sent for {} sessions", name, now,
                         before, told);
            }
        } catch (RuntimeException e) {
            log.warn("ILNP site {}: Locator Updates not sent: {}", name, e.toString());
        }
    }

    /**
     * Sends each session of a site seen lately a Locator Update of the site's live locators.
     *
     * @param name site name
     * @return how many sessions were told
     */
    int announce(String name) {
        Optional<IlnpSite> serving = siteService.serving(name);
        if (serving.isEmpty()) {
            return 0;
        }
        Set<PortNumber> down = siteService.downUplinks(name);
        long now = clock.getAsLong();
        int told = 0;
        for (IlnpSessions.Session s : sessions.seenSince(name, now - IDLE_MILLIS)) {
            byte[] correspondent = s.correspondent.toOctets();
            Optional<SiteAdvertisement> ad = SiteAdvertisement.of(serving.get(), down, s.hostIdentifier,
                                                                  ReportedIlnpPacket.half(correspondent, false));
            if (ad.isEmpty()) {
                return told;   // no uplink is up: nothing to advertise, for any session
            }
            IlnpUplink uplink = ad.get().uplink();
            byte[] source = s.host.toOctets();
            System.arraycopy(IlnpEntryCompiler.locator(uplink.locator()), 0, source, 0, 8);
            byte[] frame = LocatorUpdateWriter.advertisement(uplink.routerMac(), uplink.nextHopMac(), source,
                                                             correspondent, s.nonce, ad.get().entries());
            ConnectPoint out = new ConnectPoint(serving.get().device(), uplink.port());
            for (int copy = 0; copy < COPIES; copy++) {
                copies.schedule(() -> emit(frame, out), copy * COPY_GAP_MILLIS, TimeUnit.MILLISECONDS);
            }
            sessions.sent(name, s, ad.get().entries(), now);
            told++;
        }
        return told;
    }

    private void emit(byte[] frame, ConnectPoint out) {
        try {
            packetService.emit(new DefaultOutboundPacket(
                    out.deviceId(), DefaultTrafficTreatment.builder().setOutput(out.port()).build(),
                    ByteBuffer.wrap(frame.clone())));
        } catch (RuntimeException e) {
            log.warn("Locator Update out of {} not sent: {}", out, e.toString());
        }
    }

    private class Learner implements PacketProcessor {
        @Override
        public void process(PacketContext context) {
            try {
                if (!heard(context.inPacket())) {
                    learn(context.inPacket());
                }
            } catch (RuntimeException e) {
                // A report this cannot read must not break ONOS's processor chain.
                log.debug("ILNP session not learned from {}: {}", context.inPacket().receivedFrom(), e.toString());
            }
        }
    }
}
