// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.DeserializationException;
import org.onlab.packet.Ethernet;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.EthTypeCriterion;
import org.onosproject.net.flow.criteria.IPProtocolCriterion;
import org.onosproject.net.flow.criteria.Icmpv6TypeCriterion;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.Instructions;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketContextAdapter;
import org.onosproject.net.packet.PacketPriority;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.sixflow.app.impl.LocalAddressRegistry;
import org.sixflow.app.testing.LabNetwork;
import org.sixflow.app.testing.TestInterfaceService;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * Neighbor Solicitations from the lab's hosts, as bytes written here by hand (RFC 4861 4.3),
 * through the responder's packet processor; the advertisements it sends are compared byte for
 * byte with frames also written here (RFC 4861 4.4), checksums computed here.
 */
public class RouterNdpResponderTest {

    private static final ConnectPoint BEIJING_3 = ConnectPoint.deviceConnectPoint("device:beijing/3");
    private static final ConnectPoint BEIJING_1 = ConnectPoint.deviceConnectPoint("device:beijing/1");
    private static final String BEIJING_MAC = "00:aa:00:00:00:01";
    private static final String H_BJ_MAC = "00:00:00:00:01:10";
    private static final String H_BJ = "fd00:1:1::10";
    private static final String GATEWAY = "fd00:1:1::1";
    /** beijing's link-local address: fe80::/64 with the EUI-64 of 00:aa:00:00:00:01. */
    private static final String BEIJING_LINK_LOCAL = "fe80::2aa:ff:fe00:1";

    /** ICMPv6 Neighbor Solicitation / Advertisement types, and the NDP link-layer address options. */
    private static final int NS = 135;
    private static final int NA = 136;
    private static final int SOURCE_LL = 1;
    private static final int TARGET_LL = 2;

    private final Packets packets = new Packets();
    private final RouterNdpResponder responder = new RouterNdpResponder();
    private final LocalAddressRegistry localAddresses = new LocalAddressRegistry();

    /** A packet service that keeps what the responder asks for and sends. */
    private static final class Packets extends PacketServiceAdapter {
        PacketProcessor processor;
        int priority;
        final List<TrafficSelector> requested = new ArrayList<>();
        final List<TrafficSelector> cancelled = new ArrayList<>();
        final List<OutboundPacket> emitted = new ArrayList<>();

        @Override
        public void addProcessor(PacketProcessor p, int prio) {
            processor = p;
            priority = prio;
        }

        @Override
        public void removeProcessor(PacketProcessor p) {
            if (processor == p) {
                processor = null;
            }
        }

        @Override
        public void requestPackets(TrafficSelector selector, PacketPriority prio, ApplicationId appId) {
            assertEquals(PacketPriority.CONTROL, prio);
            requested.add(selector);
        }

        @Override
        public void cancelPackets(TrafficSelector selector, PacketPriority prio, ApplicationId appId) {
            cancelled.add(selector);
        }

        @Override
        public void emit(OutboundPacket packet) {
            emitted.add(packet);
        }
    }

