// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.instructions.Instructions.OutputInstruction;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconf;
import org.sixflow.app.features.routing.impl.RouterIcmpResponder.Outcome;
import org.sixflow.app.impl.LocalAddressRegistry;
import org.sixflow.app.impl.PuntResponderWiring;
import org.sixflow.app.packet.Ipv6Checksum;
import org.sixflow.app.testing.LabNetwork;
import org.sixflow.app.testing.TestHostService;
import org.sixflow.app.testing.TestInterfaceService;
import org.sixflow.app.testing.TestPipeconfService;
import org.sixflow.pipeconf.P4Defines;
import org.sixflow.pipeconf.RecirculationPorts;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.testing.PuntedFrames.address;
import static org.sixflow.app.testing.PuntedFrames.punted;
import static org.sixflow.app.testing.PuntedFrames.udp;

/**
 * What the controller answers for routing's punts, on the lab of docker/netcfg.json: h_bj
 * (fd00:1:1::10, 00:00:00:00:01:10) on beijing/3, whose gateway fd00:1:1::1 is beijing's
 * (00:aa:00:00:00:01); wuhan (00:aa:00:00:00:02, locator fd00:1:2::/64) has no interface.
 */
public class RouterIcmpResponderTest {

    private static final ConnectPoint BEIJING_3 = ConnectPoint.deviceConnectPoint("device:beijing/3");
    private static final ConnectPoint WUHAN_1 = ConnectPoint.deviceConnectPoint("device:wuhan/1");
    private static final MacAddress H_BJ_MAC = MacAddress.valueOf("00:00:00:00:01:10");
    private static final MacAddress BEIJING_MAC = MacAddress.valueOf("00:aa:00:00:00:01");
    private static final MacAddress WUHAN_MAC = MacAddress.valueOf("00:aa:00:00:00:02");
    private static final String H_BJ = "fd00:1:1::10";
    private static final String H_SH = "fd00:1:4::10";

    private final List<OutboundPacket> emitted = new ArrayList<>();
    private final AtomicLong now = new AtomicLong();
    private final RouterIcmpResponder responder = new RouterIcmpResponder();
    private final LocalAddressRegistry localAddresses = new LocalAddressRegistry();

    @Before
    public void setUp() {
        LabNetwork lab = new LabNetwork();
        PuntResponderWiring.packetService(responder, new PacketServiceAdapter() {
            @Override
            public void emit(OutboundPacket packet) {
                emitted.add(packet);
            }
        });
        responder.hostService = TestHostService.lab();
        responder.localAddresses = localAddresses;
        responder.interfaceService = TestInterfaceService.lab();
        responder.configService = lab.netcfg;
        responder.setNanoTime(now::get);
    }

    /** An Echo Request, identifier 0x1234, sequence 7, data "sixflow", its checksum worked out apart. */
    private static byte[] echoRequest(int hopLimit) {
        return ByteBuffer.allocate(40 + 15).putInt(0x6000_0000).putShort((short) 15).put((byte) 58)
                .put((byte) hopLimit).put(Ip6Address.valueOf(H_BJ).toOctets())
                .put(Ip6Address.valueOf("fd00:1:1::1").toOctets()).put((byte) 128).put((byte) 0)
                .putShort((short) 0xa424).putShort((short) 0x1234).putShort((short) 7).put("sixflow".getBytes())
                .array();
    }

    private static InboundPacket fromHBj(byte[] packet, int reason) {
        return punted(BEIJING_3, H_BJ_MAC, BEIJING_MAC, packet, reason);
    }

    @Test
    public void anExpiredPacketGetsTimeExceededFromTheGatewayWithThePacketQuoted() {
        byte[] sent = udp(H_BJ, H_SH, 1, 8);
        assertEquals(Outcome.TIME_EXCEEDED_SENT, responder.answer(fromHBj(sent, P4Defines.PUNT_HOP_LIMIT)));
        byte[] frame = sentOn(BEIJING_3);
        assertEquals("back to the MAC it came from", H_BJ_MAC, MacAddress.valueOf(Arrays.copyOfRange(frame, 0, 6)));
        assertEquals(BEIJING_MAC, MacAddress.valueOf(Arrays.copyOfRange(frame, 6, 12)));
        assertEquals(40 + 8 + 8 + 8, Short.toUnsignedInt(ByteBuffer.wrap(frame).getShort(18)));
        assertEquals("from the gateway on the port", Ip6Address.valueOf("fd00:1:1::1"), address(frame, 22));
        assertEquals(Ip6Address.valueOf(H_BJ), address(frame, 38));
        assertArrayEquals("Time Exceeded, code 0, unused 0", new byte[] {3, 0}, Arrays.copyOfRange(frame, 54, 56));
        assertEquals(0, ByteBuffer.wrap(frame).getInt(58));
        assertArrayEquals(sent, Arrays.copyOfRange(frame, 62, frame.length));
        assertEquals("checksum over pseudo-header and message", 0xffff, onesComplementSum(frame));
    }

