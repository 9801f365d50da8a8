// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.packet.InboundPacket;
import org.sixflow.app.features.routing.impl.BeyondScopeResponder.Outcome;
import org.sixflow.app.impl.PuntResponderWiring;
import org.sixflow.app.packet.icmpv6.RouterAddresses;
import org.sixflow.app.testing.LabNetwork;
import org.sixflow.app.testing.PuntedPackets;
import org.sixflow.app.testing.TestHostService;
import org.sixflow.pipeconf.P4Defines;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.testing.PuntedFrames.address;
import static org.sixflow.app.testing.PuntedFrames.checksumRight;
import static org.sixflow.app.testing.PuntedFrames.punted;
import static org.sixflow.app.testing.PuntedFrames.udp;

/**
 * The Destination Unreachable (beyond the scope of the source) the controller sends for a
 * link-local source's packet routing would have taken off its link, on the lab of
 * docker/netcfg.json: h_bj (00:00:00:00:01:10, fd00:1:1::10) on beijing/3, beijing's MAC
 * 00:aa:00:00:00:01, wuhan (00:aa:00:00:00:02) beyond beijing/1. Punted after routing, the frames
 * carry beijing's MAC to the next hop's and the hop limit one lower.
 */
public class BeyondScopeResponderTest {

    private static final ConnectPoint BEIJING_1 = ConnectPoint.deviceConnectPoint("device:beijing/1");
    private static final ConnectPoint BEIJING_3 = ConnectPoint.deviceConnectPoint("device:beijing/3");
    private static final MacAddress H_BJ_MAC = MacAddress.valueOf("00:00:00:00:01:10");
    private static final MacAddress BEIJING_MAC = MacAddress.valueOf("00:aa:00:00:00:01");
    private static final MacAddress WUHAN_MAC = MacAddress.valueOf("00:aa:00:00:00:02");
    private static final String H_BJ_LINK_LOCAL = "fe80::200:ff:fe00:110";
    private static final String FAR = "fd00:1:4::10";

    private final PuntedPackets packets = new PuntedPackets();
    private final AtomicLong now = new AtomicLong();
    private final BeyondScopeResponder responder = new BeyondScopeResponder();
    private TestHostService hosts;

    @Before
    public void setUp() {
        LabNetwork lab = new LabNetwork();
        PuntResponderWiring.packetService(responder, packets);
        hosts = TestHostService.lab();
        responder.hostService = hosts;
        responder.linkService = lab.linkService;
        responder.configService = lab.netcfg;
        responder.setNanoTime(now::get);
    }

    /** Punted after routing: the frame's MACs are beijing's and the next hop's. */
    private static InboundPacket routedPunt(ConnectPoint at, byte[] packet, int reason) {
        return punted(at, BEIJING_MAC, WUHAN_MAC, packet, reason);
    }

    private static InboundPacket outOfScope(ConnectPoint at, byte[] packet) {
        return routedPunt(at, packet, P4Defines.PUNT_OUT_OF_SCOPE);
    }

    @Test
    public void aLinkLocalSourceGetsCode2FromTheRoutersLinkLocalAddressWithThePacketAsItCame() {
        byte[] routed = udp(H_BJ_LINK_LOCAL, FAR, 63, 1400);
        assertEquals(Outcome.UNREACHABLE_SENT, responder.answer(outOfScope(BEIJING_3, routed)));
        byte[] frame = packets.sentOn(BEIJING_3);
        assertEquals("to the one host at the port (ONOS knows it by another address)", H_BJ_MAC,
                     MacAddress.valueOf(Arrays.copyOfRange(frame, 0, 6)));
        assertEquals(BEIJING_MAC, MacAddress.valueOf(Arrays.copyOfRange(frame, 6, 12)));
        assertEquals("from the router's link-local address: the destination is link-local",
                     RouterAddresses.linkLocal(BEIJING_MAC), address(frame, 22));
        assertEquals(Ip6Address.valueOf(H_BJ_LINK_LOCAL), address(frame, 38));
        assertArrayEquals("Destination Unreachable, beyond the scope of the source", new byte[] {1, 2},
                          Arrays.copyOfRange(frame, 54, 56));
        assertEquals("unused", 0, ByteBuffer.wrap(frame).getInt(58));
        byte[] asSent = routed.clone();
        asSent[7] = 64;
        assertEquals("cut to 1280 octets", 14 + 1280, frame.length);
        assertArrayEquals("quoted with the hop limit it came with", Arrays.copyOf(asSent, 1280 - 48),
                          Arrays.copyOfRange(frame, 62, frame.length));
        assertTrue("checksum over pseudo-header and message", checksumRight(frame));
    }

    @Test
    public void anApn6OptionThePolicyInsertedIsNotQuoted() {
        // Marked by an APN6 policy before routing punted it (core, full): the host never sent it.
        byte[] routed = udp(H_BJ_LINK_LOCAL, FAR, 63, 8);
        assertEquals(Outcome.UNREACHABLE_SENT, responder.answer(outOfScope(BEIJING_3, Ipv6Packets.withApn6(routed))));
        byte[] frame = packets.sentOn(BEIJING_3);
        byte[] asSent = routed.clone();
        asSent[7] = 64;
        assertArrayEquals(asSent, Arrays.copyOfRange(frame, 62, frame.length));
        assertTrue(checksumRight(frame));
    }

