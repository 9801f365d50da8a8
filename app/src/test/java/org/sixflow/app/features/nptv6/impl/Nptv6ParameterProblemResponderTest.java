// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.packet.InboundPacket;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.impl.Nptv6ParameterProblemResponder.Outcome;
import org.sixflow.app.impl.PuntResponderWiring;
import org.sixflow.app.testing.LabNetwork;
import org.sixflow.app.testing.PuntedPackets;
import org.sixflow.app.testing.TestHostService;
import org.sixflow.app.testing.TestInterfaceService;
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
 * The Parameter Problem the controller sends for a packet NPTv6 could not translate, on the lab of
 * docker/netcfg.json with beijing as the translator (its uplink beijing/1 where a mapping is given): its site's host h_bj (00:00:00:00:01:10,
 * fd00:1:1::10) on beijing/3, whose gateway fd00:1:1::1 is beijing's (00:aa:00:00:00:01); wuhan
 * (00:aa:00:00:00:02) beyond beijing/1 plays the provider, and wuhan/1 a translator's uplink with
 * no interface (its locator fd00:1:2::/64).
 */
public class Nptv6ParameterProblemResponderTest {

    private static final ConnectPoint BEIJING_1 = ConnectPoint.deviceConnectPoint("device:beijing/1");
    private static final ConnectPoint BEIJING_3 = ConnectPoint.deviceConnectPoint("device:beijing/3");
    private static final ConnectPoint WUHAN_1 = ConnectPoint.deviceConnectPoint("device:wuhan/1");
    private static final MacAddress H_BJ_MAC = MacAddress.valueOf("00:00:00:00:01:10");
    private static final MacAddress BEIJING_MAC = MacAddress.valueOf("00:aa:00:00:00:01");
    private static final MacAddress WUHAN_MAC = MacAddress.valueOf("00:aa:00:00:00:02");
    /** An inside address with subnet 0xFFFF, and an outside host. */
    private static final String INSIDE_FFFF = "fd00:1:1:ffff::10";
    private static final String OUTSIDE = "2001:db8:99::5";
    /** An external (provider) address with subnet 0xFFFF. */
    private static final String EXTERNAL_FFFF = "2001:db8:1:ffff::10";

    private final PuntedPackets packets = new PuntedPackets();
    private final AtomicLong now = new AtomicLong();
    private final Nptv6ParameterProblemResponder responder = new Nptv6ParameterProblemResponder();
    private final Nptv6MappingManagerFixture mappings = new Nptv6MappingManagerFixture();
    private TestHostService hosts;

    @Before
    public void setUp() {
        LabNetwork lab = mappings.lab;
        PuntResponderWiring.packetService(responder, packets);
        hosts = TestHostService.lab();
        responder.hostService = hosts;
        responder.linkService = lab.linkService;
        responder.interfaceService = TestInterfaceService.lab();
        responder.configService = lab.netcfg;
        responder.mappings = mappings.manager;
        responder.setNanoTime(now::get);
    }

    @After
    public void tearDown() {
        mappings.deactivate();
    }

    /** An ICMPv6 Destination Unreachable (an error) from src to dst, quoting nothing. */
    private static byte[] icmpv6Error(String src, String dst) {
        return ByteBuffer.allocate(48).putInt(0x6000_0000).putShort((short) 8).put((byte) 58).put((byte) 64)
                .put(Ip6Address.valueOf(src).toOctets()).put(Ip6Address.valueOf(dst).toOctets())
                .put((byte) 1).put((byte) 0).putShort((short) 0).putInt(0).array();
    }

    /** Going out, punted after routing: the frame's MACs are the next hop's (beijing to wuhan). */
    private static InboundPacket goingOut(ConnectPoint at, byte[] packet) {
        return punted(at, BEIJING_MAC, WUHAN_MAC, packet, P4Defines.PUNT_NPTV6_SOURCE);
    }

    /** Coming in at wuhan/1 from beijing, punted before routing: the frame as it came. */
    private static InboundPacket comingIn(byte[] packet) {
        return punted(WUHAN_1, BEIJING_MAC, WUHAN_MAC, packet, P4Defines.PUNT_NPTV6_DESTINATION);
    }

