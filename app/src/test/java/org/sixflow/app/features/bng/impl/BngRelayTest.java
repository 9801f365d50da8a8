// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.behaviour.BngProgrammable.Attachment;
import org.onosproject.net.behaviour.BngProgrammable.BngCounterType;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.bng.api.BngConfig;
import org.sixflow.app.features.bng.api.BngSession;
import org.sixflow.app.features.bng.api.BngSessionState;
import org.sixflow.app.features.bng.impl.CapturedFrames.Captured;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.bng.impl.CapturedFrames.hex;

/**
 * The relay on the real capture: every control frame carried to the other side with only the
 * Ethernet addresses rewritten, the sessions followed, each good session's entries installed once
 * when up and removed at its end, nothing installed for the refused subscriber; then cutting,
 * echo loss, unknown sessions, malformed frames, data frames.
 */
public class BngRelayTest {

    private static final ApplicationId APP = new DefaultApplicationId(9, "org.sixflow.app");
    private static final ConnectPoint ACCESS = ConnectPoint.deviceConnectPoint("device:bng/1");
    private static final ConnectPoint SERVER_PORT = ConnectPoint.deviceConnectPoint("device:bng/2");
    private static final MacAddress BNG_MAC = MacAddress.valueOf("02:00:00:00:0b:01");
    private static final Ip6Prefix BOB_64 = Ip6Prefix.valueOf("fd33:0:0:2::/64");

    private final AtomicLong clock = new AtomicLong(1_000_000);
    private RecordingDataPlane plane;
    private BngRelay relay;

    @Before
    public void setUp() {
        plane = new RecordingDataPlane();
        plane.macs.put(ACCESS.deviceId(), BNG_MAC);
        relay = new BngRelay(APP, plane, clock::get);
        relay.configure(new BngConfig(SERVER_PORT, 30, 4, Map.of(BngConfig.lineKey(100, 11), BOB_64),
                                      Ip6Prefix.valueOf("fd33:1::/48")));
    }

    /** Hands a captured frame to the relay from where it would come in: the line, or the server. */
    private void receive(Captured c, int lineId) {
        clock.addAndGet(10);
        relay.receive(c.fromSubscriber() ? ACCESS : SERVER_PORT, c.fromSubscriber() ? lineId : 0,
                      c.sentThrough(BNG_MAC));
    }

    private void replay(List<Captured> frames) {
        frames.forEach(c -> receive(c, c.cVid - 9));
    }