    @Test
    public void theHostThatHasTheSourceIsTheOneAnswered() {
        hosts.add("00:00:00:00:01:11", "device:beijing/3", "fd00:1:1::11", "fe80::11");
        assertEquals(Outcome.UNREACHABLE_SENT, responder.answer(outOfScope(BEIJING_3, udp("fe80::11", FAR, 9, 8))));
        assertEquals(MacAddress.valueOf("00:00:00:00:01:11"),
                     MacAddress.valueOf(Arrays.copyOfRange(packets.sentOn(BEIJING_3), 0, 6)));
        packets.emitted.clear();
        // Two hosts and neither has it: nobody to send it to.
        assertEquals(Outcome.NO_WAY_BACK, responder.answer(outOfScope(BEIJING_3, udp(H_BJ_LINK_LOCAL, FAR, 9, 8))));
        assertTrue(packets.emitted.isEmpty());
    }

    @Test
    public void neverToARouterWhichWouldTakeItOffTheLink() {
        assertEquals(Outcome.NO_WAY_BACK, responder.answer(outOfScope(BEIJING_1, udp("fe80::2", FAR, 63, 8))));
        assertEquals("not a Sixflow router", Outcome.NO_WAY_BACK,
                     responder.answer(outOfScope(ConnectPoint.deviceConnectPoint("device:other/1"),
                                                 udp(H_BJ_LINK_LOCAL, FAR, 63, 8))));
        assertTrue(packets.emitted.isEmpty());
    }

    @Test
    public void onlyALinkLocalSourceToAWiderScopeIsAnswered() {
        String[][] notAnswered = {
            {"fd00:1:1::10", "fe80::1", "a global source to a link-local destination"},
            {"fd00:9::1", FAR, "a global source: an MSR6 encapsulation's outer header"},
            {H_BJ_LINK_LOCAL, "fe80::99", "both link-local: no wider scope to leave for"},
            {H_BJ_LINK_LOCAL, "ff0e::1", "to a group"},
            {"::", FAR, "from the unspecified address"},
            {"::1", FAR, "from the loopback address"},
            {"ff02::1", FAR, "from a group"},
        };
        for (String[] c : notAnswered) {
            assertEquals(c[2], Outcome.NOT_ANSWERED, responder.answer(outOfScope(BEIJING_3, udp(c[0], c[1], 63, 8))));
        }
        byte[] error = ByteBuffer.allocate(48).putInt(0x6000_0000).putShort((short) 8).put((byte) 58).put((byte) 63)
                .put(Ip6Address.valueOf(H_BJ_LINK_LOCAL).toOctets()).put(Ip6Address.valueOf(FAR).toOctets())
                .put((byte) 1).put((byte) 0).putShort((short) 0).putInt(0).array();
        assertEquals("an ICMPv6 error", Outcome.NOT_ANSWERED, responder.answer(outOfScope(BEIJING_3, error)));
        assertTrue(packets.emitted.isEmpty());
        assertEquals(Long.valueOf(notAnswered.length + 1), responder.outcomes().get(Outcome.NOT_ANSWERED));
    }

    @Test
    public void otherPuntsAreLeftToOthersAndBadOnesAreCounted() {
        byte[] packet = udp(H_BJ_LINK_LOCAL, FAR, 63, 8);
        for (int reason : new int[] {P4Defines.PUNT_ASKED, P4Defines.PUNT_HOP_LIMIT, P4Defines.PUNT_NO_ROUTE,
                                     P4Defines.PUNT_FOR_ROUTER, P4Defines.PUNT_ILNP_LOCATOR_UPDATE,
                                     P4Defines.PUNT_NPTV6_SOURCE, P4Defines.PUNT_NPTV6_DESTINATION}) {
            assertEquals(Outcome.NOT_OUT_OF_SCOPE, responder.answer(routedPunt(BEIJING_3, packet, reason)));
        }
        byte[] notIpv6 = packet.clone();
        notIpv6[0] = 0x45;
        assertEquals(Outcome.MALFORMED, responder.answer(outOfScope(BEIJING_3, notIpv6)));
        assertEquals(Outcome.MALFORMED, responder.answer(outOfScope(BEIJING_3, Arrays.copyOf(packet, 39))));
        assertTrue(packets.emitted.isEmpty());
        assertEquals(Long.valueOf(2), responder.outcomes().get(Outcome.MALFORMED));
    }

    @Test
    public void eachDeviceIsRateLimited() {
        byte[] packet = udp(H_BJ_LINK_LOCAL, FAR, 63, 8);
        for (int i = 0; i < BeyondScopeResponder.BURST; i++) {
            assertEquals(Outcome.UNREACHABLE_SENT, responder.answer(outOfScope(BEIJING_3, packet)));
        }
        assertEquals(Outcome.RATE_LIMITED, responder.answer(outOfScope(BEIJING_3, packet)));
        now.addAndGet(1_000_000_000L / BeyondScopeResponder.PER_SECOND);
        assertEquals(Outcome.UNREACHABLE_SENT, responder.answer(outOfScope(BEIJING_3, packet)));
        assertEquals(Long.valueOf(1), responder.outcomes().get(Outcome.RATE_LIMITED));
    }

}