    @Test
    public void goingOutTheSourceIsPointedAtAndThePacketQuotedAsItCame() {
        hosts.add("00:00:00:00:01:10", "device:beijing/3", "fd00:1:1::10", INSIDE_FFFF);
        byte[] routed = udp(INSIDE_FFFF, OUTSIDE, 63, 16);
        assertEquals(Outcome.PARAMETER_PROBLEM_SENT, responder.answer(goingOut(BEIJING_3, routed)));
        byte[] frame = packets.sentOn(BEIJING_3);
        assertEquals("to the host with that source", H_BJ_MAC, MacAddress.valueOf(Arrays.copyOfRange(frame, 0, 6)));
        assertEquals(BEIJING_MAC, MacAddress.valueOf(Arrays.copyOfRange(frame, 6, 12)));
        assertEquals("from the gateway on the port", Ip6Address.valueOf("fd00:1:1::1"), address(frame, 22));
        assertEquals(Ip6Address.valueOf(INSIDE_FFFF), address(frame, 38));
        assertArrayEquals("Parameter Problem, erroneous header field", new byte[] {4, 0},
                          Arrays.copyOfRange(frame, 54, 56));
        assertEquals("pointing at the source address", 8, ByteBuffer.wrap(frame).getInt(58));
        byte[] asSent = routed.clone();
        asSent[7] = 64;
        assertArrayEquals("quoted with the hop limit it came with", asSent, Arrays.copyOfRange(frame, 62, frame.length));
        assertTrue("checksum over pseudo-header and message", checksumRight(frame));
    }

    @Test
    public void outOfAnUplinkTheRoutersAddressIsGivenAsTheSiteIsSeenOutside() {
        NamedNptv6Mapping site = NamedNptv6Mapping.of("site", Ip6Prefix.valueOf("fd00:1:1::/48"),
                                                      Ip6Prefix.valueOf("2001:db8:1::/48"), BEIJING_1);
        mappings.manager.add(site);
        byte[] received = udp(OUTSIDE, EXTERNAL_FFFF, 60, 8);
        assertEquals(Outcome.PARAMETER_PROBLEM_SENT,
                     responder.answer(punted(BEIJING_1, WUHAN_MAC, BEIJING_MAC, received,
                                             P4Defines.PUNT_NPTV6_DESTINATION)));
        byte[] frame = packets.sentOn(BEIJING_1);
        assertEquals(WUHAN_MAC, MacAddress.valueOf(Arrays.copyOfRange(frame, 0, 6)));
        Ip6Address from = address(frame, 22);
        assertEquals("beijing's fd00:1:1::1 in the external prefix, checksum-neutrally",
                     ChecksumNeutral.translate(Ip6Address.valueOf("fd00:1:1::1"), site.internalPrefix(),
                                               site.externalPrefix()).orElseThrow(), from);
        assertTrue(site.externalPrefix().contains(from));
        assertTrue(checksumRight(frame));
        packets.emitted.clear();
        // Another uplink's message is not translated by this mapping.
        assertEquals(Outcome.PARAMETER_PROBLEM_SENT,
                     responder.answer(punted(ConnectPoint.deviceConnectPoint("device:beijing/2"), WUHAN_MAC,
                                             BEIJING_MAC, received, P4Defines.PUNT_NPTV6_DESTINATION)));
        assertEquals(Ip6Address.valueOf("fd00:1:1::1"),
                     address(packets.sentOn(ConnectPoint.deviceConnectPoint("device:beijing/2")), 22));
    }

    @Test
    public void comingInTheDestinationIsPointedAtBackToTheMacItCameFrom() {
        byte[] received = udp(OUTSIDE, EXTERNAL_FFFF, 60, 1400);
        assertEquals(Outcome.PARAMETER_PROBLEM_SENT, responder.answer(comingIn(received)));
        byte[] frame = packets.sentOn(WUHAN_1);
        assertEquals("to the router it came from", BEIJING_MAC, MacAddress.valueOf(Arrays.copyOfRange(frame, 0, 6)));
        assertEquals("wuhan's locator, interface id 1 (no interface there)", Ip6Address.valueOf("fd00:1:2::1"),
                     address(frame, 22));
        assertEquals(Ip6Address.valueOf(OUTSIDE), address(frame, 38));
        assertEquals("pointing at the destination address", 24, ByteBuffer.wrap(frame).getInt(58));
        assertEquals("cut to 1280 octets", 14 + 1280, frame.length);
        assertArrayEquals(Arrays.copyOf(received, 1280 - 48), Arrays.copyOfRange(frame, 62, frame.length));
        assertTrue(checksumRight(frame));
    }

