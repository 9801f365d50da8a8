// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.instructions.Instructions;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ReportSamplingServiceAdapter;
import org.sixflow.app.features.ilnp.api.IlnpSession;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpSiteEvent;
import org.sixflow.app.features.ilnp.api.IlnpSiteListener;
import org.sixflow.app.features.ilnp.api.IlnpSiteService;
import org.sixflow.app.features.ilnp.api.IlnpUplinkCounters;
import org.sixflow.app.features.ilnp.api.LocatorUpdate;
import org.sixflow.pipeconf.P4Defines;
import org.sixflow.pipeconf.PuntReason;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture.BEIJING;
import static org.sixflow.app.features.ilnp.impl.LocatorUpdateParserTest.ADVERTISEMENT;
import static org.sixflow.app.features.ilnp.impl.LocatorUpdateParserTest.hex;
import static org.sixflow.app.features.ilnp.impl.ReportedIlnpPacketTest.IPV6_TO_CN;
import static org.sixflow.app.features.ilnp.impl.ReportedIlnpPacketTest.NONCE4;
import static org.sixflow.app.features.ilnp.impl.ReportedIlnpPacketTest.UDP;
import static org.sixflow.app.features.ilnp.impl.ReportedIlnpPacketTest.report;

/**
 * The border router's Locator Updates for its site's hosts, on test_ilnp.py's site at beijing
 * (internal fd00:5:1:1, uplinks 2 and 3 to 2001:db8:a:1 and 2001:db8:b:1): sessions learned from
 * reports of the hosts' packets leaving the site, and each told the live locators when an uplink
 * goes down, byte for byte, by the master only, once per change.
 */
public class IlnpSessionAnnouncerTest {

    private static final long NOW = 1_700_000_000_000L;
    private final Sites sites = new Sites();
    private final List<OutboundPacket> emitted = new CopyOnWriteArrayList<>();
    private final IlnpSessionAnnouncer announcer = new IlnpSessionAnnouncer();
    private boolean master = true;
    /** What the announcer asked of the telemetry collector, in order. */
    private final List<String> sampling = new CopyOnWriteArrayList<>();
    private long now = NOW;

    /** The site service as the announcer asks it: one site, some of its uplinks down. */
    private static final class Sites implements IlnpSiteService {
        final IlnpSite site = IlnpSiteManagerFixture.example("site-a");
        Set<PortNumber> down = Set.of();
        boolean gone;
        IlnpSiteListener listener;

        @Override
        public List<IlnpSite> sites() {
            return gone ? List.of() : List.of(site);
        }

        @Override
        public Map<String, InstallStatus> statuses() {
            return Map.of(site.name(), InstallStatus.INSTALLED);
        }

        @Override
        public Optional<IlnpSite> site(String name) {
            return name.equals(site.name()) ? Optional.of(site) : Optional.empty();
        }

        @Override
        public Optional<IlnpSite> serving(String name) {
            return site(name).map(s -> ServingWeights.of(s, down.stream().map(p -> new ConnectPoint(BEIJING, p))
                    .collect(Collectors.toSet())));
        }

        @Override
        public Set<PortNumber> downUplinks(String name) {
            return down;
        }

        @Override
        public Optional<InstallStatus> status(String name) {
            return Optional.of(InstallStatus.INSTALLED);
        }

        @Override
        public List<String> entries(String name) {
            return List.of();
        }

        @Override
        public IlnpSite add(IlnpSite s) {
            throw new UnsupportedOperationException();
        }

        @Override
        public IlnpSite setWeights(String name, Map<PortNumber, Integer> weights) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean remove(String name) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<List<IlnpUplinkCounters>> counters(String name) {
            return Optional.empty();
        }

        @Override
        public void addListener(IlnpSiteListener l) {
            listener = l;
        }

        @Override
        public void removeListener(IlnpSiteListener l) {
            listener = null;
        }

        void installed() {
            listener.event(new IlnpSiteEvent(IlnpSiteEvent.Type.SITE_INSTALLED, site, InstallStatus.INSTALLED));
        }
    }

    @Before
    public void setUp() {
        announcer.packetService = new PacketServiceAdapter() {
            @Override
            public void emit(OutboundPacket packet) {
                emitted.add(packet);
            }
        };
        announcer.siteService = sites;
        announcer.mastershipService = new MastershipServiceAdapter() {
            @Override
            public boolean isLocalMaster(DeviceId deviceId) {
                return master;
            }
        };
        announcer.samplingService = new ReportSamplingServiceAdapter() {
            @Override
            public void require(String owner, DeviceId device, LatencyClass cls, int shift) {
                sampling.add("require " + owner + " " + device + " " + cls.label() + "=" + shift);
            }

            @Override
            public void release(String owner, DeviceId device) {
                sampling.add("release " + owner + " " + device);
            }
        };
        announcer.setClock(() -> now);
        announcer.activate();
    }

    @After
    public void tearDown() {
        announcer.deactivate();
    }

