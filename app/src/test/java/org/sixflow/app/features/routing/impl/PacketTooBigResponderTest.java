// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.instructions.Instructions.OutputInstruction;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconf;
import org.sixflow.app.api.PacketTooBigService.Outcome;
import org.sixflow.app.api.TooBigReport;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.testing.LabNetwork;
import org.sixflow.app.testing.TestHostService;
import org.sixflow.app.testing.TestInterfaceService;
import org.sixflow.app.testing.TestPipeconfService;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.routing.impl.Ipv6Packets.icmpv6;
import static org.sixflow.app.features.routing.impl.Ipv6Packets.inGtpu;
import static org.sixflow.app.features.routing.impl.Ipv6Packets.inMsr6;
import static org.sixflow.app.features.routing.impl.Ipv6Packets.ipv6;
import static org.sixflow.app.features.routing.impl.Ipv6Packets.udp;
import static org.sixflow.app.features.routing.impl.Ipv6Packets.withApn6;

/**
 * The Packet Too Big a router's report turns into, on the lab of docker/netcfg.json: h_bj
 * (fd00:1:1::10, 00:00:00:00:01:10) on beijing/3, whose gateway fd00:1:1::1 is beijing's
 * (00:aa:00:00:00:01); beijing/1 is linked to wuhan (00:aa:00:00:00:02).
 */
public class PacketTooBigResponderTest {

    private static final ConnectPoint BEIJING_3 = ConnectPoint.deviceConnectPoint("device:beijing/3");
    private static final ConnectPoint BEIJING_1 = ConnectPoint.deviceConnectPoint("device:beijing/1");
    private static final String H_BJ = "fd00:1:1::10";
    private static final String H_SH = "fd00:1:4::10";
    private static final byte[] SENT = ipv6(H_BJ, H_SH, 17, udp(1460));

    private final List<OutboundPacket> emitted = new ArrayList<>();
    private final AtomicLong now = new AtomicLong();
    private final PacketTooBigResponder responder = new PacketTooBigResponder();
    private final TestPipeconfService pipeconfs = new TestPipeconfService();
    private LabNetwork lab;

    @Before
    public void setUp() {
        lab = new LabNetwork();
        responder.packetService = new PacketServiceAdapter() {
            @Override
            public void emit(OutboundPacket packet) {
                emitted.add(packet);
            }
        };
        responder.hostService = TestHostService.lab();
        responder.interfaceService = TestInterfaceService.lab();
        responder.linkService = lab.linkService;
        responder.configService = lab.netcfg;
        responder.pipeconfService = pipeconfs;
        responder.setNanoTime(now::get);
    }

    /** beijing runs the gtpu profile on bmv2: its recirculation port is 510. */
    private void beijingRunsGtpu() {
        PiPipeconf gtpu = BundledPipeconfs.bmv2("gtpu");
        pipeconfs.register(gtpu);
        pipeconfs.bindToDevice(gtpu.id(), BEIJING_3.deviceId());
    }

    /** A report of a packet the router grew. */
    private static TooBigReport report(ConnectPoint in, int mtu, byte[] packet) {
        return new TooBigReport(in, PortNumber.portNumber(2), mtu, true, packet);
    }

    /** A report of a packet the router forwards as it came. */
    private static TooBigReport forwarded(ConnectPoint in, int mtu, byte[] packet) {
        return new TooBigReport(in, PortNumber.portNumber(2), mtu, false, packet);
    }

    @Test
    public void theSourceOfAPacketGrownByApn6IsToldTheMtuLessTheInsertion() {
        assertEquals(Outcome.SENT, responder.answer(report(BEIJING_3, 1500, withApn6(SENT))));
        byte[] frame = sentOn(BEIJING_3);
        ByteBuffer b = ByteBuffer.wrap(frame);
        assertEquals(MacAddress.valueOf("00:00:00:00:01:10"), MacAddress.valueOf(Arrays.copyOfRange(frame, 0, 6)));
        assertEquals(MacAddress.valueOf("00:aa:00:00:00:01"), MacAddress.valueOf(Arrays.copyOfRange(frame, 6, 12)));
        assertEquals(0x86dd, Short.toUnsignedInt(b.getShort(12)));
        assertEquals(6, frame[14] >>> 4);
        assertEquals("the whole message within 1280 octets", 1280 - 40, Short.toUnsignedInt(b.getShort(18)));
        assertEquals(58, frame[20]);
        assertEquals(255, Byte.toUnsignedInt(frame[21]));
        assertEquals("from the gateway on the port", Ip6Address.valueOf("fd00:1:1::1"), address(frame, 22));
        assertEquals(Ip6Address.valueOf(H_BJ), address(frame, 38));
        assertEquals("Packet Too Big", 2, frame[54]);
        assertEquals(0, frame[55]);
        assertEquals(1500 - 24, b.getInt(58));
        assertArrayEquals("as much of the packet the source sent as fits",
                          Arrays.copyOf(SENT, 1280 - 48), Arrays.copyOfRange(frame, 62, frame.length));
        assertEquals("checksum over pseudo-header and message", 0xffff, onesComplementSum(frame));
    }