    @Test
    public void realCaptureIsRelayedAndSessionsFollowed() {
        List<Captured> all = CapturedFrames.all();
        // Up to the last IPv6CP/IPCP exchange, before any end: sessions up and installed.
        int firstEnd = indexOf(all, c -> c.cVid == 12 && c.name.equals("PAP-3"));
        replay(all.subList(0, firstEnd));
        List<BngSession> sessions = relay.sessions();
        assertEquals(3, sessions.size());
        BngSession bob = sessions.get(0);
        BngSession alice = sessions.get(1);
        BngSession mallory = sessions.get(2);
        assertEquals(1, bob.sessionId());
        assertEquals(11, bob.line().cVid());
        assertEquals(100, bob.line().sVid());
        assertEquals(2, bob.line().lineId());
        assertEquals(BngSessionState.UP, bob.state());
        assertEquals("bob@sixflow", bob.user().get());
        assertEquals("10.33.0.10", bob.ipv4().get().toString());
        assertEquals("fd33::2:0:0:10:2", bob.ipv6().get().toString());
        assertEquals(InstallStatus.INSTALLED, bob.status());
        assertEquals(CapturedFrames.SUBSCRIBER, bob.subscriberMac());
        assertEquals(CapturedFrames.SERVER, bob.serverMac());
        assertEquals(2, alice.sessionId());
        assertEquals(BngSessionState.UP, alice.state());
        assertEquals("10.33.0.11", alice.ipv4().get().toString());
        // alice's line has no /64 configured: the pool's first.
        assertEquals("fd33:1::10:1", alice.ipv6().get().toString());
        assertEquals(BngSessionState.AUTHENTICATING, mallory.state());

        // Installed once per address family, with the line's tags and the session's id and MAC.
        assertEquals(4, plane.setups.size());
        Attachment bobV4 = plane.setups.stream().filter(a -> a.ipAddress().equals(IpAddress.valueOf("10.33.0.10")))
                .findFirst().get();
        assertEquals(100, bobV4.sTag().toShort());
        assertEquals(11, bobV4.cTag().toShort());
        assertEquals(1, bobV4.pppoeSessionId());
        assertEquals(CapturedFrames.SUBSCRIBER, bobV4.macAddress());
        assertEquals(Attachment.AttachmentType.PPPoE, bobV4.type());
        assertTrue(bobV4.lineActive());
        assertTrue(plane.removals.isEmpty());

        replay(all.subList(firstEnd, all.size()));
        sessions = relay.sessions();
        assertTrue(sessions.stream().allMatch(s -> s.state() == BngSessionState.ENDED));
        assertEquals("PAP Authenticate-Nak from the server", sessions.get(2).endReason().get());
        assertEquals("PADT from the subscriber", sessions.get(0).endReason().get());
        assertEquals("LCP Terminate-Request from the subscriber", sessions.get(1).endReason().get());
        assertEquals("nothing more installed, none for the refused subscriber", 4, plane.setups.size());
        assertEquals("each removed once", plane.setups.size(), plane.removals.size());
        assertTrue(plane.removals.containsAll(plane.setups));

        // When each session's IPv6 came up the BNG advertised its /64 to it (RFC 4861), one RA each.
        List<RecordingDataPlane.Sent> advertisements = plane.sent.stream().filter(BngRelayTest::isIpv6)
                .collect(java.util.stream.Collectors.toList());
        assertEquals(2, advertisements.size());
        assertArrayEquals(PppoeFrame.session(CapturedFrames.SUBSCRIBER, BNG_MAC, 100, 11, 1, 0x0057,
                                             SubscriberIpv6Test.scapy("ra")), advertisements.get(0).frame);
        assertEquals(ACCESS, advertisements.get(0).port);
        List<RecordingDataPlane.Sent> carried = plane.sent.stream().filter(s -> !isIpv6(s))
                .collect(java.util.stream.Collectors.toList());

        // Every frame carried, the other way, only Ethernet addresses changed.
        assertEquals(all.size(), carried.size());
        for (int i = 0; i < all.size(); i++) {
            Captured c = all.get(i);
            RecordingDataPlane.Sent out = carried.get(i);
            byte[] expected = c.bytes.clone();
            if (c.fromSubscriber()) {
                assertEquals(c.toString(), SERVER_PORT, out.port);
            } else {
                assertEquals(c.toString(), ACCESS, out.port);
                System.arraycopy(BNG_MAC.toBytes(), 0, expected, 6, 6);
            }
            assertArrayEquals(i + " " + c, expected, out.frame);
        }
        assertTrue(relay.dropped().toString(), relay.dropped().isEmpty());

        // Ended sessions are kept one echo interval, then forgotten.
        relay.tick();
        assertEquals(3, relay.sessions().size());
        clock.addAndGet(30_000);
        relay.tick();
        assertTrue(relay.sessions().isEmpty());
        assertEquals(3, relay.lines().size());
    }

    @Test
    public void cutSendsPadtBothWaysAndRemovesTheEntries() {
        List<Captured> all = CapturedFrames.all();
        replay(all.subList(0, indexOf(all, c -> c.cVid == 12 && c.name.equals("PAP-3"))));
        long bob = relay.sessions().get(0).id();
        int sentBefore = plane.sent.size();
        assertTrue(relay.cut(bob));
        assertEquals(2, plane.sent.size() - sentBefore);
        RecordingDataPlane.Sent toSubscriber = plane.sent.get(sentBefore);
        RecordingDataPlane.Sent toServer = plane.sent.get(sentBefore + 1);
        assertEquals(ACCESS, toSubscriber.port);
        assertEquals(SERVER_PORT, toServer.port);
        assertArrayEquals(PppoeFrame.padt(CapturedFrames.SUBSCRIBER, BNG_MAC, 100, 11, 1, "cut by the operator"),
                          toSubscriber.frame);
        assertArrayEquals(PppoeFrame.padt(CapturedFrames.SERVER, CapturedFrames.SUBSCRIBER, 100, 11, 1,
                                          "cut by the operator"), toServer.frame);
        assertEquals(2, plane.removals.size());
        assertTrue(plane.removals.stream().allMatch(a -> a.pppoeSessionId() == 1));
        BngSession cut = relay.session(bob).get();
        assertEquals(BngSessionState.ENDED, cut.state());
        assertEquals(InstallStatus.REQUESTED, cut.status());
        assertFalse("an ended session cannot be cut again", relay.cut(bob));
        assertFalse(relay.cut(999));
        // The server's PADT that follows is still carried, and ends nothing more.
        relay.receive(SERVER_PORT, 0, CapturedFrames.all().stream()
                .filter(c -> c.cVid == 11 && c.name.equals("PADT") && !c.fromSubscriber()).findFirst().get().bytes);
        assertEquals(2, plane.removals.size());
    }

