// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.sixflow.app.packet.gtpu.GtpuHeader;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * How an experiment class's packets look, so that they hit that class's entries: an IPv6/UDP
 * packet from source to destination with these ports (e.g. to an MSR6 group address, to a UE
 * address a GTP-U tunnel encapsulates, or with the destination port an APN6 policy matches). The
 * probe's identity travels in the IPv6 traffic class and flow label, which every Sixflow header
 * operation keeps.
 *
 * <p>An uplink GTP-U probe ({@link #gtpu}) is that packet carried as the inner packet of a G-PDU
 * (3GPP TS 29.281): outer IPv6 from the tunnel's peer to its N3 address, UDP to port 2152, GTP-U
 * with the uplink TEID; source, destination, ports and hop limit then describe the inner packet,
 * which is what the N3 end routes on after decapsulation.
 */
public final class ProbePacket {

    /** Hop limit when none is given. */
    public static final int DEFAULT_HOP_LIMIT = 64;
    /** UDP ports when none are given. */
    public static final int DEFAULT_SOURCE_PORT = 40000;
    public static final int DEFAULT_DESTINATION_PORT = 5004;
    /** The GTP-U UDP port (TS 29.281 4.4.2): the outer destination port, and the source port by default. */
    public static final int GTPU_PORT = GtpuHeader.UDP_PORT;
    /** The largest TEID (32 bits); 0 is no tunnel's. */
    public static final long MAX_TEID = GtpuHeader.MAX_TEID;

    private final Ip6Address source;
    private final Ip6Address destination;
    private final int sourcePort;
    private final int destinationPort;
    private final int hopLimit;
    private final Gtpu gtpu;
    private final Pppoe pppoe;

    private ProbePacket(Ip6Address source, Ip6Address destination, int sourcePort, int destinationPort,
                        int hopLimit, Gtpu gtpu) {
        this(source, destination, sourcePort, destinationPort, hopLimit, gtpu, null);
    }

    private ProbePacket(Ip6Address source, Ip6Address destination, int sourcePort, int destinationPort,
                        int hopLimit, Gtpu gtpu, Pppoe pppoe) {
        this.source = checkNotNull(source, "source");
        this.destination = checkNotNull(destination, "destination");
        this.sourcePort = sourcePort;
        this.destinationPort = destinationPort;
        this.hopLimit = hopLimit;
        this.gtpu = gtpu;
        this.pppoe = pppoe;
    }

    /**
     * Creates a packet description (ranges are checked by the experiment's validation).
     *
     * @param source          IPv6 source address
     * @param destination     IPv6 destination address (unicast, or an MSR6 group)
     * @param sourcePort      UDP source port
     * @param destinationPort UDP destination port
     * @param hopLimit        IPv6 hop limit
     * @return the description
     */
    public static ProbePacket of(Ip6Address source, Ip6Address destination, int sourcePort, int destinationPort,
                                 int hopLimit) {
        return new ProbePacket(source, destination, sourcePort, destinationPort, hopLimit, null);
    }

    /**
     * Creates an uplink GTP-U probe: a G-PDU from a tunnel's peer to its N3 address carrying
     * the inner packet.
     *
     * @param peerAddress the outer source: the tunnel's peer (gNB), a unicast address
     * @param n3Address   the outer destination: the tunnel's N3 address, unicast, not the peer's
     * @param teid        the uplink TEID, 1..{@value #MAX_TEID}
     * @param sourcePort  the outer UDP source port, 0..65535 (TS 29.281 lets the sender choose; 2152 is usual)
     * @param inner       the packet inside, a plain one (not itself GTP-U)
     * @return the probe
     * @throws IllegalArgumentException naming each wrong field (as {@link #gtpuProblems} does)
     */
    public static ProbePacket gtpu(Ip6Address peerAddress, Ip6Address n3Address, long teid, int sourcePort,
                                   ProbePacket inner) {
        Map<String, String> problems = gtpuProblems(peerAddress, n3Address, teid, sourcePort, inner);
        checkArgument(problems.isEmpty(), "not a GTP-U probe: %s", problems.entrySet().stream()
                .map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining("; ")));
        return new ProbePacket(inner.source, inner.destination, inner.sourcePort, inner.destinationPort,
                               inner.hopLimit, new Gtpu(peerAddress, n3Address, teid, sourcePort));
    }

    /**
     * Names what is wrong with the fields of an uplink GTP-U probe.
     *
     * @param peerAddress the outer source
     * @param n3Address   the outer destination
     * @param teid        the uplink TEID
     * @param sourcePort  the outer UDP source port
     * @param inner       the packet inside
     * @return field (gtpu.peerAddress, gtpu.n3Address, gtpu.teid, gtpu.sourcePort, or gtpu for the
     *         inner packet) to message, in that order; empty when the probe can be made
     */
    public static Map<String, String> gtpuProblems(Ip6Address peerAddress, Ip6Address n3Address, long teid,
                                                   int sourcePort, ProbePacket inner) {
        Map<String, String> p = new LinkedHashMap<>();
        unicast(p, "gtpu.peerAddress", peerAddress, "the tunnel's peer (gNB) the G-PDU comes from");
        unicast(p, "gtpu.n3Address", n3Address, "the tunnel's N3 address the G-PDU goes to");
        if (peerAddress != null && peerAddress.equals(n3Address)) {
            p.put("gtpu.n3Address", n3Address + " is the peer's address too: a tunnel has two ends");
        }
        if (teid < 1 || teid > MAX_TEID) {
            p.put("gtpu.teid", "the uplink TEID must be 1.." + MAX_TEID + ", got " + teid);
        }
        if (sourcePort < 0 || sourcePort > 65535) {
            p.put("gtpu.sourcePort", "must be 0..65535, got " + sourcePort);
        }
        if (inner == null) {
            p.put("gtpu", "the G-PDU needs an inner packet (source, destination, ports)");
        } else if (inner.gtpu != null) {
            p.put("gtpu", "the inner packet is itself a GTP-U probe: a G-PDU carries a plain IPv6 packet here");
        }
        return p;
    }

    private static void unicast(Map<String, String> p, String field, Ip6Address address, String what) {
        if (address == null) {
            p.put(field, "required: " + what);
        } else if (address.isMulticast() || address.isZero() || address.equals(Ip6Address.valueOf("::1"))) {
            p.put(field, address + " is not a unicast address (" + what + ")");
        }
    }

    public Ip6Address source() {
        return source;
    }

    public Ip6Address destination() {
        return destination;
    }

    public int sourcePort() {
        return sourcePort;
    }

    public int destinationPort() {
        return destinationPort;
    }

    public int hopLimit() {
        return hopLimit;
    }

    /** The G-PDU around the packet, for an uplink GTP-U probe; empty for a plain IPv6/UDP probe. */
    public Optional<Gtpu> gtpu() {
        return Optional.ofNullable(gtpu);
    }

    /** The PPPoE session framing the packet is sent in (upstream, at a line's port); empty for none. */
    public Optional<Pppoe> pppoe() {
        return Optional.ofNullable(pppoe);
    }

    /**
     * Returns this packet sent in a PPPoE session's framing, as its subscriber sends it: the
     * experiment target of PPPoE sessions gives it from the session up when a run starts (a
     * session's id and MACs change each time it is set up again), never a client.
     *
     * @param framing the session's framing
     * @return a copy
     * @throws IllegalArgumentException for a GTP-U probe (a subscriber sends plain packets)
     */
    public ProbePacket withPppoe(Pppoe framing) {
        checkArgument(gtpu == null, "a GTP-U probe is not sent in PPPoE framing");
        return new ProbePacket(source, destination, sourcePort, destinationPort, hopLimit, null,
                               checkNotNull(framing, "framing"));
    }

    /** The destination of the packet as sent: the N3 address for a GTP-U probe, else the destination. */
    public Ip6Address wireDestination() {
        return gtpu == null ? destination : gtpu.n3Address;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ProbePacket)) {
            return false;
        }
        ProbePacket p = (ProbePacket) o;
        return source.equals(p.source) && destination.equals(p.destination) && sourcePort == p.sourcePort
                && destinationPort == p.destinationPort && hopLimit == p.hopLimit && Objects.equals(gtpu, p.gtpu)
                && Objects.equals(pppoe, p.pppoe);
    }

    @Override
    public int hashCode() {
        return Objects.hash(source, destination, sourcePort, destinationPort, hopLimit, gtpu, pppoe);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("source", source).add("destination", destination)
                .add("sourcePort", sourcePort).add("destinationPort", destinationPort).add("hopLimit", hopLimit)
                .add("gtpu", gtpu).add("pppoe", pppoe).toString();
    }

    /**
     * A PPPoE session's framing around a subscriber's IPv6 packet (RFC 2516, RFC 5072): Ethernet
     * from the subscriber's MAC to the access concentrator's, an 802.1ad S-tag and an 802.1Q
     * C-tag when the line has them, PPPoE session stage (0x8864) with the session id, PPP
     * protocol 0x0057 (IPv6).
     */
    public static final class Pppoe {
        /** PPPoE session header (6) and the PPP protocol field (2). */
        public static final int SESSION_BYTES = 8;
        /** One VLAN tag. */
        public static final int TAG_BYTES = 4;

        private final int sessionId;
        private final int sVid;
        private final int cVid;
        private final MacAddress subscriberMac;
        private final MacAddress concentratorMac;

        private Pppoe(int sessionId, int sVid, int cVid, MacAddress subscriberMac, MacAddress concentratorMac) {
            this.sessionId = sessionId;
            this.sVid = sVid;
            this.cVid = cVid;
            this.subscriberMac = checkNotNull(subscriberMac, "subscriberMac");
            this.concentratorMac = checkNotNull(concentratorMac, "concentratorMac");
        }

        /**
         * Creates a session's framing.
         *
         * @param sessionId       the PPPoE session id, 1..0xFFFE (RFC 2516: 0 and 0xFFFF are reserved)
         * @param sVid            the S-tag's VLAN id, 0 for none
         * @param cVid            the C-tag's VLAN id, 0 for none
         * @param subscriberMac   the subscriber's MAC (the source)
         * @param concentratorMac the access concentrator's MAC (the destination)
         * @return the framing
         * @throws IllegalArgumentException for an id or a VLAN id out of range, or an S-tag without a C-tag
         */
        public static Pppoe of(int sessionId, int sVid, int cVid, MacAddress subscriberMac,
                               MacAddress concentratorMac) {
            checkArgument(sessionId >= 1 && sessionId <= 0xfffe, "PPPoE session id must be 1..65534, got %s",
                          sessionId);
            checkArgument(sVid >= 0 && sVid <= 4094 && cVid >= 0 && cVid <= 4094,
                          "VLAN ids must be 0 (none) or 1..4094, got S %s C %s", sVid, cVid);
            checkArgument(sVid == 0 || cVid != 0, "an S-tag needs a C-tag inside it");
            return new Pppoe(sessionId, sVid, cVid, subscriberMac, concentratorMac);
        }

        public int sessionId() {
            return sessionId;
        }

        /** The S-tag's VLAN id; 0 when the line has none. */
        public int sVid() {
            return sVid;
        }

        /** The C-tag's VLAN id; 0 when the line has none. */
        public int cVid() {
            return cVid;
        }

        public MacAddress subscriberMac() {
            return subscriberMac;
        }

        public MacAddress concentratorMac() {
            return concentratorMac;
        }

        /**
         * Returns how many bytes the framing adds to a plain Ethernet/IPv6 frame.
         *
         * @return the tags' and the PPPoE/PPP headers' bytes
         */
        public int overhead() {
            return (sVid == 0 ? 0 : TAG_BYTES) + (cVid == 0 ? 0 : TAG_BYTES) + SESSION_BYTES;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Pppoe)) {
                return false;
            }
            Pppoe p = (Pppoe) o;
            return sessionId == p.sessionId && sVid == p.sVid && cVid == p.cVid
                    && subscriberMac.equals(p.subscriberMac) && concentratorMac.equals(p.concentratorMac);
        }

        @Override
        public int hashCode() {
            return Objects.hash(sessionId, sVid, cVid, subscriberMac, concentratorMac);
        }

        @Override
        public String toString() {
            return MoreObjects.toStringHelper(this).add("sessionId", sessionId).add("sVid", sVid).add("cVid", cVid)
                    .add("subscriberMac", subscriberMac).add("concentratorMac", concentratorMac).toString();
        }
    }

    /**
     * The outer headers of an uplink GTP-U probe: IPv6 from the peer to the N3 address, UDP from
     * the source port to 2152, GTP-U (version 1, G-PDU, no optional fields) with the TEID.
     */
    public static final class Gtpu {
        private final Ip6Address peerAddress;
        private final Ip6Address n3Address;
        private final long teid;
        private final int sourcePort;

        private Gtpu(Ip6Address peerAddress, Ip6Address n3Address, long teid, int sourcePort) {
            this.peerAddress = peerAddress;
            this.n3Address = n3Address;
            this.teid = teid;
            this.sourcePort = sourcePort;
        }

        /** The outer source: the tunnel's peer. */
        public Ip6Address peerAddress() {
            return peerAddress;
        }

        /** The outer destination: the tunnel's N3 address. */
        public Ip6Address n3Address() {
            return n3Address;
        }

        /** The uplink TEID. */
        public long teid() {
            return teid;
        }

        /** The outer UDP source port. */
        public int sourcePort() {
            return sourcePort;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Gtpu)) {
                return false;
            }
            Gtpu g = (Gtpu) o;
            return peerAddress.equals(g.peerAddress) && n3Address.equals(g.n3Address) && teid == g.teid
                    && sourcePort == g.sourcePort;
        }

        @Override
        public int hashCode() {
            return Objects.hash(peerAddress, n3Address, teid, sourcePort);
        }

        @Override
        public String toString() {
            return MoreObjects.toStringHelper(this).add("peerAddress", peerAddress).add("n3Address", n3Address)
                    .add("teid", teid).add("sourcePort", sourcePort).toString();
        }
    }
}