    @Test
    public void aPacketPuntedOnItsSecondPassIsAnsweredThroughThePipeline() {
        // UE to UE round beijing (gtpu on bmv2): UE A's packet, its hop limit spent, came up from
        // the recirculation port; UE A is behind its tunnel, so the answer is routed by the pipeline.
        TestPipeconfService pipeconfs = new TestPipeconfService();
        PiPipeconf gtpu = BundledPipeconfs.bmv2("gtpu");
        pipeconfs.register(gtpu);
        pipeconfs.bindToDevice(gtpu.id(), BEIJING_3.deviceId());
        PuntResponderWiring.pipeconfService(responder, pipeconfs);
        ConnectPoint recirculation = ConnectPoint.deviceConnectPoint("device:beijing/" + RecirculationPorts.BMV2);
        MacAddress gnb = MacAddress.valueOf("00:00:00:00:0e:01");
        byte[] sent = udp("fd00:98::5", "fd00:99::7", 1, 8);
        assertEquals(Outcome.TIME_EXCEEDED_SENT,
                     responder.answer(punted(recirculation, gnb, BEIJING_MAC, sent, P4Defines.PUNT_HOP_LIMIT)));
        assertEquals(1, emitted.size());
        OutboundPacket out = emitted.get(0);
        assertEquals(PortNumber.TABLE, ((OutputInstruction) out.treatment().allInstructions().get(0)).port());
        byte[] frame = new byte[out.data().remaining()];
        out.data().duplicate().get(frame);
        assertEquals("to the router itself", BEIJING_MAC, MacAddress.valueOf(Arrays.copyOfRange(frame, 0, 6)));
        assertEquals(BEIJING_MAC, MacAddress.valueOf(Arrays.copyOfRange(frame, 6, 12)));
        assertEquals(Ip6Address.valueOf("fd00:98::5"), address(frame, 38));
        assertArrayEquals(new byte[] {3, 0}, Arrays.copyOfRange(frame, 54, 56));
        assertArrayEquals(sent, Arrays.copyOfRange(frame, 62, frame.length));
        assertEquals(0xffff, onesComplementSum(frame));
    }

    @Test
    public void anApn6OptionThePolicyInsertedIsNotQuoted() {
        // Marked by an APN6 policy before routing punted it: the source never sent the option.
        byte[] sent = udp(H_BJ, H_SH, 1, 8);
        assertEquals(Outcome.TIME_EXCEEDED_SENT,
                     responder.answer(fromHBj(Ipv6Packets.withApn6(sent), P4Defines.PUNT_HOP_LIMIT)));
        byte[] frame = sentOn(BEIJING_3);
        assertArrayEquals("the packet as the source sent it", sent, Arrays.copyOfRange(frame, 62, frame.length));
        assertEquals(0xffff, onesComplementSum(frame));
    }

    @Test
    public void aPacketWithoutARouteGetsDestinationUnreachableCutTo1280() {
        byte[] sent = udp(H_BJ, "fd00:9::1", 64, 1400);
        assertEquals(Outcome.UNREACHABLE_SENT, responder.answer(fromHBj(sent, P4Defines.PUNT_NO_ROUTE)));
        byte[] frame = sentOn(BEIJING_3);
        assertEquals(14 + 1280, frame.length);
        assertArrayEquals("Destination Unreachable, no route", new byte[] {1, 0}, Arrays.copyOfRange(frame, 54, 56));
        assertArrayEquals(Arrays.copyOf(sent, 1280 - 48), Arrays.copyOfRange(frame, 62, frame.length));
        assertEquals(0xffff, onesComplementSum(frame));
    }

    @Test
    public void aRouterWithoutInterfacesAnswersFromItsLocatorAddress() {
        byte[] fromAfar = udp(H_SH, H_BJ, 1, 8);
        assertEquals(Outcome.TIME_EXCEEDED_SENT,
                     responder.answer(punted(WUHAN_1, BEIJING_MAC, WUHAN_MAC, fromAfar, P4Defines.PUNT_HOP_LIMIT)));
        byte[] frame = sentOn(WUHAN_1);
        assertEquals("to the router it came from", BEIJING_MAC, MacAddress.valueOf(Arrays.copyOfRange(frame, 0, 6)));
        assertEquals("wuhan's locator, interface id 1", Ip6Address.valueOf("fd00:1:2::1"), address(frame, 22));
        assertEquals(Ip6Address.valueOf(H_SH), address(frame, 38));
    }