    @Test
    public void echoLossEndsAnUpSession() {
        List<Captured> all = CapturedFrames.all();
        replay(all.subList(0, indexOf(all, c -> c.cVid == 12 && c.name.equals("PAP-3"))));
        // The server asks bob (C-tag 11, session 1) for an echo; the subscriber has vanished.
        relay.receive(SERVER_PORT, 0, hex("5254005f0001" + "5254005f0002" + "88a80064" + "8100000b" + "8864"
                                                  + "11000001000a" + "c021" + "0977000801020304"));
        clock.addAndGet(4 * 30_000 - 1);
        relay.tick();
        assertEquals(BngSessionState.UP, relay.sessions().get(0).state());
        clock.addAndGet(1);
        relay.tick();
        BngSession bob = relay.sessions().get(0);
        assertEquals(BngSessionState.ENDED, bob.state());
        assertTrue(bob.endReason().get().startsWith("echo loss"));
        assertEquals(2, plane.removals.size());
        // alice answered her echoes in the capture: still up.
        assertEquals(BngSessionState.UP, relay.sessions().get(1).state());
    }

    @Test
    public void unknownSessionsMalformedAndDataFramesAreDroppedAndChangeNothing() {
        List<Captured> all = CapturedFrames.all();
        replay(all.subList(0, indexOf(all, c -> c.cVid == 12 && c.name.equals("PAP-3"))));
        int sent = plane.sent.size();
        String eth = "020000000b01" + "5254005f0001" + "88a80064" + "8100000b";
        // Unknown session id on bob's line, and bob's session id from another line.
        relay.receive(ACCESS, 2, hex(eth + "8864" + "110000090008" + "c021" + "0501000401020304".substring(0, 8)
                                             + "0000"));
        relay.receive(ACCESS, 0, hex(eth.replace("8100000b", "8100000d") + "8864" + "110000010006" + "c021"
                                             + "05010004"));
        // Malformed: bob's session, an LCP Terminate-Request whose length runs past the packet.
        relay.receive(ACCESS, 2, hex(eth + "8864" + "110000010006" + "c021" + "050100ff"));
        // Malformed PPPoE header (version 2).
        relay.receive(ACCESS, 2, hex(eth + "8864" + "210000010006" + "c021" + "05010004"));
        // IPv6 data punted by the data plane (a Router Solicitation): never sent to the server.
        relay.receive(ACCESS, 2, hex(eth + "8864" + "11000001002a" + "0057" + "6000000000000000"
                                             + "0".repeat(64)));
        // A PADO nobody asked for, a PADR before any PADO, a PADI from the server.
        relay.receive(SERVER_PORT, 0, hex("5254005f0009" + "5254005f0002" + "88a80064" + "8100000b" + "8863"
                                                  + "110700000000"));
        relay.receive(ACCESS, 0, hex("020000000b01" + "5254005f0009" + "88a80064" + "8100000b" + "8863"
                                             + "111900000000"));
        relay.receive(SERVER_PORT, 0, hex("ffffffffffff" + "5254005f0002" + "88a80064" + "8100000b" + "8863"
                                                  + "110900000000"));
        assertEquals("nothing carried", sent, plane.sent.size());
        Map<String, Long> dropped = relay.dropped();
        assertEquals(Long.valueOf(2), dropped.get(BngRelay.UNKNOWN_SESSION));
        assertEquals(Long.valueOf(2), dropped.get(BngRelay.MALFORMED));
        assertEquals(Long.valueOf(1), dropped.get(BngRelay.DATA));
        assertEquals(Long.valueOf(3), dropped.get(BngRelay.UNEXPECTED));
        assertEquals("the good session is untouched", BngSessionState.UP, relay.sessions().get(0).state());
        assertTrue(plane.removals.isEmpty());
    }

