// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.onlab.packet.Ethernet;
import org.onlab.packet.ICMP6;
import org.onlab.packet.IPv6;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onlab.packet.ndp.NeighborAdvertisement;
import org.onlab.packet.ndp.NeighborDiscoveryOptions;
import org.onlab.packet.ndp.NeighborSolicitation;

import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * Reads Neighbor Solicitations and writes the Neighbor Advertisements a router answers them
 * with (RFC 4861). ONOS's NeighborAdvertisement.buildNdpAdv is not used: it sends hop limit 85
 * (hosts drop NDP below 255) and no Router flag.
 */
final class NeighborDiscovery {

    /** NDP is sent, and accepted, with hop limit 255 only: proof that it did not cross a router. */
    static final byte HOP_LIMIT = (byte) 255;
    static final Ip6Address ALL_NODES = Ip6Address.valueOf("ff02::1");
    static final MacAddress ALL_NODES_MAC = MacAddress.valueOf("33:33:00:00:00:01");

    private static final int ETHERNET_HEADER = 14;
    private static final int VLAN_TAG = 4;

    /** A solicitation that passed the checks of RFC 4861 section 7.1.1. */
    static final class Solicitation {
        final MacAddress ethernetSource;
        final Ip6Address source;
        final Ip6Address target;
        /** The Source Link-Layer Address option, if present. */
        final Optional<MacAddress> sourceLinkLayer;

        private Solicitation(MacAddress ethernetSource, Ip6Address source, Ip6Address target,
                             Optional<MacAddress> sourceLinkLayer) {
            this.ethernetSource = ethernetSource;
            this.source = source;
            this.target = target;
            this.sourceLinkLayer = sourceLinkLayer;
        }

        /** Duplicate Address Detection: the sender has no address yet. */
        boolean fromUnspecified() {
            return source.isZero();
        }
    }

    private NeighborDiscovery() {
    }

    /**
     * Reads a Neighbor Solicitation.
     *
     * @param frame the parsed frame
     * @param raw   the frame's bytes, for the checksum
     * @return the solicitation; empty if the frame is none or is not valid
     */
    static Optional<Solicitation> solicitation(Ethernet frame, ByteBuffer raw) {
        if (frame == null || frame.getEtherType() != Ethernet.TYPE_IPV6 || !(frame.getPayload() instanceof IPv6)) {
            return Optional.empty();
        }
        IPv6 ip = (IPv6) frame.getPayload();
        if (ip.getNextHeader() != IPv6.PROTOCOL_ICMP6 || !(ip.getPayload() instanceof ICMP6)) {
            return Optional.empty();
        }
        ICMP6 icmp = (ICMP6) ip.getPayload();
        if (icmp.getIcmpType() != ICMP6.NEIGHBOR_SOLICITATION || !(icmp.getPayload() instanceof NeighborSolicitation)
                || ip.getHopLimit() != HOP_LIMIT || icmp.getIcmpCode() != 0 || !checksumValid(frame, ip, raw)) {
            return Optional.empty();
        }
        NeighborSolicitation ns = (NeighborSolicitation) icmp.getPayload();
        Ip6Address source = Ip6Address.valueOf(ip.getSourceAddress());
        Ip6Address destination = Ip6Address.valueOf(ip.getDestinationAddress());
        Ip6Address target = Ip6Address.valueOf(ns.getTargetAddress());
        if (target.isMulticast()) {
            return Optional.empty();
        }
        Optional<MacAddress> sourceLinkLayer = ns.getOptions().stream()
                .filter(o -> o.type() == NeighborDiscoveryOptions.TYPE_SOURCE_LL_ADDRESS
                        && o.data().length == MacAddress.MAC_ADDRESS_LENGTH)
                .map(o -> MacAddress.valueOf(o.data())).findFirst();
        if (source.isZero() && (sourceLinkLayer.isPresent() || !destination.equals(
                Ip6Address.valueOf(IPv6.getSolicitNodeAddress(target.toOctets()))))) {
            return Optional.empty();
        }
        return Optional.of(new Solicitation(frame.getSourceMAC(), source, target, sourceLinkLayer));
    }

