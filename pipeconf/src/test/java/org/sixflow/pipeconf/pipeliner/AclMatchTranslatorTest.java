// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.pipeliner;

import org.junit.Test;
import org.onlab.packet.Ethernet;
import org.onlab.packet.IPv6;
import org.onlab.packet.MacAddress;
import org.onlab.packet.TpPort;
import org.onlab.packet.VlanId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flowobjective.ObjectiveError;
import org.onosproject.net.pi.runtime.PiFieldMatch;
import org.onosproject.net.pi.runtime.PiTernaryFieldMatch;

import java.math.BigInteger;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_ETH_DST;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_ETH_TYPE;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_ICMP_TYPE;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IP_PROTO;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_L4_DPORT;
import static org.sixflow.pipeconf.pipeliner.AclBytes.bytes;

/**
 * Selectors to acl matches: each criterion the table can hold, the PI form, the fields a
 * criterion implies, the match-all case, and refusals.
 */
public class AclMatchTranslatorTest {

    private static PiCriterion only(TrafficSelector selector) throws ObjectiveRefusedException {
        List<PiCriterion> matches = AclMatchTranslator.translate(selector);
        assertEquals(1, matches.size());
        return matches.get(0);
    }

    private static void assertRefused(TrafficSelector selector, ObjectiveError error, String words) {
        try {
            AclMatchTranslator.translate(selector);
            fail("translated " + selector);
        } catch (ObjectiveRefusedException e) {
            assertEquals(selector.toString(), error, e.error());
            assertTrue(e.getMessage() + " should mention " + words, e.getMessage().contains(words));
        }
    }

    @Test
    public void portMacAndUdpPortAddTheProtocolAndIpv6TheyImply() throws Exception {
        TrafficSelector selector = DefaultTrafficSelector.builder()
                .matchInPort(PortNumber.portNumber(3))
                .matchEthDstMasked(MacAddress.valueOf("33:33:12:34:56:78"), MacAddress.valueOf("ff:ff:00:00:00:00"))
                .matchUdpDst(TpPort.tpPort(9))
                .build();
        PiCriterion expected = PiCriterion.builder()
                .matchTernary(HDR_IG_PORT, bytes(0x00, 0x03), bytes(0x01, 0xff))
                .matchTernary(HDR_ETH_DST, bytes(0x33, 0x33, 0, 0, 0, 0), bytes(0xff, 0xff, 0, 0, 0, 0))
                .matchTernary(HDR_ETH_TYPE, bytes(0x86, 0xdd), bytes(0xff, 0xff))
                .matchTernary(HDR_IP_PROTO, bytes(17), bytes(0xff))
                .matchTernary(HDR_L4_DPORT, bytes(0x00, 0x09), bytes(0xff, 0xff))
                .build();
        assertEquals(expected, only(selector));
    }

