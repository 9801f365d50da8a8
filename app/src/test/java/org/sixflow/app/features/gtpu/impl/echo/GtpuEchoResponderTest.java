// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.echo;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ethernet;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketContextAdapter;
import org.onosproject.net.packet.PacketProcessor;
import org.sixflow.app.features.gtpu.api.GtpuEchoService.Outcome;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.impl.PuntResponderWiring;
import org.sixflow.app.packet.gtpu.GtpuPacketTest;
import org.sixflow.app.testing.LabNetwork;
import org.sixflow.app.testing.PuntedPackets;
import org.sixflow.app.testing.TestGtpuTunnelService;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.packet.gtpu.GtpuFrames.E;
import static org.sixflow.app.packet.gtpu.GtpuFrames.S;
import static org.sixflow.app.packet.gtpu.GtpuFrames.V1;
import static org.sixflow.app.packet.gtpu.GtpuFrames.gtpu;
import static org.sixflow.app.packet.gtpu.GtpuFrames.hex;
import static org.sixflow.app.packet.gtpu.GtpuFrames.udpFrame;

/**
 * Echo requests punted by the lab's routers (docker/netcfg.json: beijing 00:aa:00:00:00:01 with
 * locator fd00:1:1::/64, nanjing 00:aa:00:00:00:03 with fd00:1:3::/64; lhasa has no Sixflow
 * configuration) through the responder's packet processor, on ONOS's packet service adapter.
 * The tunnel service knows a tunnel with N3 address fd00:1:1::3:1 on beijing and one with
 * fd00:1:3::3:1 on nanjing.
 */
public class GtpuEchoResponderTest {

    private static final ConnectPoint BEIJING_3 = ConnectPoint.deviceConnectPoint("device:beijing/3");
    private static final ConnectPoint NANJING_2 = ConnectPoint.deviceConnectPoint("device:nanjing/2");
    private static final ConnectPoint LHASA_3 = ConnectPoint.deviceConnectPoint("device:lhasa/3");
    private static final DeviceId BEIJING = BEIJING_3.deviceId();
    private static final String BEIJING_MAC = "00:aa:00:00:00:01";
    private static final String PEER_MAC = "00:00:00:00:05:50";
    private static final String PEER = "fd00:1:5::50";
    private static final String N3 = "fd00:1:1::3:1";
    private static final byte[] ECHO_1234 = gtpu(V1 | S, 1, 0, hex("1234 0000"));

    private final PuntedPackets packets = new PuntedPackets();
    private final AtomicLong now = new AtomicLong();
    private final GtpuEchoResponder responder = new GtpuEchoResponder();
    private final TestGtpuTunnelService tunnels = new TestGtpuTunnelService();

    @Before
    public void setUp() {
        PuntResponderWiring.packetService(responder, packets);
        responder.configService = new LabNetwork().netcfg;
        tunnels.tunnels.add(tunnel("ue-1", N3, "device:beijing"));
        tunnels.tunnels.add(tunnel("ue-2", "fd00:1:3::3:1", "device:nanjing"));
        responder.tunnelService = tunnels;
        responder.setNanoTime(now::get);
        responder.activate();
    }

    @After
    public void tearDown() {
        if (packets.processor != null) {
            responder.deactivate();
        }
    }

    @Test
    public void aDirectorWhileActive() {
        assertTrue("a director, which may take the packet", packets.priority > PacketProcessor.ADVISOR_MAX);
        responder.deactivate();
        assertNull(packets.processor);
    }

    @Test
    public void anEchoRequestIsAnsweredOutOfItsInPort() {
        PacketContext context = receive(BEIJING_3, request(N3, ECHO_1234));
        assertArrayEquals(GtpuEchoResponseTest.ANSWER_1234, sentOn(BEIJING_3));
        assertTrue("answered, so nobody else answers", context.isHandled());
        assertEquals(Map.of(BEIJING, 1L), responder.answeredRequests());
        assertEquals(1, responder.answeredRequests(BEIJING));
        assertEquals(0, responder.answeredRequests(NANJING_2.deviceId()));
        assertEquals(counts(Outcome.ANSWERED, 1), responder.outcomes());
    }

    @Test
    public void aRequestWithoutSequenceNumberIsAnsweredWithZero() {
        receive(BEIJING_3, request(N3, gtpu(V1, 1, 0, hex(""))));
        assertArrayEquals(GtpuEchoResponseTest.ANSWER_0, sentOn(BEIJING_3));
    }

    @Test
    public void extensionHeadersInTheRequestAreNotInTheAnswer() {
        // UDP Port (0x40) then Service Class Indicator (0x20): neither needs comprehension.
        receive(BEIJING_3, request(N3, gtpu(V1 | E | S, 1, 0, hex("1234 00 40  01 0868 20  01 05 00 00"))));
        assertArrayEquals(GtpuEchoResponseTest.ANSWER_1234, sentOn(BEIJING_3));
    }