    @Test
    public void aRefusedSetupIsFailedNamingTheReasonAndNoServerMeansNothingRelayed() {
        plane.refuseSetup = "the device needs annotations bngAccessPort";
        List<Captured> all = CapturedFrames.all();
        replay(all.subList(0, indexOf(all, c -> c.cVid == 12 && c.name.equals("PAP-3"))));
        BngSession bob = relay.sessions().get(0);
        assertEquals(BngSessionState.UP, bob.state());
        assertEquals(InstallStatus.State.FAILED, bob.status().state());
        assertTrue(bob.status().failure().get().reason().contains("bngAccessPort"));
        assertEquals(ACCESS.deviceId(), bob.status().failure().get().deviceId());

        relay.configure(BngConfig.NONE);
        int sent = plane.sent.size();
        receive(all.get(0), 1);
        assertEquals(sent, plane.sent.size());
        assertEquals(Long.valueOf(1), relay.dropped().get(BngRelay.NO_SERVER));
    }

    @Test
    public void ipv6WithoutAConfiguredPrefixFailsNamingTheLine() {
        relay.configure(new BngConfig(SERVER_PORT, 30, 4, Map.of(), null));
        List<Captured> all = CapturedFrames.all();
        replay(all.subList(0, indexOf(all, c -> c.cVid == 12 && c.name.equals("PAP-3"))));
        BngSession bob = relay.sessions().get(0);
        assertEquals(InstallStatus.State.FAILED, bob.status().state());
        assertTrue(bob.status().failure().get().reason(),
                   bob.status().failure().get().reason().contains("no /64 is configured for line device:bng/1/100/11"));
        assertEquals("IPv4 installed all the same", 2, plane.setups.size());
    }

    @Test
    public void countersAreReadForAnInstalledSession() {
        List<Captured> all = CapturedFrames.all();
        replay(all.subList(0, indexOf(all, c -> c.cVid == 12 && c.name.equals("PAP-3"))));
        assertEquals(3456, relay.counters(1).get(BngCounterType.UPSTREAM_RX).bytes());
        assertTrue("mallory has nothing installed", relay.counters(3).isEmpty());
        assertTrue(relay.counters(42).isEmpty());
    }

    @Test
    public void aDiscoveryWithoutPadsIsGivenUpAndAFloodIsCapped() {
        Captured padi = CapturedFrames.first(10, "PADI", true);
        Captured pado = CapturedFrames.first(10, "PADO", false);
        relay.receive(ACCESS, 0, padi.bytes);
        clock.addAndGet(4 * 30_000);
        relay.tick();
        relay.receive(SERVER_PORT, 0, pado.bytes);
        assertEquals("the PADO finds no discovery", Long.valueOf(1), relay.dropped().get(BngRelay.UNEXPECTED));
        assertEquals(1, plane.sent.size());

        // PADIs from ever new MACs on one line: followed up to the cap, then dropped.
        for (int i = 0; i <= BngRelay.MAX_ENTRIES; i++) {
            byte[] frame = padi.bytes.clone();
            frame[8] = (byte) (i >> 16);
            frame[9] = (byte) (i >> 8);
            frame[10] = (byte) i;
            relay.receive(ACCESS, 0, frame);
        }
        assertEquals(Long.valueOf(1), relay.dropped().get(BngRelay.TOO_MANY));
        assertEquals(1 + BngRelay.MAX_ENTRIES, plane.sent.size());
    }

    @Test
    public void onlyPppoeIsTaken() {
        assertTrue(BngRelay.isPppoe(CapturedFrames.all().get(0).bytes));
        assertTrue(BngRelay.isPppoe(hex("ffffffffffff5254005f0001" + "8863" + "1109")));
        assertTrue(BngRelay.isPppoe(hex("ffffffffffff5254005f0001" + "8100000a" + "8864")));
        assertFalse(BngRelay.isPppoe(hex("ffffffffffff5254005f0001" + "86dd" + "6000")));
        assertFalse(BngRelay.isPppoe(hex("ffffffffffff5254005f0001" + "8100000a" + "0800")));
        assertFalse(BngRelay.isPppoe(hex("ffffffffffff")));
    }

