// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet.gtpu;

import org.onlab.packet.Ethernet;
import org.onlab.packet.IPv6;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onlab.packet.UDP;
import org.onosproject.net.packet.InboundPacket;
import org.sixflow.app.packet.UdpChecksum;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.IntPredicate;

/**
 * A GTP-U packet as a Sixflow router punts it: untagged Ethernet, IPv6 with UDP right after its
 * fixed header (the only shape the data plane takes as GTP-U), UDP to port 2152, one GTP-U
 * message. ONOS's parse of the frame says whether it is one; the datagram is then read from
 * the frame's bytes, bounded by the IPv6 Payload Length (Ethernet may pad) and checked against
 * the UDP length and checksum, because ONOS's deserializers use neither length field. Read by the
 * echo responder and by the tunnel management messages' handlers (gtpu.signalling).
 */
public final class GtpuPacket {

    public static final int ETHERNET_BYTES = 14;
    public static final int IPV6_BYTES = IPv6.FIXED_HEADER_LENGTH;
    public static final int UDP_BYTES = 8;
    private static final int UDP_OFFSET = ETHERNET_BYTES + IPV6_BYTES;
    private static final int PAYLOAD_LENGTH_OFFSET = ETHERNET_BYTES + 4;
    private static final int SOURCE_OFFSET = ETHERNET_BYTES + 8;
    private static final int DESTINATION_OFFSET = SOURCE_OFFSET + Ip6Address.BYTE_LENGTH;
    private static final int ETHERNET_SOURCE_OFFSET = 6;
    /** Version 6, Traffic Class 0, no flow label. */
    private static final int IPV6_VERSION_WORD = 0x6000_0000;
    private static final int HOP_LIMIT = 64;

    private final MacAddress ethernetSource;
    private final Ip6Address source;
    private final Ip6Address destination;
    private final int sourcePort;
    private final GtpuHeader header;
    private final byte[] message;

    private GtpuPacket(MacAddress ethernetSource, Ip6Address source, Ip6Address destination, int sourcePort,
                       GtpuHeader header, byte[] message) {
        this.ethernetSource = ethernetSource;
        this.source = source;
        this.destination = destination;
        this.sourcePort = sourcePort;
        this.header = header;
        this.message = message;
    }

    /**
     * Whether a parsed frame is GTP-U in the data plane's sense: untagged IPv6 whose next header
     * is UDP, to port 2152. Anything else punted is another component's.
     *
     * @param frame the frame as ONOS parsed it, or null if it could not
     * @return whether it is GTP-U
     */
    public static boolean isGtpu(Ethernet frame) {
        if (frame == null || frame.getEtherType() != Ethernet.TYPE_IPV6 || frame.getVlanID() != Ethernet.VLAN_UNTAGGED
                || frame.getQinQVID() != Ethernet.VLAN_UNTAGGED || !(frame.getPayload() instanceof IPv6)) {
            return false;
        }
        IPv6 ip = (IPv6) frame.getPayload();
        return ip.getNextHeader() == IPv6.PROTOCOL_UDP && ip.getPayload() instanceof UDP
                && ((UDP) ip.getPayload()).getDestinationPort() == GtpuHeader.UDP_PORT;
    }

    /**
     * Returns the message type a GTP-U frame (one {@link #isGtpu} accepts) says it carries,
     * without reading the rest: what a packet {@link #read} refused claimed to be.
     *
     * @param frame the frame's bytes
     * @return the message type octet, or -1 if the frame ends before it
     */
    public static int claimedMessageType(byte[] frame) {
        int type = UDP_OFFSET + UDP_BYTES + 1;
        return frame.length > type ? Byte.toUnsignedInt(frame[type]) : -1;
    }

    /**
     * Reads a frame a device punted as GTP-U, for a component that takes some message types.
     *
     * @param in     the packet-in
     * @param takes  the message types the component takes
     * @param broken told why, when the frame cannot be read and its type octet claims a type the
     *               component takes (for its count)
     * @return the packet; empty when the frame is no GTP-U or cannot be read
     */
    public static Optional<GtpuPacket> readPunted(InboundPacket in, IntPredicate takes,
                                                  Consumer<GtpuFormatException> broken) {
        if (!isGtpu(in.parsed()) || in.unparsed() == null) {
            return Optional.empty();
        }
        ByteBuffer buffer = in.unparsed().duplicate();
        buffer.rewind();
        byte[] frame = new byte[buffer.remaining()];
        buffer.get(frame);
        try {
            return Optional.of(read(frame));
        } catch (GtpuFormatException e) {
            if (takes.test(claimedMessageType(frame))) {
                broken.accept(e);
            }
            return Optional.empty();
        }
    }