    @Before
    public void setUp() {
        responder.packetService = packets;
        responder.interfaceService = TestInterfaceService.lab();
        responder.configService = new LabNetwork().netcfg;
        responder.localAddresses = localAddresses;
        responder.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return RoutingManagerFixture.APP_ID;
            }
        };
        responder.activate();
    }

    @After
    public void tearDown() {
        if (packets.processor != null) {
            responder.deactivate();
        }
    }

    @Test
    public void solicitationsArePuntedWhileActive() {
        assertEquals(1, packets.requested.size());
        TrafficSelector selector = packets.requested.get(0);
        assertEquals(0x86dd, ((EthTypeCriterion) selector.getCriterion(Criterion.Type.ETH_TYPE)).ethType().toShort()
                & 0xffff);
        assertEquals(58, ((IPProtocolCriterion) selector.getCriterion(Criterion.Type.IP_PROTO)).protocol());
        assertEquals(NS, ((Icmpv6TypeCriterion) selector.getCriterion(Criterion.Type.ICMPV6_TYPE)).icmpv6Type());
        assertTrue("a director, which may take the packet", packets.priority > PacketProcessor.ADVISOR_MAX);
        responder.deactivate();
        assertEquals(packets.requested, packets.cancelled);
        assertNull(packets.processor);
    }

    @Test
    public void aSolicitationForTheGatewayGetsARouterAdvertisement() {
        PacketContext context = receive(BEIJING_3, solicitation(H_BJ_MAC, H_BJ, solicitedNode(GATEWAY), GATEWAY,
                                                                  255, H_BJ_MAC, false));
        byte[] expected = advertisement(H_BJ_MAC, BEIJING_MAC, GATEWAY, H_BJ, 0xe0, GATEWAY);
        assertArrayEquals(expected, sentOn(BEIJING_3));
        assertTrue("answered, so nobody else answers", context.isHandled());

        // The fields, one by one, on the frame as sent.
        ByteBuffer na = ByteBuffer.wrap(expected);
        assertEquals(255, na.get(14 + 7) & 0xff);                       // hop limit
        assertEquals(58, na.get(14 + 6) & 0xff);                        // next header: ICMPv6
        assertEquals(32, na.getShort(14 + 4));                          // payload: 24 + one 8-byte option
        assertEquals(NA, na.get(54) & 0xff);
        assertEquals(0, na.get(55));                                    // code
        assertEquals(0, checksum(Ip6Address.valueOf(GATEWAY).toOctets(), Ip6Address.valueOf(H_BJ).toOctets(),
                                 slice(expected, 54, 32)));             // the checksum field makes the sum 0
        assertEquals("R, S and O set", 0xe0, na.get(58) & 0xff);
        assertArrayEquals(Ip6Address.valueOf(GATEWAY).toOctets(), slice(expected, 62, 16));
        assertArrayEquals(new byte[]{TARGET_LL, 1, 0, (byte) 0xaa, 0, 0, 0, 1}, slice(expected, 78, 8));
    }

    @Test
    public void theAnswerGoesToTheSourceLinkLayerAddressTheSolicitationGives() {
        // A solicitation relayed with another Ethernet source: the option names the sender's MAC.
        receive(BEIJING_3, solicitation("00:00:00:00:01:99", H_BJ, solicitedNode(GATEWAY), GATEWAY, 255,
                                        H_BJ_MAC, false));
        assertArrayEquals(advertisement(H_BJ_MAC, BEIJING_MAC, GATEWAY, H_BJ, 0xe0, GATEWAY), sentOn(BEIJING_3));
    }

    @Test
    public void aUnicastSolicitationWithoutOptionIsAnsweredToItsEthernetSource() {
        // Neighbour unreachability detection: sent to the gateway itself, no Source Link-Layer option.
        receive(BEIJING_3, solicitation(H_BJ_MAC, H_BJ, GATEWAY, GATEWAY, 255, null, false));
        assertArrayEquals(advertisement(H_BJ_MAC, BEIJING_MAC, GATEWAY, H_BJ, 0xe0, GATEWAY), sentOn(BEIJING_3));
    }

    @Test
    public void duplicateAddressDetectionIsAnsweredToAllNodesUnsolicited() {
        receive(BEIJING_3, solicitation(H_BJ_MAC, "::", solicitedNode(GATEWAY), GATEWAY, 255, null, false));
        assertArrayEquals(advertisement("33:33:00:00:00:01", BEIJING_MAC, GATEWAY, "ff02::1", 0xa0, GATEWAY),
                          sentOn(BEIJING_3));
    }

    @Test
    public void theRoutersLinkLocalAddressIsAnsweredOnAnyPort() {
        receive(BEIJING_1, solicitation("00:aa:00:00:00:02", "fe80::2aa:ff:fe00:2", solicitedNode(BEIJING_LINK_LOCAL),
                                        BEIJING_LINK_LOCAL, 255, "00:aa:00:00:00:02", false));
        assertArrayEquals(advertisement("00:aa:00:00:00:02", BEIJING_MAC, BEIJING_LINK_LOCAL, "fe80::2aa:ff:fe00:2",
                                        0xe0, BEIJING_LINK_LOCAL), sentOn(BEIJING_1));
    }

    @Test
    public void anAddressAFeatureEndsOnTheRouterIsAnsweredOnTheLinkWhosePrefixHoldsIt() {
        // GTP-U's N3 address fd00:1:1::2152:1 on beijing: inside its port 3 interface's /64, so a
        // gNB on that link takes it for on-link and asks; not on port 1, whose link has no such prefix.
        String n3 = "fd00:1:1::2152:1";
        localAddresses.addProvider(device -> device.equals(BEIJING_3.deviceId())
                ? Set.of(Ip6Address.valueOf(n3)) : Set.of());
        receive(BEIJING_3, solicitation(H_BJ_MAC, H_BJ, solicitedNode(n3), n3, 255, H_BJ_MAC, false));
        assertArrayEquals(advertisement(H_BJ_MAC, BEIJING_MAC, n3, H_BJ, 0xe0, n3), sentOn(BEIJING_3));
        packets.emitted.clear();
        PacketContext otherPort = receive(BEIJING_1, solicitation("00:aa:00:00:00:02", "fe80::2aa:ff:fe00:2",
                                                                  solicitedNode(n3), n3, 255, "00:aa:00:00:00:02",
                                                                  false));
        assertEquals(List.of(), packets.emitted);
        assertFalse(otherPort.isHandled());
    }

    @Test
    public void solicitationsForOtherAddressesAreLeftAlone() {
        // Another host on the link, nanjing's gateway, beijing's gateway asked on a port it is not on.
        PacketContext host = receive(BEIJING_3, solicitation(H_BJ_MAC, H_BJ, solicitedNode("fd00:1:1::20"),
                                                             "fd00:1:1::20", 255, H_BJ_MAC, false));
        PacketContext nanjing = receive(BEIJING_3, solicitation(H_BJ_MAC, H_BJ, solicitedNode("fd00:1:3::1"),
                                                                "fd00:1:3::1", 255, H_BJ_MAC, false));
        PacketContext otherPort = receive(BEIJING_1, solicitation(H_BJ_MAC, H_BJ, solicitedNode(GATEWAY), GATEWAY,
                                                                  255, H_BJ_MAC, false));
        assertEquals(List.of(), packets.emitted);
        assertFalse(host.isHandled() || nanjing.isHandled() || otherPort.isHandled());
    }

    @Test
    public void invalidSolicitationsAreIgnored() {
        // Hop limit below 255 (it crossed a router), a wrong checksum, DAD carrying a source option.
        receive(BEIJING_3, solicitation(H_BJ_MAC, H_BJ, solicitedNode(GATEWAY), GATEWAY, 64, H_BJ_MAC, false));
        receive(BEIJING_3, solicitation(H_BJ_MAC, H_BJ, solicitedNode(GATEWAY), GATEWAY, 255, H_BJ_MAC, true));
        receive(BEIJING_3, solicitation(H_BJ_MAC, "::", solicitedNode(GATEWAY), GATEWAY, 255, H_BJ_MAC, false));
        assertEquals(List.of(), packets.emitted);
    }

    @Test
    public void aDeviceWithoutSixflowNetcfgDoesNotAnswer() {
        receive(ConnectPoint.deviceConnectPoint("device:lhasa/3"),
                solicitation(H_BJ_MAC, H_BJ, solicitedNode(GATEWAY), GATEWAY, 255, H_BJ_MAC, false));
        assertEquals(List.of(), packets.emitted);
    }

    private PacketContext receive(ConnectPoint port, byte[] frame) {
        Ethernet parsed;
        try {
            parsed = Ethernet.deserializer().deserialize(frame, 0, frame.length);
        } catch (DeserializationException e) {
            throw new AssertionError(e);
        }
        PacketContext context = new PacketContextAdapter(0, new DefaultInboundPacket(port, parsed,
                                                                                     ByteBuffer.wrap(frame)),
                new DefaultOutboundPacket(port.deviceId(), DefaultTrafficTreatment.emptyTreatment(),
                                          ByteBuffer.wrap(frame)), false);
        packets.processor.process(context);
        return context;
    }

    /** The one packet sent: out of the port the solicitation came in on, as a packet-out to that port. */
    private byte[] sentOn(ConnectPoint port) {
        assertEquals(1, packets.emitted.size());
        OutboundPacket out = packets.emitted.get(0);
        assertEquals(port.deviceId(), out.sendThrough());
        List<Instruction> instructions = out.treatment().allInstructions();
        assertEquals(1, instructions.size());
        assertEquals(port.port(), ((Instructions.OutputInstruction) instructions.get(0)).port());
        ByteBuffer data = out.data().duplicate();
        byte[] bytes = new byte[data.remaining()];
        data.get(bytes);
        return bytes;
    }

    private static String solicitedNode(String address) {
        byte[] a = Ip6Address.valueOf(address).toOctets();
        return String.format("ff02::1:ff%02x:%02x%02x", a[13] & 0xff, a[14] & 0xff, a[15] & 0xff);
    }

    /**
     * A Neighbor Solicitation frame (Ethernet destination: the IPv6 destination's multicast MAC or beijing).
     *
     * @param sourceLinkLayer the option's MAC, or null for none
     */
    private static byte[] solicitation(String ethSource, String source, String destination, String target,
                                       int hopLimit, String sourceLinkLayer, boolean badChecksum) {
        ByteArrayOutputStream icmp = new ByteArrayOutputStream();
        icmp.write(NS);
        icmp.write(0);
        icmp.writeBytes(new byte[2 + 4]);                         // checksum, reserved
        icmp.writeBytes(Ip6Address.valueOf(target).toOctets());
        if (sourceLinkLayer != null) {
            icmp.write(SOURCE_LL);
            icmp.write(1);                                         // length in units of 8 bytes
            icmp.writeBytes(MacAddress.valueOf(sourceLinkLayer).toBytes());
        }
        byte[] dst = Ip6Address.valueOf(destination).toOctets();
        String ethDestination = destination.startsWith("ff02")
                ? String.format("33:33:%02x:%02x:%02x:%02x", dst[12], dst[13], dst[14], dst[15]) : BEIJING_MAC;
        return frame(ethDestination, ethSource, source, destination, hopLimit, icmp.toByteArray(), badChecksum);
    }

    /** A Neighbor Advertisement frame with the router's MAC as Target Link-Layer Address. */
    private static byte[] advertisement(String ethDestination, String ethSource, String source, String destination,
                                        int flags, String target) {
        ByteArrayOutputStream icmp = new ByteArrayOutputStream();
        icmp.write(NA);
        icmp.write(0);
        icmp.writeBytes(new byte[2]);                             // checksum
        icmp.writeBytes(new byte[]{(byte) flags, 0, 0, 0});
        icmp.writeBytes(Ip6Address.valueOf(target).toOctets());
        icmp.write(TARGET_LL);
        icmp.write(1);
        icmp.writeBytes(MacAddress.valueOf(BEIJING_MAC).toBytes());
        return frame(ethDestination, ethSource, source, destination, 255, icmp.toByteArray(), false);
    }

    private static byte[] frame(String ethDestination, String ethSource, String source, String destination,
                                int hopLimit, byte[] icmp, boolean badChecksum) {
        byte[] src = Ip6Address.valueOf(source).toOctets();
        byte[] dst = Ip6Address.valueOf(destination).toOctets();
        int sum = checksum(src, dst, icmp) ^ (badChecksum ? 0x0101 : 0);
        icmp[2] = (byte) (sum >> 8);
        icmp[3] = (byte) sum;
        ByteBuffer frame = ByteBuffer.allocate(14 + 40 + icmp.length);
        frame.put(MacAddress.valueOf(ethDestination).toBytes()).put(MacAddress.valueOf(ethSource).toBytes())
                .putShort((short) 0x86dd);
        frame.putInt(0x6000_0000).putShort((short) icmp.length).put((byte) 58).put((byte) hopLimit)
                .put(src).put(dst).put(icmp);
        return frame.array();
    }

    /** RFC 1071 over the IPv6 pseudo-header (RFC 8200 8.1) and the message, summed as 16-bit words. */
    private static int checksum(byte[] source, byte[] destination, byte[] message) {
        ByteBuffer all = ByteBuffer.allocate(40 + message.length + message.length % 2);
        all.put(source).put(destination).putInt(message.length).putInt(58).put(message);
        all.rewind();                                             // an odd message ends in a zero pad byte
        int sum = 0;
        while (all.remaining() >= 2) {
            sum += all.getShort() & 0xffff;
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        return ~sum & 0xffff;
    }

    private static byte[] slice(byte[] bytes, int from, int length) {
        byte[] part = new byte[length];
        System.arraycopy(bytes, from, part, 0, length);
        return part;
    }
}