    /** Whether a packet-out is a PPPoE session frame carrying IPv6 (the BNG's own RA or DHCPv6). */
    private static boolean isIpv6(RecordingDataPlane.Sent sent) {
        byte[] f = sent.frame;
        return f.length > 30 && (f[20] & 0xff) == 0x88 && (f[21] & 0xff) == 0x64 && f[28] == 0 && f[29] == 0x57;
    }

    /** A frame from bob (S-tag 100, C-tag 11, session 1) carrying an IPv6 packet of ipv6-scapy.txt. */
    private void fromBob(String packet) {
        clock.addAndGet(10);
        relay.receive(ACCESS, 2, PppoeFrame.session(BNG_MAC, CapturedFrames.SUBSCRIBER, 100, 11, 1, 0x0057,
                                                    SubscriberIpv6Test.scapy(packet)));
    }

    private byte[] lastSent() {
        return plane.sent.get(plane.sent.size() - 1).frame;
    }

    @Test
    public void theBngAnswersSolicitationsAndDelegatesTheLinesPrefix() {
        Ip6Prefix delegated = Ip6Prefix.valueOf("fd33:100:0:200::/56");
        relay.configure(new BngConfig(SERVER_PORT, 30, 4, Map.of(BngConfig.lineKey(100, 11), BOB_64),
                                      Ip6Prefix.valueOf("fd33:1::/48"), Map.of(BngConfig.lineKey(100, 11), delegated),
                                      null, 56));
        List<Captured> all = CapturedFrames.all();
        replay(all.subList(0, indexOf(all, c -> c.cVid == 12 && c.name.equals("PAP-3"))));
        int setups = plane.setups.size();

        clock.addAndGet(SubscriberIpv6.MIN_RA_GAP_MILLIS);
        fromBob("rs");
        assertArrayEquals(PppoeFrame.session(CapturedFrames.SUBSCRIBER, BNG_MAC, 100, 11, 1, 0x0057,
                                             SubscriberIpv6Test.scapy("ra")), lastSent());
        fromBob("solicit");
        assertArrayEquals(PppoeFrame.session(CapturedFrames.SUBSCRIBER, BNG_MAC, 100, 11, 1, 0x0057,
                                             SubscriberIpv6Test.scapy("advertise")), lastSent());
        assertEquals(setups, plane.setups.size());
        fromBob("request");
        assertArrayEquals(PppoeFrame.session(CapturedFrames.SUBSCRIBER, BNG_MAC, 100, 11, 1, 0x0057,
                                             SubscriberIpv6Test.scapy("reply")), lastSent());
        assertEquals(setups + 1, plane.setups.size());
        PppoeAttachment attachment = (PppoeAttachment) plane.setups.get(setups);
        assertEquals(IpAddress.valueOf("fd33:100:0:200::"), attachment.ipAddress());
        assertEquals(56, attachment.prefixLength());
        assertEquals(1, attachment.pppoeSessionId());
        assertEquals(CapturedFrames.SUBSCRIBER, attachment.macAddress());
        BngSession bob = relay.sessions().get(0);
        assertEquals(delegated, bob.delegatedPrefix().get());
        assertEquals(InstallStatus.INSTALLED, bob.status());
        assertTrue("nothing of it reached the server", relay.dropped().isEmpty());

        // bob's PADT ends the session: its /64, IPv4 and the delegated prefix are removed.
        replay(all.subList(indexOf(all, c -> c.cVid == 12 && c.name.equals("PAP-3")), all.size()));
        assertTrue(plane.removals.contains(attachment));
        assertEquals(plane.setups.size(), plane.removals.size());
        assertEquals(java.util.Optional.empty(), relay.sessions().get(0).delegatedPrefix());
    }