    private static InboundPacket at(String device, byte[] frame) {
        return new DefaultInboundPacket(ConnectPoint.deviceConnectPoint(device), null, ByteBuffer.wrap(frame));
    }

    private void awaitEmitted(int n) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 5000;
        while (emitted.size() < n && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        Thread.sleep(IlnpSessionAnnouncer.COPY_GAP_MILLIS + 200);   // and no more than n
        assertEquals(n, emitted.size());
    }

    private static byte[] data(OutboundPacket p) {
        ByteBuffer b = p.data().duplicate();
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }

    @Test
    public void aHostsPacketLeavingTheSiteIsASession() {
        assertTrue(announcer.learn(at("device:beijing/1", report(IPV6_TO_CN + NONCE4 + UDP))));
        List<IlnpSession> sessions = announcer.sessions("site-a");
        assertEquals(1, sessions.size());
        assertEquals("fd00:5:1:1::42", sessions.get(0).host().toString());
        assertEquals("3fff:0:c:1::99", sessions.get(0).correspondent().toString());
        assertEquals(4, sessions.get(0).nonceOctets());
        // Reported rewritten (source locator a provider's): the same session, internal locator kept.
        String rewritten = IPV6_TO_CN.replace("fd00000500010001", "20010db8000a0001");
        assertTrue(announcer.learn(at("device:beijing/1", report(rewritten + NONCE4 + UDP))));
        assertEquals(1, announcer.sessions("site-a").size());
        // Two minutes unseen: no longer a session to tell.
        now += IlnpSessionAnnouncer.IDLE_MILLIS + 1;
        assertTrue(announcer.sessions("site-a").isEmpty());
    }

    @Test
    public void packetsThatAreNoSiteHostsLeavingAreNotSessions() {
        // Another device; inbound (a correspondent to a provider locator); within the site; no Nonce.
        assertEquals(false, announcer.learn(at("device:nanjing/1", report(IPV6_TO_CN + NONCE4 + UDP))));
        String inbound = "60000000" + "0010" + "3c" + "40" + "3fff0000000c0001" + "0000000000000099"
                + "20010db8000a0001" + "0000000000000042";
        assertEquals(false, announcer.learn(at("device:beijing/2", report(inbound + NONCE4 + UDP))));
        // A site host's source forged outside: the report says it came in by uplink 2.
        byte[] forged = report(IPV6_TO_CN + NONCE4 + UDP);
        forged[14 + 9] = 2;
        assertEquals(false, announcer.learn(at("device:beijing/1", forged)));
        String inside = IPV6_TO_CN.replace("3fff0000000c0001", "fd00000500010001");
        assertEquals(false, announcer.learn(at("device:beijing/1", report(inside + NONCE4 + UDP))));
        assertEquals(false, announcer.learn(at("device:beijing/1",
                                               report(IPV6_TO_CN.replace("3c40", "1140") + UDP))));
        assertEquals(false, announcer.learn(at("device:beijing/1", LocatorUpdateParserTest.bytes(
                "00bb0000000200aa0000020186dd" + IPV6_TO_CN + NONCE4 + UDP))));
        assertTrue(announcer.sessions("site-a").isEmpty());
    }

    @Test
    public void anUplinkDownTellsEachSessionTheLiveLocatorsThreeTimes() throws Exception {
        announcer.learn(at("device:beijing/1", report(IPV6_TO_CN + NONCE4 + UDP)));
        sites.installed();                       // as it was: nothing changed, nothing sent
        Thread.sleep(100);
        assertTrue(emitted.isEmpty());
        sites.down = Set.of(PortNumber.portNumber(2));
        sites.installed();
        awaitEmitted(IlnpSessionAnnouncer.COPIES);
        for (OutboundPacket p : emitted) {
            assertEquals(BEIJING, p.sendThrough());
            assertEquals(3, ((Instructions.OutputInstruction) p.treatment().allInstructions().get(0)).port().toLong());
            byte[] frame = data(p);
            // From uplink 3's router MAC to its next hop, host 42 at pb's locator, to the correspondent,
            // under the host's Nonce, advertising pb's locator alone.
            String want = "00bb00000003" + "00aa00000301" + "86dd" + "60000000" + "001c" + "3c" + "40"
                    + "20010db8000b0001" + "0000000000000042" + "3fff0000000c0001" + "0000000000000099"
                    + "3a00" + "8b04" + "a1b2c3d4" + "9c00";
            assertEquals(want, hex(frame).substring(0, want.length()));
            LocatorUpdateFrame read = LocatorUpdateParser.parse(frame);
            assertEquals(List.of(new LocatorUpdate.Entry(0x2001_0db8_000b_0001L, SiteAdvertisement.FIRST,
                                                         SiteAdvertisement.LIFETIME)), read.message().entries());
        }
        IlnpSession session = announcer.sessions("site-a").get(0);
        assertEquals(1, session.updatesSent());
        assertEquals(NOW, session.lastUpdateMillis());
        assertEquals(1, announcer.updatesSent("site-a"));
        // Installed again as it is now: nothing new to say.
        sites.installed();
        Thread.sleep(100);
        assertEquals(IlnpSessionAnnouncer.COPIES, emitted.size());
        // Back up: both locators again.
        sites.down = Set.of();
        sites.installed();
        awaitEmitted(2 * IlnpSessionAnnouncer.COPIES);
        assertEquals(2, LocatorUpdateParser.parse(data(emitted.get(emitted.size() - 1))).message().entries().size());
    }

