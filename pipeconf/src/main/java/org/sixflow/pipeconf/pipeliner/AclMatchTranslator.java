// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.pipeliner;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.onlab.packet.Ethernet;
import org.onlab.packet.IPv6;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.EthCriterion;
import org.onosproject.net.flow.criteria.EthTypeCriterion;
import org.onosproject.net.flow.criteria.IPProtocolCriterion;
import org.onosproject.net.flow.criteria.Icmpv6TypeCriterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.criteria.PortCriterion;
import org.onosproject.net.flow.criteria.TcpPortCriterion;
import org.onosproject.net.flow.criteria.UdpPortCriterion;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiMatchType;
import org.onosproject.net.pi.runtime.PiFieldMatch;
import org.onosproject.net.pi.runtime.PiTernaryFieldMatch;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.sixflow.pipeconf.P4InfoConstants.HDR_ETH_DST;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_ETH_DST_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_ETH_TYPE;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_ETH_TYPE_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_ICMP_TYPE;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_ICMP_TYPE_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IG_PORT_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IP_PROTO;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IP_PROTO_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_L4_DPORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_L4_DPORT_BITWIDTH;
import static org.sixflow.pipeconf.pipeliner.ObjectiveRefusedException.badParams;
import static org.sixflow.pipeconf.pipeliner.ObjectiveRefusedException.unsupported;

/**
 * Turns an objective's selector into the match of an entry of the P4 {@code acl} table
 * (p4src/common/control/acl.p4), whose keys are all ternary: ig_port, eth_dst, eth_type,
 * ip_proto, icmp_type, l4_dport. Each value is written as P4Runtime wants it: as wide as its
 * key, no value bit outside the mask, and no don't-care key (mask 0), which is left out.
 *
 * <p>Two things make the entry match exactly what the selector means on this pipeline:
 * ICMPV6_TYPE, TCP_DST and UDP_DST add the IP protocol they imply (icmp_type and l4_dport are
 * shared by every protocol), and a match on ip_proto, icmp_type or l4_dport adds eth_type IPv6
 * when the selector has none, since the parser fills those keys for IPv6 packets only.
 */
final class AclMatchTranslator {

    /** The table's keys with their widths, in P4Info order. */
    private static final Map<PiMatchFieldId, Integer> KEYS = ImmutableMap.<PiMatchFieldId, Integer>builder()
            .put(HDR_IG_PORT, HDR_IG_PORT_BITWIDTH)
            .put(HDR_ETH_DST, HDR_ETH_DST_BITWIDTH)
            .put(HDR_ETH_TYPE, HDR_ETH_TYPE_BITWIDTH)
            .put(HDR_IP_PROTO, HDR_IP_PROTO_BITWIDTH)
            .put(HDR_ICMP_TYPE, HDR_ICMP_TYPE_BITWIDTH)
            .put(HDR_L4_DPORT, HDR_L4_DPORT_BITWIDTH)
            .build();

    /** Keys that p4src/common/parser.p4 sets only while parsing an IPv6 packet. */
    private static final Set<PiMatchFieldId> IPV6_ONLY_KEYS = Set.of(HDR_IP_PROTO, HDR_ICMP_TYPE, HDR_L4_DPORT);

    private static final long ETH_TYPE_IPV6 = Ethernet.TYPE_IPV6 & 0xffff;
    private static final long ETH_TYPE_TOP_BIT = 1L << (HDR_ETH_TYPE_BITWIDTH - 1);

    private AclMatchTranslator() {
    }

