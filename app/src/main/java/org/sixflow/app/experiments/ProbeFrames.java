// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.packet.UdpChecksum;
import org.sixflow.app.packet.gtpu.GtpuHeader;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Builds probe frames: Ethernet / IPv6 (the probe's tag in traffic class and flow label) / UDP
 * with a correct checksum, whose payload is the lab's host tools' layout ("SXFL", flow id u32,
 * sequence u64, send time ns u64, zero padding), so a capture at a host reads probes and host
 * traffic alike. Frames are sized without the FCS, as the ILNP method's 128 and 1514 bytes are.
 *
 * <p>An uplink GTP-U probe puts that IPv6/UDP packet inside a G-PDU: Ethernet / outer IPv6 (peer
 * to N3 address, traffic class and flow label 0: the tag is the inner header's, which the N3 end
 * keeps as the packet) / UDP to 2152 with a checksum over the whole datagram (never 0: the N3
 * address need not accept zero checksums, RFC 6936) / GTP-U (flags 0x30: version 1, protocol type
 * GTP, no optional fields; type 0xFF G-PDU; length; TEID) / the inner packet. The frame size is the
 * whole frame's.
 *
 * <p>An upstream probe of a PPPoE session is sent as its subscriber sends: Ethernet from the
 * subscriber's MAC to the access concentrator's / S-tag (0x88a8) and C-tag (0x8100) when the line
 * has them / PPPoE session stage (0x8864: version and type 0x11, code 0, session id, length) / PPP
 * protocol 0x0057 / the IPv6/UDP probe. The frame size is the whole frame's too.
 */
public final class ProbeFrames {

    public static final int ETHERNET_BYTES = 14;
    public static final int IPV6_BYTES = 40;
    public static final int UDP_BYTES = 8;
    /** "SXFL", flow id, sequence number, send time. */
    public static final int PAYLOAD_BYTES = 24;
    /** The smallest probe: headers and the payload's fields. */
    public static final int MIN_FRAME = ETHERNET_BYTES + IPV6_BYTES + UDP_BYTES + PAYLOAD_BYTES;
    /** The mandatory GTP-U header: flags, message type, length, TEID. */
    public static final int GTPU_BYTES = GtpuHeader.MANDATORY_BYTES;
    /** What a G-PDU adds in front of the inner packet: outer IPv6, UDP and GTP-U. */
    public static final int GTPU_OVERHEAD = IPV6_BYTES + UDP_BYTES + GTPU_BYTES;
    /** The smallest uplink GTP-U probe. */
    public static final int MIN_GTPU_FRAME = MIN_FRAME + GTPU_OVERHEAD;
    /** GTP-U flags of the probes: version 1, protocol type GTP, no E/S/PN. */
    static final int GTPU_FLAGS = 0x30;
    /** GTP-U message type of a G-PDU. */
    static final int GTPU_GPDU = GtpuHeader.G_PDU;
    /** The largest: a 1500-byte IPv6 packet. */
    public static final int MAX_FRAME = 1514;
    private static final byte[] MAGIC = "SXFL".getBytes(StandardCharsets.US_ASCII);
    private static final int ETHERTYPE_IPV6 = 0x86dd;
    /** 802.1ad S-tag and 802.1Q C-tag. */
    static final int ETHERTYPE_QINQ = 0x88a8;
    static final int ETHERTYPE_VLAN = 0x8100;
    /** PPPoE session stage (RFC 2516), version 1 type 1, and PPP's protocol number for IPv6 (RFC 5072). */
    static final int ETHERTYPE_PPPOE_SESSION = 0x8864;
    static final int PPPOE_VERSION_TYPE = 0x11;
    static final int PPPOE_HEADER_BYTES = 6;
    static final int PPP_IPV6 = 0x0057;
    private static final int UDP = 17;

    private ProbeFrames() {
    }

    /**
     * Returns the Ethernet destination of a packet to an address: the group's 33:33 MAC for a
     * multicast address (RFC 2464), otherwise the given router MAC.
     *
     * @param destination the IPv6 destination
     * @param router      the MAC of the router the frame goes to
     * @return the destination MAC
     */
    public static MacAddress destinationMac(Ip6Address destination, MacAddress router) {
        if (!destination.isMulticast()) {
            return router;
        }
        byte[] group = destination.toOctets();
        return MacAddress.valueOf(new byte[]{0x33, 0x33, group[12], group[13], group[14], group[15]});
    }

    /**
     * UDP payload bytes of a frame size.
     *
     * @param frameSize Ethernet frame bytes
     * @return payload bytes
     */
    public static int payloadBytes(int frameSize) {
        return frameSize - ETHERNET_BYTES - IPV6_BYTES - UDP_BYTES;
    }

    /**
     * The probe's own UDP payload in a frame of a packet's shape: for an uplink GTP-U probe the
     * inner packet's, behind the outer IPv6, UDP and GTP-U headers and its own IPv6 and UDP ones.
     *
     * @param packet    the class's packet
     * @param frameSize Ethernet frame bytes, as sent
     * @return payload bytes
     */
    public static int payloadBytes(ProbePacket packet, int frameSize) {
        return payloadBytes(frameSize) - (packet.gtpu().isPresent() ? GTPU_OVERHEAD : 0)
                - packet.pppoe().map(ProbePacket.Pppoe::overhead).orElse(0);
    }

    /**
     * Returns the smallest frame of a packet's shape.
     *
     * @param packet the packet
     * @return {@link #MIN_GTPU_FRAME} for an uplink GTP-U probe, {@link #MIN_FRAME} and the
     *         framing for a probe in a PPPoE session's, else {@link #MIN_FRAME}
     */
    public static int minFrame(ProbePacket packet) {
        return packet.gtpu().isPresent() ? MIN_GTPU_FRAME
                : MIN_FRAME + packet.pppoe().map(ProbePacket.Pppoe::overhead).orElse(0);
    }

    /**
     * Builds one probe.
     *
     * @param source      Ethernet source (a probe in PPPoE framing: the subscriber's MAC instead)
     * @param destination Ethernet destination (PPPoE: the access concentrator's MAC instead)
     * @param packet      the class's packet
     * @param frameSize   frame bytes, {@link #minFrame}..{@link #MAX_FRAME}
     * @param tag         the probe's identity
     * @param flowId      the payload's flow id (the run's)
     * @param sentNanos   the payload's send time
     * @return the frame
     */
    public static byte[] build(MacAddress source, MacAddress destination, ProbePacket packet, int frameSize,
                               ProbeTag tag, long flowId, long sentNanos) {
        int min = minFrame(packet);
        checkArgument(frameSize >= min && frameSize <= MAX_FRAME, "frame size %s outside %s..%s", frameSize, min,
                      MAX_FRAME);
        ByteBuffer b = ByteBuffer.allocate(frameSize);
        if (packet.pppoe().isPresent()) {
            putPppoe(b, packet.pppoe().get(), frameSize);
            putProbe(b, packet, tag, flowId, sentNanos);
            return b.array();
        }
        b.put(destination.toBytes()).put(source.toBytes()).putShort((short) ETHERTYPE_IPV6);
        if (packet.gtpu().isEmpty()) {
            putProbe(b, packet, tag, flowId, sentNanos);
            return b.array();
        }
        ProbePacket.Gtpu gtpu = packet.gtpu().get();
        int udpLength = frameSize - ETHERNET_BYTES - IPV6_BYTES;
        b.putInt(6 << 28).putShort((short) udpLength).put((byte) UDP).put((byte) packet.hopLimit());
        b.put(gtpu.peerAddress().toOctets()).put(gtpu.n3Address().toOctets());
        int udp = b.position();
        b.putShort((short) gtpu.sourcePort()).putShort((short) ProbePacket.GTPU_PORT)
                .putShort((short) udpLength).putShort((short) 0);
        b.put((byte) GTPU_FLAGS).put((byte) GTPU_GPDU).putShort((short) (udpLength - UDP_BYTES - GTPU_BYTES))
                .putInt((int) gtpu.teid());
        putProbe(b, packet, tag, flowId, sentNanos);
        // The inner checksum is in place: the outer one covers it.
        byte[] frame = b.array();
        putChecksum(frame, udp, UdpChecksum.of(gtpu.peerAddress(), gtpu.n3Address(), frame, udp, udpLength));
        return frame;
    }

    /** Writes Ethernet, the line's tags, PPPoE session stage and PPP (IPv6) as the subscriber sends them. */
    private static void putPppoe(ByteBuffer b, ProbePacket.Pppoe pppoe, int frameSize) {
        b.put(pppoe.concentratorMac().toBytes()).put(pppoe.subscriberMac().toBytes());
        if (pppoe.sVid() != 0) {
            b.putShort((short) ETHERTYPE_QINQ).putShort((short) pppoe.sVid());
        }
        if (pppoe.cVid() != 0) {
            b.putShort((short) ETHERTYPE_VLAN).putShort((short) pppoe.cVid());
        }
        b.putShort((short) ETHERTYPE_PPPOE_SESSION);
        // RFC 2516: LENGTH counts the PPPoE payload, the PPP protocol field included.
        int length = frameSize - b.position() - PPPOE_HEADER_BYTES;
        b.put((byte) PPPOE_VERSION_TYPE).put((byte) 0).putShort((short) pppoe.sessionId()).putShort((short) length)
                .putShort((short) PPP_IPV6);
    }

    /** Writes the IPv6/UDP probe from the buffer's position to its end, with its UDP checksum. */
    private static void putProbe(ByteBuffer b, ProbePacket packet, ProbeTag tag, long flowId, long sentNanos) {
        int udpLength = b.remaining() - IPV6_BYTES;
        b.putInt(tag.versionClassFlow()).putShort((short) udpLength).put((byte) UDP).put((byte) packet.hopLimit());
        b.put(packet.source().toOctets()).put(packet.destination().toOctets());
        int udp = b.position();
        b.putShort((short) packet.sourcePort()).putShort((short) packet.destinationPort())
                .putShort((short) udpLength).putShort((short) 0);
        b.put(MAGIC).putInt((int) flowId).putLong(tag.sequence()).putLong(sentNanos);
        putChecksum(b.array(), udp, UdpChecksum.of(packet.source(), packet.destination(), b.array(), udp, udpLength));
    }

    private static void putChecksum(byte[] frame, int udp, int checksum) {
        frame[udp + 6] = (byte) (checksum >>> 8);
        frame[udp + 7] = (byte) checksum;
    }
}