    @Test
    public void goingOutASourceOnlyTheLinkKnowsReachesTheOneHostThereElseTheNeighbouringRouter() {
        // ONOS learned h_bj by fd00:1:1::10 only: beijing/3 has no other host.
        assertEquals(Outcome.PARAMETER_PROBLEM_SENT,
                     responder.answer(goingOut(BEIJING_3, udp(INSIDE_FFFF, OUTSIDE, 63, 8))));
        assertEquals(H_BJ_MAC, MacAddress.valueOf(Arrays.copyOfRange(packets.sentOn(BEIJING_3), 0, 6)));
        packets.emitted.clear();
        // Routed in from another router: back to it, which routes the message on.
        assertEquals(Outcome.PARAMETER_PROBLEM_SENT,
                     responder.answer(goingOut(BEIJING_1, udp(INSIDE_FFFF, OUTSIDE, 63, 8))));
        byte[] frame = packets.sentOn(BEIJING_1);
        assertEquals(WUHAN_MAC, MacAddress.valueOf(Arrays.copyOfRange(frame, 0, 6)));
        assertEquals("not to a host on the link: from a global address", Ip6Address.valueOf("fd00:1:1::1"),
                     address(frame, 22));
        packets.emitted.clear();
        // A port with two hosts on it and no router: nobody to send it to.
        hosts.add("00:00:00:00:01:11", "device:beijing/3", "fd00:1:1::11");
        assertEquals(Outcome.NO_WAY_BACK, responder.answer(goingOut(BEIJING_3, udp(INSIDE_FFFF, OUTSIDE, 63, 8))));
        assertTrue(packets.emitted.isEmpty());
    }

    @Test
    public void rfc4443ForbidsSomeAnswers() {
        assertEquals("an ICMPv6 error", Outcome.NOT_ANSWERED,
                     responder.answer(goingOut(BEIJING_3, icmpv6Error(INSIDE_FFFF, OUTSIDE))));
        assertEquals("from a multicast address", Outcome.NOT_ANSWERED,
                     responder.answer(comingIn(udp("ff0e::1", EXTERNAL_FFFF, 60, 8))));
        assertEquals("from the unspecified address", Outcome.NOT_ANSWERED,
                     responder.answer(comingIn(udp("::", EXTERNAL_FFFF, 60, 8))));
        assertEquals("to a link-layer group address", Outcome.NOT_ANSWERED,
                     responder.answer(punted(WUHAN_1, BEIJING_MAC, MacAddress.valueOf("33:33:00:00:00:01"),
                                             udp(OUTSIDE, EXTERNAL_FFFF, 60, 8), P4Defines.PUNT_NPTV6_DESTINATION)));
        assertEquals("from a link-layer group address", Outcome.NOT_ANSWERED,
                     responder.answer(punted(WUHAN_1, MacAddress.valueOf("33:33:00:00:00:01"), WUHAN_MAC,
                                             udp(OUTSIDE, EXTERNAL_FFFF, 60, 8), P4Defines.PUNT_NPTV6_DESTINATION)));
        assertTrue(packets.emitted.isEmpty());
        assertEquals(Long.valueOf(5), responder.outcomes().get(Outcome.NOT_ANSWERED));
    }

    @Test
    public void otherPuntsAreLeftToOthersAndBadOnesAreCounted() {
        byte[] packet = udp(OUTSIDE, EXTERNAL_FFFF, 60, 8);
        for (int reason : new int[] {P4Defines.PUNT_ASKED, P4Defines.PUNT_NO_ROUTE, P4Defines.PUNT_FOR_ROUTER,
                                     P4Defines.PUNT_ILNP_LOCATOR_UPDATE, P4Defines.PUNT_OUT_OF_SCOPE}) {
            assertEquals(Outcome.NOT_NPTV6, responder.answer(punted(WUHAN_1, BEIJING_MAC, WUHAN_MAC, packet, reason)));
        }
        byte[] notIpv6 = packet.clone();
        notIpv6[0] = 0x45;
        assertEquals(Outcome.MALFORMED, responder.answer(comingIn(notIpv6)));
        assertEquals(Outcome.MALFORMED, responder.answer(comingIn(Arrays.copyOf(packet, 39))));
        assertEquals("not a Sixflow router", Outcome.NO_WAY_BACK,
                     responder.answer(punted(ConnectPoint.deviceConnectPoint("device:other/1"), BEIJING_MAC,
                                             WUHAN_MAC, packet, P4Defines.PUNT_NPTV6_DESTINATION)));
        assertTrue(packets.emitted.isEmpty());
    }

    @Test
    public void eachDeviceIsRateLimited() {
        byte[] packet = udp(OUTSIDE, EXTERNAL_FFFF, 60, 8);
        for (int i = 0; i < Nptv6ParameterProblemResponder.BURST; i++) {
            assertEquals(Outcome.PARAMETER_PROBLEM_SENT, responder.answer(comingIn(packet)));
        }
        assertEquals(Outcome.RATE_LIMITED, responder.answer(comingIn(packet)));
        assertEquals("another device has its own", Outcome.PARAMETER_PROBLEM_SENT,
                     responder.answer(goingOut(BEIJING_3, udp(INSIDE_FFFF, OUTSIDE, 63, 8))));
        now.addAndGet(1_000_000_000L / Nptv6ParameterProblemResponder.PER_SECOND);
        assertEquals(Outcome.PARAMETER_PROBLEM_SENT, responder.answer(comingIn(packet)));
        assertEquals(Long.valueOf(1), responder.outcomes().get(Outcome.RATE_LIMITED));
    }

}