    @Test
    public void aPingToTheRouterIsAnsweredWithTheSameIdentifierSequenceAndData() {
        assertEquals(Outcome.ECHO_REPLIED, responder.answer(fromHBj(echoRequest(64), P4Defines.PUNT_FOR_ROUTER)));
        byte[] frame = sentOn(BEIJING_3);
        ByteBuffer expected = ByteBuffer.allocate(14 + 55).put(H_BJ_MAC.toBytes()).put(BEIJING_MAC.toBytes())
                .putShort((short) 0x86dd).putInt(0x6000_0000).putShort((short) 15).put((byte) 58).put((byte) 255)
                .put(Ip6Address.valueOf("fd00:1:1::1").toOctets()).put(Ip6Address.valueOf(H_BJ).toOctets())
                .put((byte) 129).put((byte) 0).putShort((short) 0xa324).putShort((short) 0x1234).putShort((short) 7)
                .put("sixflow".getBytes());
        assertArrayEquals(expected.array(), frame);
    }

    @Test
    public void aPingToTheRouterAtHopLimitOneIsAnsweredNotExpired() {
        assertEquals("not forwarded, so not expired", Outcome.ECHO_REPLIED,
                     responder.answer(fromHBj(echoRequest(1), P4Defines.PUNT_HOP_LIMIT)));
        assertEquals(129, Byte.toUnsignedInt(sentOn(BEIJING_3)[54]));
    }

    @Test
    public void anAddressAFeatureEndsOnTheRouterIsItsOwn() {
        // GTP-U's N3 address: a ping to it at hop limit 1 is answered, not expired, and nothing
        // from it is answered (an error about the router's own packet).
        String n3 = "fd00:1:1::2152:1";
        localAddresses.addProvider(device -> device.equals(BEIJING_3.deviceId())
                ? Set.of(Ip6Address.valueOf(n3)) : Set.of());
        byte[] ping = echoRequest(1);
        System.arraycopy(Ip6Address.valueOf(n3).toOctets(), 0, ping, 24, 16);
        ping[42] = 0;
        ping[43] = 0;
        int checksum = Ipv6Checksum.of(Ip6Address.valueOf(H_BJ), Ip6Address.valueOf(n3), Ipv6Checksum.ICMPV6,
                                       ping, 40, 15);
        ping[42] = (byte) (checksum >> 8);
        ping[43] = (byte) checksum;
        assertEquals(Outcome.ECHO_REPLIED, responder.answer(fromHBj(ping, P4Defines.PUNT_HOP_LIMIT)));
        byte[] reply = sentOn(BEIJING_3);
        assertEquals(129, Byte.toUnsignedInt(reply[54]));
        assertEquals(Ip6Address.valueOf(n3), Ip6Address.valueOf(Arrays.copyOfRange(reply, 22, 38)));
        assertEquals(Outcome.NOT_ANSWERED,
                     responder.answer(fromHBj(udp(n3, H_SH, 1, 8), P4Defines.PUNT_HOP_LIMIT)));
    }

    @Test
    public void rfc4443ForbidsSomeAnswers() {
        byte[] error = ByteBuffer.allocate(48).putInt(0x6000_0000).putShort((short) 8).put((byte) 58).put((byte) 1)
                .put(Ip6Address.valueOf(H_BJ).toOctets()).put(Ip6Address.valueOf(H_SH).toOctets())
                .put((byte) 1).array();
        assertEquals("an ICMPv6 error", Outcome.NOT_ANSWERED,
                     responder.answer(fromHBj(error, P4Defines.PUNT_HOP_LIMIT)));
        assertEquals("a multicast source", Outcome.NOT_ANSWERED,
                     responder.answer(fromHBj(udp("ff02::1", H_SH, 1, 8), P4Defines.PUNT_HOP_LIMIT)));
        assertEquals("the unspecified source", Outcome.NOT_ANSWERED,
                     responder.answer(fromHBj(udp("::", H_SH, 1, 8), P4Defines.PUNT_NO_ROUTE)));
        assertEquals("a multicast destination", Outcome.NOT_ANSWERED,
                     responder.answer(fromHBj(udp(H_BJ, "ff0e::1", 1, 8), P4Defines.PUNT_HOP_LIMIT)));
        assertEquals("sent to a link-layer group address", Outcome.NOT_ANSWERED,
                     responder.answer(punted(BEIJING_3, H_BJ_MAC, MacAddress.valueOf("33:33:00:00:00:01"),
                                             udp(H_BJ, H_SH, 1, 8), P4Defines.PUNT_HOP_LIMIT)));
        assertEquals("from the router's own address", Outcome.NOT_ANSWERED,
                     responder.answer(fromHBj(udp("fd00:1:1::1", H_SH, 1, 8), P4Defines.PUNT_HOP_LIMIT)));
        assertEquals("to the router, not an Echo Request", Outcome.NOT_ANSWERED,
                     responder.answer(fromHBj(udp(H_BJ, "fd00:1:1::1", 64, 8), P4Defines.PUNT_FOR_ROUTER)));
        assertTrue(emitted.isEmpty());
        assertEquals(Long.valueOf(7), responder.outcomes().get(Outcome.NOT_ANSWERED));
    }