    /**
     * Reads a GTP-U frame (one {@link #isGtpu} accepts).
     *
     * @param frame the frame's bytes
     * @return the packet
     * @throws GtpuFormatException if it is truncated, its lengths disagree, its UDP checksum is
     *                             wrong, or its GTP-U header cannot be read
     */
    public static GtpuPacket read(byte[] frame) throws GtpuFormatException {
        if (frame.length < UDP_OFFSET + UDP_BYTES) {
            throw new GtpuFormatException("truncated: " + frame.length + " octets end before the UDP header does");
        }
        ByteBuffer b = ByteBuffer.wrap(frame);
        int payloadLength = Short.toUnsignedInt(b.getShort(PAYLOAD_LENGTH_OFFSET));
        if (UDP_OFFSET + payloadLength > frame.length) {
            throw new GtpuFormatException("truncated: the IPv6 payload length is " + payloadLength + ", "
                                                  + (frame.length - UDP_OFFSET) + " octets follow the header");
        }
        int udpLength = Short.toUnsignedInt(b.getShort(UDP_OFFSET + 4));
        if (udpLength != payloadLength) {
            throw new GtpuFormatException("the UDP length " + udpLength + " is not the IPv6 payload length "
                                                  + payloadLength);
        }
        if (udpLength < UDP_BYTES) {
            throw new GtpuFormatException("the UDP length " + udpLength + " is shorter than its header");
        }
        Ip6Address source = Ip6Address.valueOf(frame, SOURCE_OFFSET);
        Ip6Address destination = Ip6Address.valueOf(frame, DESTINATION_OFFSET);
        byte[] datagram = Arrays.copyOfRange(frame, UDP_OFFSET, UDP_OFFSET + udpLength);
        int checksum = Short.toUnsignedInt(b.getShort(UDP_OFFSET + 6));
        // A zero checksum is no checksum (RFC 6936): the data plane has already applied the N3
        // address's setting for those.
        if (checksum != 0) {
            datagram[6] = 0;
            datagram[7] = 0;
            int expected = UdpChecksum.of(source, destination, datagram, 0, udpLength);
            if (expected != checksum) {
                throw new GtpuFormatException(String.format("UDP checksum 0x%04x, should be 0x%04x", checksum,
                                                            expected));
            }
        }
        if (source.isMulticast() || source.isZero()) {
            throw new GtpuFormatException("source " + source + " can be sent no answer");
        }
        byte[] message = Arrays.copyOfRange(datagram, UDP_BYTES, udpLength);
        GtpuHeader header = GtpuHeader.parse(message);
        return new GtpuPacket(MacAddress.valueOf(Arrays.copyOfRange(frame, ETHERNET_SOURCE_OFFSET,
                                                                    ETHERNET_SOURCE_OFFSET + MacAddress.MAC_ADDRESS_LENGTH)),
                              source, destination, Short.toUnsignedInt(b.getShort(UDP_OFFSET)), header, message);
    }

    /**
     * Builds the frame that carries a GTP-U message back to this packet's sender (TS 29.281
     * section 4.4.2): from the address the packet went to (an N3 address) to its source, to the
     * neighbour it came from and from the router's MAC, UDP from port 2152 to the port the message
     * type asks for, with a computed checksum.
     *
     * @param routerMac       the MAC of the router that answers, the frame's source
     * @param destinationPort the UDP destination port: 2152, or this packet's source port
     * @param message         the GTP-U message, the UDP payload
     * @return the Ethernet frame
     */
    public byte[] answer(MacAddress routerMac, int destinationPort, byte[] message) {
        return frame(routerMac, ethernetSource, destination, source, destinationPort, message);
    }

    /**
     * Builds the frame of a GTP-U message a router sends from one of its N3 addresses (TS 29.281
     * section 4.4.2): UDP from port 2152, a computed checksum, hop limit 64.
     *
     * @param routerMac       the router's MAC, the frame's source
     * @param nextHopMac      the neighbour it goes to
     * @param from            the N3 address
     * @param to              the peer
     * @param destinationPort the UDP destination port
     * @param message         the GTP-U message, the UDP payload
     * @return the Ethernet frame
     */
    public static byte[] frame(MacAddress routerMac, MacAddress nextHopMac, Ip6Address from, Ip6Address to,
                               int destinationPort, byte[] message) {
        int udpLength = UDP_BYTES + message.length;
        ByteBuffer b = ByteBuffer.allocate(ETHERNET_BYTES + IPV6_BYTES + udpLength);
        b.put(nextHopMac.toBytes()).put(routerMac.toBytes()).putShort(Ethernet.TYPE_IPV6);
        b.putInt(IPV6_VERSION_WORD).putShort((short) udpLength).put(IPv6.PROTOCOL_UDP).put((byte) HOP_LIMIT)
                .put(from.toOctets()).put(to.toOctets());
        int udp = b.position();
        b.putShort((short) GtpuHeader.UDP_PORT).putShort((short) destinationPort).putShort((short) udpLength)
                .putShort((short) 0).put(message);
        byte[] frame = b.array();
        b.putShort(udp + 6, (short) UdpChecksum.of(from, to, frame, udp, udpLength));
        return frame;
    }

    /**
     * Returns the Ethernet source: the neighbour the packet came from.
     *
     * @return the MAC
     */
    public MacAddress ethernetSource() {
        return ethernetSource;
    }

    /**
     * Returns the IPv6 source: the peer.
     *
     * @return the address
     */
    public Ip6Address source() {
        return source;
    }

    /**
     * Returns the IPv6 destination: the N3 address, for a packet punted as an echo request.
     *
     * @return the address
     */
    public Ip6Address destination() {
        return destination;
    }

    /**
     * Returns the UDP source port: the peer's, where responses go.
     *
     * @return the port
     */
    public int sourcePort() {
        return sourcePort;
    }

    /**
     * Returns the GTP-U header.
     *
     * @return the header
     */
    public GtpuHeader header() {
        return header;
    }

    /**
     * Returns what follows the GTP-U header: the information elements of a signalling message,
     * a G-PDU's T-PDU.
     *
     * @return a copy of the octets after the header (with its extension headers)
     */
    public byte[] body() {
        return Arrays.copyOfRange(message, header.headerBytes(), message.length);
    }
}