    /**
     * Returns the match of each entry the selector needs: one, or two when the selector
     * matches every packet.
     *
     * <p>A selector without criteria cannot become one entry: ONOS 2.7 turns a flow rule without
     * match fields into the table's default entry (and acl's default action is constant), and
     * P4Runtime servers refuse a key written as don't-care (mask 0) instead of left out. Two
     * entries, one for each value of eth_type's top bit, match every packet between them.
     *
     * @param selector the objective's selector
     * @return PI criteria, each with at least one field
     * @throws ObjectiveRefusedException UNSUPPORTED for a criterion the table has no key for,
     *                                   BADPARAMS for values that do not fit or disagree
     */
    static List<PiCriterion> translate(TrafficSelector selector) throws ObjectiveRefusedException {
        Map<PiMatchFieldId, Ternary> fields = new HashMap<>();
        Long impliedProtocol = null;
        for (Criterion criterion : selector.criteria()) {
            switch (criterion.type()) {
                case IN_PORT:
                    put(fields, HDR_IG_PORT, Ternary.exact(port((PortCriterion) criterion), HDR_IG_PORT_BITWIDTH));
                    break;
                case ETH_DST:
                case ETH_DST_MASKED:
                    EthCriterion eth = (EthCriterion) criterion;
                    put(fields, HDR_ETH_DST, eth.mask() == null
                            ? Ternary.exact(eth.mac().toLong(), HDR_ETH_DST_BITWIDTH)
                            : Ternary.masked(eth.mac().toLong(), eth.mask().toLong()));
                    break;
                case ETH_TYPE:
                    put(fields, HDR_ETH_TYPE, Ternary.exact(((EthTypeCriterion) criterion).ethType().toShort() & 0xffff,
                                                            HDR_ETH_TYPE_BITWIDTH));
                    break;
                case IP_PROTO:
                    put(fields, HDR_IP_PROTO, Ternary.exact(((IPProtocolCriterion) criterion).protocol(),
                                                            HDR_IP_PROTO_BITWIDTH));
                    break;
                case ICMPV6_TYPE:
                    put(fields, HDR_ICMP_TYPE, Ternary.exact(((Icmpv6TypeCriterion) criterion).icmpv6Type(),
                                                             HDR_ICMP_TYPE_BITWIDTH));
                    impliedProtocol = imply(impliedProtocol, IPv6.PROTOCOL_ICMP6, criterion.type());
                    break;
                case TCP_DST:
                case TCP_DST_MASKED:
                    TcpPortCriterion tcp = (TcpPortCriterion) criterion;
                    put(fields, HDR_L4_DPORT, tcp.mask() == null
                            ? Ternary.exact(tcp.tcpPort().toInt(), HDR_L4_DPORT_BITWIDTH)
                            : Ternary.masked(tcp.tcpPort().toInt(), tcp.mask().toInt()));
                    impliedProtocol = imply(impliedProtocol, IPv6.PROTOCOL_TCP, criterion.type());
                    break;
                case UDP_DST:
                case UDP_DST_MASKED:
                    UdpPortCriterion udp = (UdpPortCriterion) criterion;
                    put(fields, HDR_L4_DPORT, udp.mask() == null
                            ? Ternary.exact(udp.udpPort().toInt(), HDR_L4_DPORT_BITWIDTH)
                            : Ternary.masked(udp.udpPort().toInt(), udp.mask().toInt()));
                    impliedProtocol = imply(impliedProtocol, IPv6.PROTOCOL_UDP, criterion.type());
                    break;
                case PROTOCOL_INDEPENDENT:
                    for (PiFieldMatch match : ((PiCriterion) criterion).fieldMatches()) {
                        Ternary ternary = piField(match);
                        if (ternary.mask != 0) {
                            put(fields, match.fieldId(), ternary);
                        }
                    }
                    break;
                default:
                    throw unsupported("criterion " + criterion.type() + " has no key in the acl table, which matches "
                                              + "on " + KEYS.keySet());
            }
        }
        if (impliedProtocol != null) {
            put(fields, HDR_IP_PROTO, Ternary.exact(impliedProtocol, HDR_IP_PROTO_BITWIDTH));
        }
        if (fields.keySet().stream().anyMatch(IPV6_ONLY_KEYS::contains)) {
            Ternary ethType = fields.get(HDR_ETH_TYPE);
            if (ethType == null) {
                fields.put(HDR_ETH_TYPE, Ternary.exact(ETH_TYPE_IPV6, HDR_ETH_TYPE_BITWIDTH));
            } else if (!ethType.matches(ETH_TYPE_IPV6)) {
                throw unsupported("ip_proto, icmp_type and l4_dport are parsed from IPv6 packets only: with "
                                          + "eth_type " + ethType + " the entry would never match");
            }
        }
        if (fields.isEmpty()) {
            return List.of(criterion(Map.of(HDR_ETH_TYPE, Ternary.masked(0, ETH_TYPE_TOP_BIT))),
                           criterion(Map.of(HDR_ETH_TYPE, Ternary.masked(ETH_TYPE_TOP_BIT, ETH_TYPE_TOP_BIT))));
        }
        return List.of(criterion(fields));
    }