    @Test
    public void anEncapsulationIsTakenOffTheMtuAndTheSmallPacketQuotedWhole() {
        byte[] small = ipv6(H_BJ, "ff3e::1", 17, udp(300));
        assertEquals(Outcome.SENT, responder.answer(report(BEIJING_3, 1400, inMsr6(withApn6(small), 3))));
        byte[] frame = sentOn(BEIJING_3);
        assertEquals(1400 - 96 - 24, ByteBuffer.wrap(frame).getInt(58));
        assertArrayEquals(small, Arrays.copyOfRange(frame, 62, frame.length));
        assertEquals(0xffff, onesComplementSum(frame));
    }

    @Test
    public void aGtpuTunnelIsTakenOffTheMtuAndTheSourceOnTheDataNetworkTold() {
        // A packet from h_bj to a UE, too big for the tunnel's port once encapsulated (with a QFI).
        byte[] toUe = ipv6(H_BJ, "fd00:99::7", 17, udp(1400));
        assertEquals(Outcome.SENT, responder.answer(report(BEIJING_3, 1480, inGtpu(toUe, 0x17, true))));
        byte[] frame = sentOn(BEIJING_3);
        assertEquals(MacAddress.valueOf("00:00:00:00:01:10"), MacAddress.valueOf(Arrays.copyOfRange(frame, 0, 6)));
        assertEquals(Ip6Address.valueOf(H_BJ), address(frame, 38));
        assertEquals("the tunnel's 64 octets taken off", 1480 - 64, ByteBuffer.wrap(frame).getInt(58));
        assertArrayEquals(Arrays.copyOf(toUe, 1280 - 48), Arrays.copyOfRange(frame, 62, frame.length));
        assertEquals(0xffff, onesComplementSum(frame));
    }

    @Test
    public void aPacketOnItsSecondPassIsAnsweredThroughThePipelineToTheRouterItself() {
        // UE to UE: UE A's packet went round beijing (in by its recirculation port, 510) and was
        // too big for UE B's tunnel. UE A is behind its own tunnel: only the pipeline knows the way.
        beijingRunsGtpu();
        String ueA = "fd00:98::5";
        byte[] fromUeA = ipv6(ueA, "fd00:99::7", 17, udp(1400));
        ConnectPoint recirculation = ConnectPoint.deviceConnectPoint("device:beijing/510");
        assertEquals(Outcome.SENT, responder.answer(report(recirculation, 1480, inGtpu(fromUeA, 0x17, false))));
        assertEquals(1, emitted.size());
        OutboundPacket out = emitted.get(0);
        assertEquals(BEIJING_3.deviceId(), out.sendThrough());
        assertEquals(PortNumber.TABLE, ((OutputInstruction) out.treatment().allInstructions().get(0)).port());
        byte[] frame = new byte[out.data().remaining()];
        out.data().duplicate().get(frame);
        MacAddress beijing = MacAddress.valueOf("00:aa:00:00:00:01");
        assertEquals("to the router, which routes it", beijing, MacAddress.valueOf(Arrays.copyOfRange(frame, 0, 6)));
        assertEquals(beijing, MacAddress.valueOf(Arrays.copyOfRange(frame, 6, 12)));
        assertEquals(Ip6Address.valueOf(ueA), address(frame, 38));
        assertEquals(1480 - 56, ByteBuffer.wrap(frame).getInt(58));
        assertEquals(0xffff, onesComplementSum(frame));
        emitted.clear();
        // Where the device's profile does not recirculate, port 510 is a port like any, with no way back.
        assertEquals(Outcome.NO_WAY_BACK, responder.answer(report(
                ConnectPoint.deviceConnectPoint("device:nanjing/510"), 1480, inGtpu(fromUeA, 0x17, false))));
    }

