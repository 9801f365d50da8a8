// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import org.onlab.packet.Ip6Address;
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

    private ProbePacket(Ip6Address source, Ip6Address destination, int sourcePort, int destinationPort,
                        int hopLimit, Gtpu gtpu) {
        this.source = checkNotNull(source, "source");
        this.destination = checkNotNull(destination, "destination");
        this.sourcePort = sourcePort;
        this.destinationPort = destinationPort;
        this.hopLimit = hopLimit;
        this.gtpu = gtpu;
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
                && destinationPort == p.destinationPort && hopLimit == p.hopLimit && Objects.equals(gtpu, p.gtpu);
    }

    @Override
    public int hashCode() {
        return Objects.hash(source, destination, sourcePort, destinationPort, hopLimit, gtpu);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("source", source).add("destination", destination)
                .add("sourcePort", sourcePort).add("destinationPort", destinationPort).add("hopLimit", hopLimit)
                .add("gtpu", gtpu).toString();
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