    @Test
    public void icmpv6TypeAndMaskedTcpPortImplyTheirProtocol() throws Exception {
        assertEquals(PiCriterion.builder()
                             .matchTernary(HDR_ETH_TYPE, bytes(0x86, 0xdd), bytes(0xff, 0xff))
                             .matchTernary(HDR_IP_PROTO, bytes(58), bytes(0xff))
                             .matchTernary(HDR_ICMP_TYPE, bytes(135), bytes(0xff))
                             .build(),
                     only(DefaultTrafficSelector.builder().matchIcmpv6Type((byte) 135).build()));
        assertEquals(PiCriterion.builder()
                             .matchTernary(HDR_ETH_TYPE, bytes(0x86, 0xdd), bytes(0xff, 0xff))
                             .matchTernary(HDR_IP_PROTO, bytes(6), bytes(0xff))
                             .matchTernary(HDR_L4_DPORT, bytes(0x12, 0x00), bytes(0xff, 0x00))
                             .build(),
                     only(DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_IPV6)
                                  .matchTcpDstMasked(TpPort.tpPort(0x1234), TpPort.tpPort(0xff00)).build()));
    }

    @Test
    public void piCriteriaAreResizedToTheKeyAndDontCaresLeftOut() throws Exception {
        // Ints are 4 bytes in ONOS's PI criterion builder; P4Runtime wants the key's 2 bytes.
        TrafficSelector selector = DefaultTrafficSelector.builder().matchPi(PiCriterion.builder()
                .matchTernary(HDR_ETH_TYPE, 0x88cc, 0xffff)
                .matchTernary(HDR_ICMP_TYPE, 0, 0)
                .build()).build();
        assertEquals(PiCriterion.builder().matchTernary(HDR_ETH_TYPE, bytes(0x88, 0xcc), bytes(0xff, 0xff)).build(),
                     only(selector));
    }

    @Test
    public void aCriterionAndAPiFieldThatAgreeMakeOneKey() throws Exception {
        TrafficSelector selector = DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_LLDP)
                .matchPi(PiCriterion.builder().matchTernary(HDR_ETH_TYPE, 0x88cc, 0xffff).build()).build();
        assertEquals(PiCriterion.builder().matchTernary(HDR_ETH_TYPE, bytes(0x88, 0xcc), bytes(0xff, 0xff)).build(),
                     only(selector));
    }

    @Test
    public void matchEverythingIsTwoEntriesThatSplitEthTypeAndCoverEveryValue() throws Exception {
        List<PiCriterion> matches = AclMatchTranslator.translate(DefaultTrafficSelector.emptySelector());
        assertEquals(List.of(
                PiCriterion.builder().matchTernary(HDR_ETH_TYPE, bytes(0x00, 0x00), bytes(0x80, 0x00)).build(),
                PiCriterion.builder().matchTernary(HDR_ETH_TYPE, bytes(0x80, 0x00), bytes(0x80, 0x00)).build()),
                     matches);
        for (int ethType = 0; ethType <= 0xffff; ethType++) {
            int matching = 0;
            for (PiCriterion match : matches) {
                PiTernaryFieldMatch field = (PiTernaryFieldMatch) match.fieldMatch(HDR_ETH_TYPE).orElseThrow();
                BigInteger mask = new BigInteger(1, field.mask().asArray());
                if (BigInteger.valueOf(ethType).and(mask).equals(new BigInteger(1, field.value().asArray()))) {
                    matching++;
                }
            }
            assertEquals("eth_type " + ethType, 1, matching);
        }
    }

    @Test
    public void whatTheTableCannotHoldIsRefused() {
        assertRefused(DefaultTrafficSelector.builder().matchEthSrc(MacAddress.valueOf("00:00:00:00:00:01")).build(),
                      ObjectiveError.UNSUPPORTED, "ETH_SRC");
        assertRefused(DefaultTrafficSelector.builder().matchVlanId(VlanId.vlanId((short) 10)).build(),
                      ObjectiveError.UNSUPPORTED, "VLAN_VID");
        assertRefused(DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_ARP)
                              .matchIcmpv6Type((byte) 135).build(), ObjectiveError.UNSUPPORTED, "IPv6 packets only");
        assertRefused(DefaultTrafficSelector.builder().matchTcpDst(TpPort.tpPort(53)).matchUdpDst(TpPort.tpPort(53))
                              .build(), ObjectiveError.BADPARAMS, "implies IP protocol");
        assertRefused(DefaultTrafficSelector.builder().matchIPProtocol(IPv6.PROTOCOL_UDP).matchIcmpv6Type((byte) 1)
                              .build(), ObjectiveError.BADPARAMS, "disagree on acl key ip_proto");
        assertRefused(DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_ARP)
                              .matchPi(PiCriterion.builder().matchTernary(HDR_ETH_TYPE, 0x88cc, 0xffff).build())
                              .build(), ObjectiveError.BADPARAMS, "disagree on acl key eth_type");
        assertRefused(DefaultTrafficSelector.builder().matchInPort(PortNumber.portNumber(512)).build(),
                      ObjectiveError.BADPARAMS, "9 bits");
        assertRefused(DefaultTrafficSelector.builder().matchPi(PiCriterion.builder()
                              .matchTernary(HDR_IPV6_DST, new byte[16], new byte[16]).build()).build(),
                      ObjectiveError.BADPARAMS, "not a key of the acl table");
        assertRefused(DefaultTrafficSelector.builder().matchPi(PiCriterion.builder()
                              .matchExact(HDR_ETH_TYPE, 0x88cc).build()).build(),
                      ObjectiveError.BADPARAMS, "TERNARY, not EXACT");
        assertRefused(DefaultTrafficSelector.builder().matchPi(PiCriterion.builder()
                              .matchTernary(HDR_IP_PROTO, 0x1ff, 0x1ff).build()).build(),
                      ObjectiveError.BADPARAMS, "8 bits");
    }

    @Test
    public void everyKeyIsAsWideAsP4InfoSays() throws Exception {
        PiCriterion match = only(DefaultTrafficSelector.builder().matchInPort(PortNumber.portNumber(511))
                                         .matchEthDst(MacAddress.BROADCAST).matchUdpDst(TpPort.tpPort(65535)).build());
        for (PiFieldMatch field : match.fieldMatches()) {
            PiTernaryFieldMatch ternary = (PiTernaryFieldMatch) field;
            assertEquals(field.fieldId().toString(), ternary.mask().size(), ternary.value().size());
        }
        assertEquals(PiCriterion.builder()
                             .matchTernary(HDR_IG_PORT, bytes(0x01, 0xff), bytes(0x01, 0xff))
                             .matchTernary(HDR_ETH_DST, bytes(0xff, 0xff, 0xff, 0xff, 0xff, 0xff),
                                           bytes(0xff, 0xff, 0xff, 0xff, 0xff, 0xff))
                             .matchTernary(HDR_ETH_TYPE, bytes(0x86, 0xdd), bytes(0xff, 0xff))
                             .matchTernary(HDR_IP_PROTO, bytes(17), bytes(0xff))
                             .matchTernary(HDR_L4_DPORT, bytes(0xff, 0xff), bytes(0xff, 0xff))
                             .build(), match);
    }
}