    @Test
    public void aCorrespondentsUpdateUnderTheNonceItsPacketsCarryMovesWhereTheRouterSpeaks() throws Exception {
        announcer.learn(at("device:beijing/1", report(IPV6_TO_CN + NONCE4 + UDP)));
        // The correspondent's answer, reported as sbr sent it on (destination internal), in by uplink 2.
        String inbound = "60000000" + "0010" + "3c" + "40" + "3fff0000000c0001" + "0000000000000099"
                + "fd00000500010001" + "0000000000000042";
        byte[] answer = report(inbound + "1100" + "8b04" + "11223344" + UDP);
        answer[14 + 9] = 2;
        assertTrue(announcer.learn(at("device:beijing/2", answer)));
        // Its update (LocatorUpdateParserTest's: to host 42 at pa's locator, under 11223344,
        // 3fff:0:d:1 preferred), punted where it came in.
        InboundPacket update = new DefaultInboundPacket(ConnectPoint.deviceConnectPoint("device:beijing/2"), null,
                                                        ByteBuffer.wrap(LocatorUpdateParserTest.bytes(ADVERTISEMENT)),
                                                        PuntReason.cookie(P4Defines.PUNT_ILNP_LOCATOR_UPDATE));
        assertTrue(announcer.heard(update));
        IlnpSession session = announcer.sessions("site-a").get(0);
        assertEquals("3fff:0:d:1::99", session.correspondent().toString());
        assertEquals(2, session.correspondentLocators().size());
        // The same update forged under another Nonce, or not punted, or sent from inside: nothing.
        byte[] forged = LocatorUpdateParserTest.bytes(ADVERTISEMENT);
        forged[14 + 40 + 4] = 0x55;
        assertEquals(false, announcer.heard(new DefaultInboundPacket(
                ConnectPoint.deviceConnectPoint("device:beijing/2"), null, ByteBuffer.wrap(forged),
                PuntReason.cookie(P4Defines.PUNT_ILNP_LOCATOR_UPDATE))));
        assertEquals(false, announcer.heard(new DefaultInboundPacket(
                ConnectPoint.deviceConnectPoint("device:beijing/2"), null,
                ByteBuffer.wrap(LocatorUpdateParserTest.bytes(ADVERTISEMENT)))));
        assertEquals(false, announcer.heard(new DefaultInboundPacket(
                ConnectPoint.deviceConnectPoint("device:beijing/1"), null,
                ByteBuffer.wrap(LocatorUpdateParserTest.bytes(ADVERTISEMENT)),
                PuntReason.cookie(P4Defines.PUNT_ILNP_LOCATOR_UPDATE))));
        // The router's own update now goes where the correspondent said it is.
        sites.down = Set.of(PortNumber.portNumber(2));
        sites.installed();
        awaitEmitted(IlnpSessionAnnouncer.COPIES);
        assertEquals("3fff0000000d00010000000000000099", hex(data(emitted.get(0))).substring(2 * (14 + 24),
                                                                                              2 * (14 + 40)));
    }

    @Test
    public void onlyTheRoutersMasterTellsAndNotSessionsGoneQuiet() throws Exception {
        announcer.learn(at("device:beijing/1", report(IPV6_TO_CN + NONCE4 + UDP)));
        master = false;
        sites.down = Set.of(PortNumber.portNumber(2));
        sites.installed();
        Thread.sleep(100);
        assertTrue(emitted.isEmpty());
        master = true;
        now += IlnpSessionAnnouncer.IDLE_MILLIS + 1;
        sites.down = Set.of();
        sites.installed();
        Thread.sleep(100);
        assertTrue(emitted.isEmpty());
    }

    @Test
    public void aRemovedSitesSessionsAreForgottenAndItsRouterNoLongerSampledForIt() {
        assertEquals(List.of("require ilnp-sessions device:beijing ipv6=6"), sampling);
        announcer.learn(at("device:beijing/1", report(IPV6_TO_CN + NONCE4 + UDP)));
        sites.gone = true;
        sites.listener.event(new IlnpSiteEvent(IlnpSiteEvent.Type.SITE_REMOVED, sites.site, InstallStatus.INSTALLED));
        assertTrue(announcer.sessions("site-a").isEmpty());
        assertEquals(List.of("require ilnp-sessions device:beijing ipv6=6", "release ilnp-sessions device:beijing"),
                     sampling);
    }
}