    @Test
    public void whatTheControllerAskedForIsLeftToOthers() {
        assertEquals(Outcome.NOT_ROUTING, responder.answer(fromHBj(udp(H_BJ, H_SH, 1, 8), P4Defines.PUNT_ASKED)));
        assertEquals("not a Sixflow router", Outcome.NO_WAY_BACK,
                     responder.answer(punted(ConnectPoint.deviceConnectPoint("device:other/1"), H_BJ_MAC, BEIJING_MAC,
                                             udp(H_BJ, H_SH, 1, 8), P4Defines.PUNT_HOP_LIMIT)));
        assertTrue(emitted.isEmpty());
    }

    @Test
    public void anotherFeaturesPuntIsLeftToIt() {
        // PUNT_OUT_OF_SCOPE is routing's too, but BeyondScopeResponder's to answer.
        for (int reason : new int[] {P4Defines.PUNT_ILNP_LOCATOR_UPDATE, P4Defines.PUNT_NPTV6_SOURCE,
                                     P4Defines.PUNT_NPTV6_DESTINATION, P4Defines.PUNT_OUT_OF_SCOPE}) {
            assertEquals(Outcome.NOT_ROUTING, responder.answer(fromHBj(udp(H_BJ, H_SH, 64, 8), reason)));
        }
        assertTrue(emitted.isEmpty());
    }

    @Test
    public void eachDeviceIsRateLimited() {
        byte[] sent = udp(H_BJ, H_SH, 1, 8);
        for (int i = 0; i < RouterIcmpResponder.BURST; i++) {
            assertEquals(Outcome.TIME_EXCEEDED_SENT, responder.answer(fromHBj(sent, P4Defines.PUNT_HOP_LIMIT)));
        }
        assertEquals(Outcome.RATE_LIMITED, responder.answer(fromHBj(sent, P4Defines.PUNT_NO_ROUTE)));
        assertEquals("pings share the budget", Outcome.RATE_LIMITED,
                     responder.answer(fromHBj(echoRequest(64), P4Defines.PUNT_FOR_ROUTER)));
        assertEquals("another device has its own", Outcome.TIME_EXCEEDED_SENT,
                     responder.answer(punted(WUHAN_1, BEIJING_MAC, WUHAN_MAC, udp(H_SH, H_BJ, 1, 8),
                                             P4Defines.PUNT_HOP_LIMIT)));
        now.addAndGet(1_000_000_000L / RouterIcmpResponder.PER_SECOND);
        assertEquals(Outcome.ECHO_REPLIED, responder.answer(fromHBj(echoRequest(64), P4Defines.PUNT_FOR_ROUTER)));
        assertEquals(Long.valueOf(2), responder.outcomes().get(Outcome.RATE_LIMITED));
    }

    private byte[] sentOn(ConnectPoint port) {
        assertEquals(1, emitted.size());
        OutboundPacket out = emitted.get(0);
        assertEquals(port.deviceId(), out.sendThrough());
        assertEquals(port.port(), ((OutputInstruction) out.treatment().allInstructions().get(0)).port());
        byte[] frame = new byte[out.data().remaining()];
        out.data().duplicate().get(frame);
        return frame;
    }

    /** RFC 1071 over the pseudo-header and the ICMPv6 message: 0xffff when the checksum is right. */
    private static int onesComplementSum(byte[] frame) {
        int length = Short.toUnsignedInt(ByteBuffer.wrap(frame).getShort(18));
        byte[] pseudo = ByteBuffer.allocate(40 + length).put(frame, 22, 32).putInt(length).put(new byte[3])
                .put((byte) 58).put(frame, 54, length).array();
        long sum = 0;
        for (int i = 0; i < pseudo.length; i += 2) {
            sum += (Byte.toUnsignedInt(pseudo[i]) << 8) | (i + 1 < pseudo.length ? Byte.toUnsignedInt(pseudo[i + 1]) : 0);
        }
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        return (int) sum;
    }
}