    private static long port(PortCriterion criterion) throws ObjectiveRefusedException {
        PortNumber port = criterion.port();
        if (port.isLogical()) {
            throw badParams("IN_PORT " + port + " is a logical port; ig_port holds data-plane ports");
        }
        return port.toLong();
    }

    private static Long imply(Long current, byte protocol, Criterion.Type by) throws ObjectiveRefusedException {
        long wanted = protocol & 0xff;
        if (current != null && current != wanted) {
            throw badParams(by + " implies IP protocol " + wanted + " but another criterion implies " + current);
        }
        return wanted;
    }

    private static Ternary piField(PiFieldMatch match) throws ObjectiveRefusedException {
        Integer width = KEYS.get(match.fieldId());
        if (width == null) {
            throw badParams("PI field " + match.fieldId() + " is not a key of the acl table " + KEYS.keySet());
        }
        if (match.type() != PiMatchType.TERNARY) {
            throw badParams("acl key " + match.fieldId() + " is TERNARY, not " + match.type());
        }
        PiTernaryFieldMatch ternary = (PiTernaryFieldMatch) match;
        return Ternary.masked(fitted(ternary.value(), width, match.fieldId()),
                              fitted(ternary.mask(), width, match.fieldId()));
    }

    private static long fitted(ImmutableByteSequence bytes, int width, PiMatchFieldId field)
            throws ObjectiveRefusedException {
        long value = 0;
        for (byte b : bytes.asArray()) {
            if ((value >>> (Long.SIZE - Byte.SIZE)) != 0) {
                throw badParams("PI field " + field + " value " + bytes + " does not fit " + width + " bits");
            }
            value = (value << Byte.SIZE) | (b & 0xff);
        }
        return value;
    }

    private static void put(Map<PiMatchFieldId, Ternary> fields, PiMatchFieldId key, Ternary ternary)
            throws ObjectiveRefusedException {
        int width = KEYS.get(key);
        if ((ternary.value | ternary.mask) >>> width != 0) {
            throw badParams("acl key " + key + " is " + width + " bits wide; " + ternary + " does not fit");
        }
        Ternary before = fields.putIfAbsent(key, ternary);
        if (before != null && !before.equals(ternary)) {
            throw badParams("criteria disagree on acl key " + key + ": " + before + " and " + ternary);
        }
    }

    private static PiCriterion criterion(Map<PiMatchFieldId, Ternary> fields) {
        PiCriterion.Builder builder = PiCriterion.builder();
        KEYS.forEach((key, width) -> {
            Ternary ternary = fields.get(key);
            if (ternary != null) {
                builder.matchTernary(key, bytes(ternary.value, width), bytes(ternary.mask, width));
            }
        });
        return builder.build();
    }

    /** The key's width in whole bytes, most significant first, as P4Runtime's bytestrings. */
    private static byte[] bytes(long value, int width) {
        byte[] out = new byte[(width + Byte.SIZE - 1) / Byte.SIZE];
        for (int i = 0; i < out.length; i++) {
            out[out.length - 1 - i] = (byte) (value >>> (Byte.SIZE * i));
        }
        return out;
    }

    /** A ternary value, with the value's bits outside the mask cleared. */
    private static final class Ternary {
        final long value;
        final long mask;

        private Ternary(long value, long mask) {
            this.value = value & mask;
            this.mask = mask;
        }

        static Ternary exact(long value, int width) {
            // All ones over the key's width; a value beyond it keeps its high bits, and put() refuses it.
            return new Ternary(value, (1L << width) - 1 | value);
        }

        static Ternary masked(long value, long mask) {
            return new Ternary(value, mask);
        }

        boolean matches(long packetValue) {
            return (packetValue & mask) == value;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Ternary && ((Ternary) o).value == value && ((Ternary) o).mask == mask;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(value * 31 + mask);
        }

        @Override
        public String toString() {
            return String.format("0x%x&&&0x%x", value, mask);
        }
    }
}