    @Test
    public void aPrefixReleasedDuringTheSessionLeavesTheSessionsOtherEntries() {
        Ip6Prefix delegated = Ip6Prefix.valueOf("fd33:100:0:200::/56");
        relay.configure(new BngConfig(SERVER_PORT, 30, 4, Map.of(BngConfig.lineKey(100, 11), BOB_64),
                                      Ip6Prefix.valueOf("fd33:1::/48"), Map.of(BngConfig.lineKey(100, 11), delegated),
                                      null, 56));
        List<Captured> all = CapturedFrames.all();
        int firstEnd = indexOf(all, c -> c.cVid == 12 && c.name.equals("PAP-3"));
        replay(all.subList(0, firstEnd));
        fromBob("solicit");
        fromBob("request");
        PppoeAttachment installed = (PppoeAttachment) plane.setups.get(plane.setups.size() - 1);
        assertEquals(56, installed.prefixLength());
        assertFalse(installed.othersStay());

        // bob releases its prefix; the session goes on: only the prefix's own entries go.
        fromBob("release");
        assertEquals(1, plane.removals.size());
        PppoeAttachment released = (PppoeAttachment) plane.removals.get(0);
        assertEquals(installed.ipAddress(), released.ipAddress());
        assertEquals(56, released.prefixLength());
        assertTrue("the line's shared entries stay for the session's IPv4 and /64", released.othersStay());
        assertEquals(java.util.Optional.empty(), relay.sessions().get(0).delegatedPrefix());
        assertEquals(BngSessionState.UP, relay.sessions().get(0).state());

        // Each session's end: its attachments removed one by one, the line's shared entries with
        // the last only (each removal finds the line's id among them).
        replay(all.subList(firstEnd, all.size()));
        for (int sessionId : new int[]{1, 2}) {
            List<Boolean> othersStay = plane.removals.subList(1, plane.removals.size()).stream()
                    .filter(a -> a.pppoeSessionId() == sessionId).map(a -> ((PppoeAttachment) a).othersStay())
                    .collect(java.util.stream.Collectors.toList());
            assertEquals("session " + sessionId, List.of(true, false), othersStay);
        }
    }

    @Test
    public void delegatedPrefixesComeFromThePoolLowestFreeFirst() {
        relay.configure(new BngConfig(SERVER_PORT, 30, 4, Map.of(BngConfig.lineKey(100, 11), BOB_64),
                                      Ip6Prefix.valueOf("fd33:1::/48"), Map.of(), Ip6Prefix.valueOf("fd33:200::/40"),
                                      56));
        List<Captured> all = CapturedFrames.all();
        replay(all.subList(0, indexOf(all, c -> c.cVid == 12 && c.name.equals("PAP-3"))));
        fromBob("solicit-rapid");
        assertEquals(Ip6Prefix.valueOf("fd33:200::/56"), relay.sessions().get(0).delegatedPrefix().get());
        HeldPrefixes held = new HeldPrefixes();
        held.hold(Ip6Prefix.valueOf("fd33:200::/56"));
        assertEquals(java.util.Optional.of(Ip6Prefix.valueOf("fd33:200:0:100::/56")),
                     held.lowestFree(Ip6Prefix.valueOf("fd33:200::/40"), 56));
        assertEquals(java.util.Optional.empty(), held.lowestFree(Ip6Prefix.valueOf("fd33:200::/56"), 56));
    }

    @Test
    public void malformedAndOtherIpv6FromASubscriberIsCountedNotAnswered() {
        List<Captured> all = CapturedFrames.all();
        replay(all.subList(0, indexOf(all, c -> c.cVid == 12 && c.name.equals("PAP-3"))));
        int sent = plane.sent.size();
        fromBob("echo");
        byte[] bad = SubscriberIpv6Test.scapy("solicit");
        bad[46] ^= 1;
        clock.addAndGet(10);
        relay.receive(ACCESS, 2, PppoeFrame.session(BNG_MAC, CapturedFrames.SUBSCRIBER, 100, 11, 1, 0x0057, bad));
        fromBob("request-other-server");
        assertEquals(sent, plane.sent.size());
        assertEquals(Long.valueOf(1), relay.dropped().get(BngRelay.DATA));
        assertEquals(Long.valueOf(1), relay.dropped().get(BngRelay.MALFORMED));
        assertEquals(Long.valueOf(1), relay.dropped().get(BngRelay.IPV6_IGNORED));
    }

    static int indexOf(List<Captured> all, java.util.function.Predicate<Captured> which) {
        for (int i = 0; i < all.size(); i++) {
            if (which.test(all.get(i))) {
                return i;
            }
        }
        throw new AssertionError("not in the capture");
    }
}
