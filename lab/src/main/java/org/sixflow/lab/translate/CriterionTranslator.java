// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.translate;

import org.onlab.packet.IpPrefix;
import org.onlab.packet.MacAddress;
import org.onlab.packet.TpPort;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.EthCriterion;
import org.onosproject.net.flow.criteria.EthTypeCriterion;
import org.onosproject.net.flow.criteria.IPCriterion;
import org.onosproject.net.flow.criteria.IPDscpCriterion;
import org.onosproject.net.flow.criteria.IPProtocolCriterion;
import org.onosproject.net.flow.criteria.IPv6FlowLabelCriterion;
import org.onosproject.net.flow.criteria.IPv6NDTargetAddressCriterion;
import org.onosproject.net.flow.criteria.IcmpCodeCriterion;
import org.onosproject.net.flow.criteria.IcmpTypeCriterion;
import org.onosproject.net.flow.criteria.Icmpv6CodeCriterion;
import org.onosproject.net.flow.criteria.Icmpv6TypeCriterion;
import org.onosproject.net.flow.criteria.PortCriterion;
import org.onosproject.net.flow.criteria.TcpPortCriterion;
import org.onosproject.net.flow.criteria.UdpPortCriterion;
import org.onosproject.net.flow.criteria.VlanIdCriterion;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiMatchType;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiFieldMatch;
import org.onosproject.net.pi.runtime.PiLpmFieldMatch;
import org.onosproject.net.pi.runtime.PiOptionalFieldMatch;
import org.onosproject.net.pi.runtime.PiRangeFieldMatch;
import org.onosproject.net.pi.runtime.PiTernaryFieldMatch;

import static org.onlab.util.ImmutableByteSequence.ByteSequenceTrimException;

/**
 * Standard ONOS criteria (what core apps and the interpreter's {@code mapCriterionType} speak) to
 * PI field matches of a given match type and width, after ONOS 2.7's CriterionTranslatorHelper
 * and its per-criterion translators: a criterion is read as an exact value, a value and mask, or a
 * prefix, then expressed as the table's match type when that loses nothing.
 *
 * <p>Differences from ONOS 2.7: the criteria covered are those an IPv6 pipeline meets (ports,
 * Ethernet, IP, ICMP/ICMPv6, TCP/UDP ports, VLAN id, flow label, DSCP, ND target), not MPLS, PBB,
 * ARP or SCTP; an exact criterion may also fill a RANGE field as the range [v, v]; a mask's prefix
 * length is computed per bit (ONOS tests a byte against {@code Integer.MIN_VALUE}, which never
 * matches, so it rejects every non-byte-aligned prefix).
 */
public final class CriterionTranslator {

    private CriterionTranslator() {
    }

    /**
     * Translates a criterion for one match field.
     *
     * @param criterion the criterion
     * @param fieldId   the match field
     * @param matchType the field's match type
     * @param bitWidth  the field's width
     * @return the field match, values sized to the field
     * @throws TranslationException if the criterion is not supported or cannot be expressed as matchType
     */
    public static PiFieldMatch translate(Criterion criterion, PiMatchFieldId fieldId, PiMatchType matchType,
                                         int bitWidth) throws TranslationException {
        Reading reading = read(criterion);
        try {
            ImmutableByteSequence value = reading.value.fit(bitWidth);
            switch (matchType) {
                case EXACT:
                    return new PiExactFieldMatch(fieldId, reading.exact(value, bitWidth, criterion));
                case OPTIONAL:
                    return new PiOptionalFieldMatch(fieldId, reading.exact(value, bitWidth, criterion));
                case RANGE:
                    ImmutableByteSequence exact = reading.exact(value, bitWidth, criterion);
                    return new PiRangeFieldMatch(fieldId, exact, exact);
                case TERNARY:
                    ImmutableByteSequence mask = reading.mask(value.size(), bitWidth);
                    return new PiTernaryFieldMatch(fieldId, value.bitwiseAnd(mask), mask);
                case LPM:
                    int prefix = reading.prefixLength(value.size(), bitWidth, criterion);
                    return new PiLpmFieldMatch(fieldId, value, prefix);
                default:
                    throw new TranslationException("Criterion " + criterion.type() + " cannot fill a "
                                                           + matchType + " field (" + fieldId + ")");
            }
        } catch (ByteSequenceTrimException e) {
            throw new TranslationException("Criterion " + criterion.type() + " does not fit field " + fieldId
                                                   + " of " + bitWidth + " bits: " + e.getMessage(), e);
        }
    }