    @Test
    public void aPacketForwardedAsItCameIsAnsweredWithThePortsMtu() {
        byte[] fromAfar = ipv6(H_SH, H_BJ, 17, udp(1460));
        assertEquals(Outcome.SENT, responder.answer(forwarded(BEIJING_1, 1400, fromAfar)));
        byte[] frame = sentOn(BEIJING_1);
        assertEquals(Ip6Address.valueOf(H_SH), address(frame, 38));
        assertEquals("nothing taken off", 1400, ByteBuffer.wrap(frame).getInt(58));
        assertArrayEquals(Arrays.copyOf(fromAfar, 1280 - 48), Arrays.copyOfRange(frame, 62, frame.length));
        assertEquals(0xffff, onesComplementSum(frame));
    }

    @Test
    public void aReportWithoutTheMtuIsAnsweredWithThePortsMtuFromNetcfg() {
        // Tofino's report leaves the MTU out: beijing's ports have 1500 (docker/netcfg.json).
        byte[] fromAfar = ipv6(H_SH, H_BJ, 17, udp(1460));
        assertEquals(Outcome.SENT, responder.answer(forwarded(BEIJING_1, 0, fromAfar)));
        assertEquals(1500, ByteBuffer.wrap(sentOn(BEIJING_1)).getInt(58));
        emitted.clear();
        assertEquals(Outcome.SENT, responder.answer(report(BEIJING_3, 0, withApn6(SENT))));
        assertEquals("the insertion taken off", 1500 - 24, ByteBuffer.wrap(sentOn(BEIJING_3)).getInt(58));
    }

    @Test
    public void aReportWithoutTheMtuOfAPortNetcfgNoLongerGivesOneIsNotAnswered() {
        ObjectNode beijing = (ObjectNode) lab.netcfg.getConfig(BEIJING_1.deviceId(), SixflowDeviceConfig.class)
                .node().deepCopy();
        beijing.remove(SixflowDeviceConfig.MTU);
        beijing.remove(SixflowDeviceConfig.PORT_MTU);
        lab.netcfg.applyConfig(BEIJING_1.deviceId(), SixflowDeviceConfig.class, beijing);
        byte[] fromAfar = ipv6(H_SH, H_BJ, 17, udp(1460));
        assertEquals(Outcome.NO_MTU, responder.answer(forwarded(BEIJING_1, 0, fromAfar)));
        assertTrue(emitted.isEmpty());
        assertEquals("a report that gives it needs none", Outcome.SENT,
                     responder.answer(forwarded(BEIJING_1, 1400, fromAfar)));
        assertEquals(Long.valueOf(1), responder.outcomes().get(Outcome.NO_MTU));
    }

    @Test
    public void aTransitEncapsulationIsAnsweredToItsOuterSourceWhole() {
        // Another node grew it: its outer source, the tree's ingress edge, is the one told,
        // through the neighbour it came from.
        byte[] transit = inMsr6(withApn6(SENT), 3);
        assertEquals(Outcome.SENT, responder.answer(forwarded(BEIJING_1, 1400, transit)));
        byte[] frame = sentOn(BEIJING_1);
        assertEquals(Ip6Address.valueOf("fd00:1::1"), address(frame, 38));
        assertEquals(1400, ByteBuffer.wrap(frame).getInt(58));
        assertArrayEquals(Arrays.copyOf(transit, 1280 - 48), Arrays.copyOfRange(frame, 62, frame.length));
    }

    @Test
    public void aForwardedPacketThatIsNoIpv6PacketIsMalformed() {
        byte[] notIpv6 = SENT.clone();
        notIpv6[0] = 0x45;
        assertEquals(Outcome.MALFORMED, responder.answer(forwarded(BEIJING_3, 1400, notIpv6)));
        assertEquals(Outcome.MALFORMED, responder.answer(forwarded(BEIJING_3, 1400, Arrays.copyOf(SENT, 39))));
        assertTrue(emitted.isEmpty());
    }