    @Test
    public void anExtensionNeedingComprehensionIsNotAnswered() {
        // PDCP PDU Number (0xc0): comprehension required by every receiver.
        PacketContext context = receive(BEIJING_3, request(N3, gtpu(V1 | E | S, 1, 0, hex("1234 00 c0  01 0001 00"))));
        assertEquals(List.of(), packets.emitted);
        assertFalse(context.isHandled());
        assertEquals(counts(Outcome.UNSUPPORTED_EXTENSION, 1), responder.outcomes());
    }

    @Test
    public void aContainerIsAnExtensionWeComprehend() {
        // A PDU Session Container (0x85: comprehension required, and Sixflow takes it).
        receive(BEIJING_3, request(N3, gtpu(V1 | E | S, 1, 0, hex("1234 00 85  01 10 05 00"))));
        assertArrayEquals(GtpuEchoResponseTest.ANSWER_1234, sentOn(BEIJING_3));
    }

    @Test
    public void theAnswerLeavesTheDeviceAndPortTheRequestCameIn() {
        // nanjing/2 faces wuhan: the request came from wuhan's MAC, to an address in nanjing's locator.
        byte[] frame = udpFrame("00:aa:00:00:00:03", "00:aa:00:00:00:02", "fd00:1:4::20", "fd00:1:3::3:1", 2152,
                                2152, gtpu(V1 | S, 1, 0, hex("fffe 0000")));
        receive(NANJING_2, frame);
        assertArrayEquals(hex("00aa00000002 00aa00000003 86dd"
                                      + "60000000 0016 11 40 fd000001000300000000000000030001"
                                      + "fd000001000400000000000000000020"
                                      + "0868 0868 0016 b4bc"
                                      + "32 02 0006 00000000 fffe 00 00 0e 00"),       // built with scapy
                          sentOn(NANJING_2));
        assertEquals(Map.of(NANJING_2.deviceId(), 1L), responder.answeredRequests());
    }

    @Test
    public void truncatedAndGarbageRequestsAreIgnored() {
        byte[] good = request(N3, ECHO_1234);
        byte[] badChecksum = good.clone();
        badChecksum[61] ^= 0x10;
        List<byte[]> broken = List.of(
                Arrays.copyOf(good, good.length - 2),                           // cut short
                badChecksum,
                request(N3, hex("32 01 0004 00000000 12")),                     // Length says more than there is
                request(N3, hex("deadbeef 00112233 44556677")),                 // not GTP-U at all
                request(N3, hex("3201")),                                       // shorter than a GTP-U header
                request(N3, gtpu(0x52, 1, 0, hex("1234 0000"))),                // version 2
                request(N3, gtpu(V1 | E | S, 1, 0, hex("1234 00 40  00 000000"))));  // extension of length 0
        for (byte[] frame : broken) {
            PacketContext context = receive(BEIJING_3, frame);
            assertFalse(context.isHandled());
        }
        assertEquals(List.of(), packets.emitted);
        assertEquals(counts(Outcome.MALFORMED, broken.size()), responder.outcomes());
        assertEquals(Map.of(), responder.answeredRequests());
    }

    @Test
    public void otherGtpuMessagesAreLeftAlone() {
        PacketContext gpdu = receive(BEIJING_3, request(N3, gtpu(V1, 0xff, 7, hex("60000000 0000 3b 40"
                + "fd000001000500000000000000000050 fd000001000100000000000000000010"))));
        receive(BEIJING_3, request(N3, gtpu(V1 | S, 2, 0, hex("1234 0000 0e00"))));     // an echo response
        assertEquals(List.of(), packets.emitted);
        assertFalse(gpdu.isHandled());
        Map<Outcome, Long> expected = counts(Outcome.ECHO_RESPONSE, 1);   // the path supervisor's
        expected.put(Outcome.G_PDU, 1L);   // the Error Indication sender's (gtpu.signalling)
        assertEquals(expected, responder.outcomes());
    }

    @Test
    public void pathMessagesThePipelinePuntsAreCountedAndLeftAlone() {
        PacketContext error = receive(BEIJING_3, request(N3, gtpu(V1 | S, 26, 0,
                hex("0001 0000 10 00000007 85 0010 fd000001000200000000000000000009"))));
        receive(BEIJING_3, request(N3, gtpu(V1, 254, 7, hex(""))));                     // end marker
        receive(BEIJING_3, request(N3, gtpu(V1 | S, 31, 0, hex("0001 0000 8d 01 85")))); // supported extensions
        assertEquals(List.of(), packets.emitted);
        assertFalse(error.isHandled());
        Map<Outcome, Long> expected = counts(Outcome.ERROR_INDICATION, 1);
        expected.put(Outcome.END_MARKER, 1L);
        expected.put(Outcome.SUPPORTED_EXTENSION_HEADERS, 1L);
        assertEquals(expected, responder.outcomes());
    }

    @Test
    public void aRequestFromADeviceThatIsNotSixflowIsIgnored() {
        receive(LHASA_3, request(N3, ECHO_1234));
        assertEquals(List.of(), packets.emitted);
        assertEquals(counts(Outcome.NOT_SIXFLOW_DEVICE, 1), responder.outcomes());
    }