    private static Reading read(Criterion criterion) throws TranslationException {
        if (criterion instanceof PortCriterion) {
            return Reading.exact(ImmutableByteSequence.copyFrom(((PortCriterion) criterion).port().toLong()));
        } else if (criterion instanceof EthCriterion) {
            EthCriterion eth = (EthCriterion) criterion;
            return eth.mask() == null ? Reading.exact(mac(eth.mac()))
                    : Reading.masked(mac(eth.mac()), mac(eth.mask()));
        } else if (criterion instanceof EthTypeCriterion) {
            return Reading.exact(ImmutableByteSequence.copyFrom(((EthTypeCriterion) criterion).ethType().toShort()));
        } else if (criterion instanceof IPCriterion) {
            IpPrefix prefix = ((IPCriterion) criterion).ip();
            return Reading.prefix(ImmutableByteSequence.copyFrom(prefix.address().toOctets()), prefix.prefixLength());
        } else if (criterion instanceof IPProtocolCriterion) {
            return Reading.exact(ImmutableByteSequence.copyFrom((byte) ((IPProtocolCriterion) criterion).protocol()));
        } else if (criterion instanceof Icmpv6TypeCriterion) {
            return Reading.exact(ImmutableByteSequence.copyFrom((byte) ((Icmpv6TypeCriterion) criterion).icmpv6Type()));
        } else if (criterion instanceof Icmpv6CodeCriterion) {
            return Reading.exact(ImmutableByteSequence.copyFrom((byte) ((Icmpv6CodeCriterion) criterion).icmpv6Code()));
        } else if (criterion instanceof IcmpTypeCriterion) {
            return Reading.exact(ImmutableByteSequence.copyFrom((byte) ((IcmpTypeCriterion) criterion).icmpType()));
        } else if (criterion instanceof IcmpCodeCriterion) {
            return Reading.exact(ImmutableByteSequence.copyFrom((byte) ((IcmpCodeCriterion) criterion).icmpCode()));
        } else if (criterion instanceof TcpPortCriterion) {
            TcpPortCriterion tcp = (TcpPortCriterion) criterion;
            return transportPort(tcp.tcpPort(), tcp.mask());
        } else if (criterion instanceof UdpPortCriterion) {
            UdpPortCriterion udp = (UdpPortCriterion) criterion;
            return transportPort(udp.udpPort(), udp.mask());
        } else if (criterion instanceof VlanIdCriterion) {
            return Reading.exact(ImmutableByteSequence.copyFrom(((VlanIdCriterion) criterion).vlanId().toShort()));
        } else if (criterion instanceof IPv6FlowLabelCriterion) {
            return Reading.exact(ImmutableByteSequence.copyFrom(((IPv6FlowLabelCriterion) criterion).flowLabel()));
        } else if (criterion instanceof IPDscpCriterion) {
            return Reading.exact(ImmutableByteSequence.copyFrom(((IPDscpCriterion) criterion).ipDscp()));
        } else if (criterion instanceof IPv6NDTargetAddressCriterion) {
            return Reading.exact(ImmutableByteSequence.copyFrom(
                    ((IPv6NDTargetAddressCriterion) criterion).targetAddress().toOctets()));
        }
        throw new TranslationException("Translation of criterion " + criterion.type() + " ("
                                               + criterion.getClass().getSimpleName() + ") is not supported");
    }

    private static Reading transportPort(TpPort port, TpPort mask) {
        ImmutableByteSequence value = ImmutableByteSequence.copyFrom((short) port.toInt());
        return mask == null ? Reading.exact(value)
                : Reading.masked(value, ImmutableByteSequence.copyFrom((short) mask.toInt()));
    }

    private static ImmutableByteSequence mac(MacAddress mac) {
        return ImmutableByteSequence.copyFrom(mac.toBytes());
    }

    /** A criterion read as an exact value, a value under a mask, or a prefix. */
    private static final class Reading {
        final ImmutableByteSequence value;
        final ImmutableByteSequence mask;
        final int prefixLength;

        private Reading(ImmutableByteSequence value, ImmutableByteSequence mask, int prefixLength) {
            this.value = value;
            this.mask = mask;
            this.prefixLength = prefixLength;
        }

        static Reading exact(ImmutableByteSequence value) {
            return new Reading(value, null, -1);
        }

        static Reading masked(ImmutableByteSequence value, ImmutableByteSequence mask) {
            return new Reading(value, mask, -1);
        }

        static Reading prefix(ImmutableByteSequence value, int prefixLength) {
            return new Reading(value, null, prefixLength);
        }

        ImmutableByteSequence exact(ImmutableByteSequence fitted, int bitWidth, Criterion criterion)
                throws TranslationException, ByteSequenceTrimException {
            if (mask != null && !ByteStrings.isAllOnes(mask, bitWidth)) {
                throw new TranslationException("Criterion " + criterion.type()
                                                       + " is masked, but the field matches exactly");
            }
            if (prefixLength >= 0 && prefixLength < bitWidth) {
                throw new TranslationException("Criterion " + criterion.type() + " is a /" + prefixLength
                                                       + " prefix, but the field matches all " + bitWidth
                                                       + " bits exactly");
            }
            return fitted;
        }

        ImmutableByteSequence mask(int size, int bitWidth) throws ByteSequenceTrimException {
            if (mask != null) {
                return mask.fit(bitWidth);
            }
            int padding = size * 8 - bitWidth;
            int ones = prefixLength >= 0 ? prefixLength : bitWidth;
            // Ones over the field's leading `ones` bits, zeros in the padding above the field.
            byte[] bytes = ByteStrings.keepPrefix(ImmutableByteSequence.ofOnes(size).asArray(), padding + ones);
            byte[] clearPadding = ByteStrings.keepPrefix(ImmutableByteSequence.ofOnes(size).asArray(), padding);
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] &= (byte) ~clearPadding[i];
            }
            return ImmutableByteSequence.copyFrom(bytes);
        }

        int prefixLength(int size, int bitWidth, Criterion criterion) throws TranslationException,
                ByteSequenceTrimException {
            if (prefixLength >= 0) {
                return prefixLength;
            }
            if (mask == null) {
                return bitWidth;
            }
            byte[] bits = mask.fit(bitWidth).asArray();
            int padding = size * 8 - bitWidth;
            int length = 0;
            boolean ended = false;
            for (int i = padding; i < size * 8; i++) {
                boolean one = (bits[i / 8] & (0x80 >>> (i % 8))) != 0;
                if (one && ended) {
                    throw new TranslationException("Criterion " + criterion.type()
                                                           + " has a mask that is not a prefix, for an LPM field");
                }
                if (one) {
                    length++;
                } else {
                    ended = true;
                }
            }
            return length;
        }
    }
}