    @Test
    public void theMtuGivenIsNeverBelow1280() {
        assertEquals(Outcome.SENT, responder.answer(report(BEIJING_3, 1300, inMsr6(SENT, 8))));
        assertEquals(1280, ByteBuffer.wrap(sentOn(BEIJING_3)).getInt(58));
    }

    @Test
    public void aSourceBehindAnotherRouterIsReachedThroughIt() {
        byte[] fromAfar = ipv6(H_SH, H_BJ, 17, udp(1460));
        assertEquals(Outcome.SENT, responder.answer(report(BEIJING_1, 1500, withApn6(fromAfar))));
        byte[] frame = sentOn(BEIJING_1);
        assertEquals("to wuhan, which routes it", MacAddress.valueOf("00:aa:00:00:00:02"),
                     MacAddress.valueOf(Arrays.copyOfRange(frame, 0, 6)));
        assertEquals("from an address of beijing's that routes", Ip6Address.valueOf("fd00:1:1::1"), address(frame, 22));
        assertEquals(Ip6Address.valueOf(H_SH), address(frame, 38));
    }

    @Test
    public void errorsMulticastAndUnspecifiedSourcesAreNotAnswered() {
        assertEquals(Outcome.NOT_ANSWERED,
                     responder.answer(report(BEIJING_3, 1500, withApn6(ipv6(H_BJ, H_SH, 58, icmpv6(3, 1460))))));
        assertEquals(Outcome.NOT_ANSWERED,
                     responder.answer(report(BEIJING_3, 1500, withApn6(ipv6("ff02::1", H_SH, 17, udp(1460))))));
        assertEquals(Outcome.NOT_ANSWERED,
                     responder.answer(report(BEIJING_3, 1500, withApn6(ipv6("::", H_SH, 17, udp(1460))))));
        assertEquals(Outcome.SENT,
                     responder.answer(report(BEIJING_3, 1500, withApn6(ipv6(H_BJ, H_SH, 58, icmpv6(128, 1460))))));
        assertEquals(1, emitted.size());
    }

    @Test
    public void withoutAWayBackOrUnderstoodPacketNothingIsSent() {
        assertEquals("no host there, no link", Outcome.NO_WAY_BACK,
                     responder.answer(report(ConnectPoint.deviceConnectPoint("device:beijing/9"), 1500, withApn6(SENT))));
        assertEquals("the host is elsewhere", Outcome.NO_WAY_BACK,
                     responder.answer(report(ConnectPoint.deviceConnectPoint("device:nanjing/4"), 1500,
                                             withApn6(SENT))));
        assertEquals("not a Sixflow router", Outcome.NO_WAY_BACK,
                     responder.answer(report(ConnectPoint.deviceConnectPoint("device:other/3"), 1500, withApn6(SENT))));
        assertEquals(Outcome.MALFORMED, responder.answer(report(BEIJING_3, 1500, SENT)));
        assertTrue(emitted.isEmpty());
        assertEquals(Long.valueOf(3), responder.outcomes().get(Outcome.NO_WAY_BACK));
        assertEquals(Long.valueOf(1), responder.outcomes().get(Outcome.MALFORMED));
    }

    @Test
    public void eachDeviceIsRateLimited() {
        for (int i = 0; i < PacketTooBigResponder.BURST; i++) {
            assertEquals(Outcome.SENT, responder.answer(report(BEIJING_3, 1500, withApn6(SENT))));
        }
        assertEquals(Outcome.RATE_LIMITED, responder.answer(report(BEIJING_3, 1500, withApn6(SENT))));
        byte[] fromNanjing = ipv6("fd00:1:3::10", H_SH, 17, udp(1460));
        assertEquals("another device has its own budget", Outcome.SENT,
                     responder.answer(report(ConnectPoint.deviceConnectPoint("device:nanjing/4"), 1500,
                                             withApn6(fromNanjing))));
        now.addAndGet(1_000_000_000L / PacketTooBigResponder.PER_SECOND);
        assertEquals(Outcome.SENT, responder.answer(report(BEIJING_3, 1500, withApn6(SENT))));
        assertEquals(Long.valueOf(PacketTooBigResponder.BURST + 2), responder.outcomes().get(Outcome.SENT));
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

    private static Ip6Address address(byte[] frame, int at) {
        return Ip6Address.valueOf(Arrays.copyOfRange(frame, at, at + 16));
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