    /**
     * Writes the advertisement a router answers a solicitation for one of its addresses with:
     * Router and Override set, Solicited set unless the sender has no address (then it goes to
     * all nodes), the router's MAC as Target Link-Layer Address.
     *
     * @param solicitation the solicitation
     * @param routerMac    the router's MAC
     * @return the frame's bytes
     */
    static byte[] advertisement(Solicitation solicitation, MacAddress routerMac) {
        boolean dad = solicitation.fromUnspecified();
        NeighborAdvertisement na = new NeighborAdvertisement()
                .setRouterFlag((byte) 1)
                .setSolicitedFlag(dad ? (byte) 0 : (byte) 1)
                .setOverrideFlag((byte) 1)
                .setTargetAddress(solicitation.target.toOctets())
                .addOption(NeighborDiscoveryOptions.TYPE_TARGET_LL_ADDRESS, routerMac.toBytes());
        ICMP6 icmp = new ICMP6();
        icmp.setIcmpType(ICMP6.NEIGHBOR_ADVERTISEMENT);
        icmp.setIcmpCode((byte) 0);
        icmp.setPayload(na);
        IPv6 ip = new IPv6();
        ip.setSourceAddress(solicitation.target.toOctets());
        ip.setDestinationAddress((dad ? ALL_NODES : solicitation.source).toOctets());
        ip.setHopLimit(HOP_LIMIT);
        ip.setNextHeader(IPv6.PROTOCOL_ICMP6);
        ip.setPayload(icmp);
        Ethernet frame = new Ethernet();
        frame.setSourceMACAddress(routerMac);
        frame.setDestinationMACAddress(dad ? ALL_NODES_MAC
                                               : solicitation.sourceLinkLayer.orElse(solicitation.ethernetSource));
        frame.setEtherType(Ethernet.TYPE_IPV6);
        frame.setPayload(ip);
        return frame.serialize();
    }

    /** The ICMPv6 checksum over the pseudo-header and the message, as the frame carries it. */
    private static boolean checksumValid(Ethernet frame, IPv6 ip, ByteBuffer raw) {
        if (raw == null) {
            return false;
        }
        int header = ETHERNET_HEADER + (frame.getVlanID() != Ethernet.VLAN_UNTAGGED ? VLAN_TAG : 0)
                + (frame.getQinQVID() != Ethernet.VLAN_UNTAGGED ? VLAN_TAG : 0);
        ByteBuffer bytes = raw.duplicate();
        bytes.rewind();
        if (header + IPv6.FIXED_HEADER_LENGTH > bytes.limit()) {
            return false;
        }
        // The IPv6 Payload Length (bytes 4-5 of its header) bounds the message: Ethernet may pad.
        int length = bytes.getShort(header + 4) & 0xffff;
        int offset = header + IPv6.FIXED_HEADER_LENGTH;
        if (offset + length > bytes.limit()) {
            return false;
        }
        byte[] message = new byte[length];
        bytes.position(offset);
        bytes.get(message);
        return checksum(ip.getSourceAddress(), ip.getDestinationAddress(), message) == 0;
    }

    /**
     * The Internet checksum of an ICMPv6 message with its IPv6 pseudo-header (RFC 4443 2.3):
     * 0 for a message whose checksum field is right.
     *
     * @param source      IPv6 source
     * @param destination IPv6 destination
     * @param message     the ICMPv6 message
     * @return the one's complement of the one's-complement sum
     */
    static int checksum(byte[] source, byte[] destination, byte[] message) {
        ByteBuffer pseudo = ByteBuffer.allocate(40 + message.length + (message.length & 1));
        pseudo.put(source).put(destination).putInt(message.length).put(new byte[3]).put(IPv6.PROTOCOL_ICMP6)
                .put(message);
        byte[] all = pseudo.array();
        long sum = 0;
        for (int i = 0; i < all.length; i += 2) {
            sum += ((all[i] & 0xff) << 8) | (all[i + 1] & 0xff);
        }
        while ((sum >> 16) != 0) {
            sum = (sum & 0xffff) + (sum >> 16);
        }
        return (int) (~sum & 0xffff);
    }
}