    @Test
    public void aRequestOutsideTheDevicesLocatorIsIgnored() {
        // nanjing's address punted at beijing: beijing holds no N3 address there.
        receive(BEIJING_3, request("fd00:1:3::3:1", ECHO_1234));
        assertEquals(List.of(), packets.emitted);
        assertEquals(counts(Outcome.NOT_LOCAL, 1), responder.outcomes());
    }

    @Test
    public void anAddressInTheLocatorThatNoTunnelHasIsIgnored() {
        // Inside beijing's locator, but no tunnel's N3 address: beijing is no GTP-U endpoint there.
        PacketContext context = receive(BEIJING_3, request("fd00:1:1::3:2", ECHO_1234));
        assertEquals(List.of(), packets.emitted);
        assertFalse(context.isHandled());
        assertEquals(counts(Outcome.NOT_LOCAL, 1), responder.outcomes());
    }

    @Test
    public void anN3AddressIsAnsweredOnlyWhileATunnelHasIt() {
        receive(BEIJING_3, request(N3, ECHO_1234));
        assertEquals(1, packets.emitted.size());
        tunnels.tunnels.removeIf(t -> t.id().equals("ue-1"));
        receive(BEIJING_3, request(N3, ECHO_1234));
        assertEquals("the tunnel is gone", 1, packets.emitted.size());
        assertEquals(1, (long) responder.outcomes().get(Outcome.NOT_LOCAL));
    }

    @Test
    public void packetsThatAreNotGtpuAreNotCounted() {
        PacketContext other = receive(BEIJING_3, udpFrame(BEIJING_MAC, PEER_MAC, PEER, N3, 2152, 4000, ECHO_1234));
        assertFalse(other.isHandled());
        assertEquals(List.of(), packets.emitted);
        assertEquals(counts(Outcome.ANSWERED, 0), responder.outcomes());
    }

    @Test
    public void aHandledPacketIsLeftAlone() {
        PacketContext context = context(BEIJING_3, request(N3, ECHO_1234));
        context.block();
        packets.processor.process(context);
        assertEquals(List.of(), packets.emitted);
    }

    @Test
    public void answersAreRateLimitedPerDevice() {
        for (int i = 0; i < GtpuEchoResponder.BURST + 1; i++) {
            receive(BEIJING_3, request(N3, ECHO_1234));
        }
        assertEquals(GtpuEchoResponder.BURST, packets.emitted.size());
        assertEquals(1, (long) responder.outcomes().get(Outcome.RATE_LIMITED));
        // Another device has its own budget; beijing's refills at PER_SECOND.
        receive(NANJING_2, udpFrame("00:aa:00:00:00:03", "00:aa:00:00:00:02", "fd00:1:4::20", "fd00:1:3::3:1",
                                    2152, 2152, ECHO_1234));
        assertEquals(GtpuEchoResponder.BURST + 1, packets.emitted.size());
        now.addAndGet(1_000_000_000L / GtpuEchoResponder.PER_SECOND);
        receive(BEIJING_3, request(N3, ECHO_1234));
        assertEquals(GtpuEchoResponder.BURST + 2, packets.emitted.size());
        assertEquals(GtpuEchoResponder.BURST + 1, responder.answeredRequests(BEIJING));
    }

    /** A tunnel from the peer to an N3 address held by a device. */
    private static GtpuTunnel tunnel(String id, String n3, String device) {
        return GtpuTunnel.builder().id(id).uePrefixes(List.of(Ip6Prefix.valueOf("fd00:9:1::/64")))
                .n3Address(Ip6Address.valueOf(n3)).peerAddress(Ip6Address.valueOf(PEER))
                .downlinkTeid(0x101).uplinkTeid(1).decapDevice(DeviceId.deviceId(device)).counterIndex(0).build();
    }

    /** An echo-like GTP-U message from the peer (port 40000) to an address at beijing. */
    private static byte[] request(String destination, byte[] gtpu) {
        return udpFrame(BEIJING_MAC, PEER_MAC, PEER, destination, 40000, 2152, gtpu);
    }

    private PacketContext receive(ConnectPoint port, byte[] frame) {
        return packets.receive(port, frame);
    }

    /** A packet-in as the interpreter makes it: ONOS's parse of the frame and its bytes. */
    private static PacketContext context(ConnectPoint port, byte[] frame) {
        Ethernet parsed = GtpuPacketTest.parse(frame);
        return new PacketContextAdapter(0, new DefaultInboundPacket(port, parsed, ByteBuffer.wrap(frame)),
                                        new DefaultOutboundPacket(port.deviceId(),
                                                                  DefaultTrafficTreatment.emptyTreatment(),
                                                                  ByteBuffer.wrap(frame)), false);
    }

    /** The one packet sent: a packet-out through the device, to the port the request came in on. */
    private byte[] sentOn(ConnectPoint port) {
        return packets.sentOn(port);
    }

    /** Every outcome at 0 but one. */
    private static Map<Outcome, Long> counts(Outcome outcome, long n) {
        Map<Outcome, Long> counts = new EnumMap<>(Outcome.class);
        for (Outcome o : Outcome.values()) {
            counts.put(o, o == outcome ? n : 0L);
        }
        return counts;
    }
}
