// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.junit.Test;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.behaviour.BngProgrammable.Attachment.AttachmentType;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiLpmFieldMatch;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.pipeconf.P4InfoConstants.C_TAG;
import static org.sixflow.pipeconf.P4InfoConstants.DMAC;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_C_TAG;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV4_DST;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV4_SRC;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST_64;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_SRC_64;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_LINE_ID;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_SESSION_ID;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_S_TAG;
import static org.sixflow.pipeconf.P4InfoConstants.LINE_ID;
import static org.sixflow.pipeconf.P4InfoConstants.MAC;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.SESSION_ID;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V4;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SESSION;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V4;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6;
import static org.sixflow.pipeconf.P4InfoConstants.SMAC;
import static org.sixflow.pipeconf.P4InfoConstants.S_TAG;

/**
 * An attachment's entries on each BNG pipeline, checked against the committed P4Info (every
 * table, key and parameter by name and width): what the packet tests install by hand.
 */
public class BngAttachmentRulesTest {

    private static final DeviceId DEVICE = DeviceId.deviceId("device:bng1");
    private static final PortNumber ACCESS = PortNumber.portNumber(1);
    private static final MacAddress BNG_MAC = MacAddress.valueOf("00:aa:00:00:00:01");

    private static BngAttachmentRules rules(String profile) {
        return new BngAttachmentRules(DEVICE, model(profile), ACCESS, BNG_MAC);
    }

    static PiPipelineModel model(String profile) {
        return BundledPipeconfs.bmv2(profile).pipelineModel();
    }

    static Map<PiTableId, FlowRule> byTable(List<FlowRule> rules) {
        return rules.stream().collect(Collectors.toMap(r -> (PiTableId) r.table(), r -> r));
    }

    static PiCriterion match(FlowRule rule) {
        return (PiCriterion) rule.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
    }

    static long exact(FlowRule rule, PiMatchFieldId field) {
        return number(((PiExactFieldMatch) match(rule).fieldMatch(field).orElseThrow()).value()).longValue();
    }

    private static PiLpmFieldMatch lpm(FlowRule rule, PiMatchFieldId field) {
        return (PiLpmFieldMatch) match(rule).fieldMatch(field).orElseThrow();
    }

    static PiAction action(FlowRule rule) {
        return (PiAction) ((PiInstruction) rule.treatment().allInstructions().get(0)).action();
    }

    static BigInteger param(FlowRule rule, org.onosproject.net.pi.model.PiActionParamId id) {
        return action(rule).parameters().stream().filter(p -> p.id().equals(id)).map(PiActionParam::value)
                .map(BngAttachmentRulesTest::number).findFirst().orElseThrow();
    }

    static BigInteger number(ImmutableByteSequence bytes) {
        return new BigInteger(1, bytes.asArray());
    }

    /** Every key and parameter exists in the pipeline with a value that fits its width. */
    static void fitsPipeline(FlowRule rule, PiPipelineModel model) {
        var table = model.table((PiTableId) rule.table()).orElseThrow(() -> new AssertionError("no table " + rule.table()));
        match(rule).fieldMatches().forEach(m -> {
            var field = table.matchField(m.fieldId()).orElseThrow(() -> new AssertionError("no key " + m.fieldId()));
            BigInteger value = m instanceof PiExactFieldMatch ? number(((PiExactFieldMatch) m).value())
                    : number(((PiLpmFieldMatch) m).value());
            assertTrue(m.fieldId() + " fits", value.bitLength() <= field.bitWidth());
        });
        var actionModel = table.action(action(rule).id()).orElseThrow(() -> new AssertionError("no action"));
        action(rule).parameters().forEach(p -> {
            var paramModel = actionModel.param(p.id()).orElseThrow(() -> new AssertionError("no param " + p.id()));
            assertTrue(p.id() + " fits", number(p.value()).bitLength() <= paramModel.bitWidth());
        });
    }

    @Test
    public void ipv6AttachmentOnTheSingleBng() throws Exception {
        TestAttachment attachment = TestAttachment.pppoe(100, 7, "2001:db8:1:1::10", 0x1a2b);
        BngAttachmentRules rules = rules("bng");
        Map<PiTableId, FlowRule> line = byTable(rules.lineMap(attachment, 42));
        FlowRule map = line.get(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP);
        assertEquals(1, exact(map, HDR_IG_PORT));
        assertEquals(100, exact(map, HDR_S_TAG));
        assertEquals(7, exact(map, HDR_C_TAG));
        assertEquals(BigInteger.valueOf(42), param(map, LINE_ID));

        Map<PiTableId, FlowRule> session = byTable(rules.session(attachment, 42));
        assertEquals(Set.of(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SESSION, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6,
                            SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V6, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION),
                     session.keySet());
        FlowRule up = session.get(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SESSION);
        assertEquals(42, exact(up, HDR_LINE_ID));
        assertEquals(0x1a2b, exact(up, HDR_SESSION_ID));
        assertEquals(new BigInteger("005b00000001", 16), param(up, MAC));
        PiLpmFieldMatch source = lpm(session.get(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6), HDR_IPV6_SRC_64);
        assertEquals(new BigInteger("20010db800010001", 16), number(source.value()));
        assertEquals(64, source.prefixLength());
        PiLpmFieldMatch prefix = lpm(session.get(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V6), HDR_IPV6_DST_64);
        assertEquals(new BigInteger("20010db800010001", 16), number(prefix.value()));
        FlowRule down = session.get(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION);
        assertEquals(42, exact(down, HDR_LINE_ID));
        assertEquals(BigInteger.ONE, param(down, PORT));
        assertEquals(BigInteger.valueOf(100), param(down, S_TAG));
        assertEquals(BigInteger.valueOf(7), param(down, C_TAG));
        assertEquals(BigInteger.valueOf(0x1a2b), param(down, SESSION_ID));
        assertEquals(new BigInteger("00aa00000001", 16), param(down, SMAC));
        assertEquals(new BigInteger("005b00000001", 16), param(down, DMAC));
        for (FlowRule rule : session.values()) {
            fitsPipeline(rule, model("bng"));
            assertEquals(DEVICE, rule.deviceId());
            assertEquals(TestAttachment.APP.id(), rule.appId());
        }
        fitsPipeline(map, model("bng"));
    }

    @Test
    public void ipv4AttachmentUsesTheIpv4Tables() throws Exception {
        TestAttachment attachment = TestAttachment.pppoe(100, 7, "100.64.0.10", 5);
        Map<PiTableId, FlowRule> session = byTable(rules("bng").session(attachment, 3));
        PiLpmFieldMatch source = lpm(session.get(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V4), HDR_IPV4_SRC);
        assertEquals(number(ImmutableByteSequence.copyFrom(IpAddress.valueOf("100.64.0.10").toOctets())),
                     number(source.value()));
        assertEquals(32, source.prefixLength());
        assertEquals(32, lpm(session.get(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V4), HDR_IPV4_DST).prefixLength());
        assertTrue(!session.containsKey(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6));
        session.values().forEach(rule -> fitsPipeline(rule, model("bng")));
    }

    @Test
    public void eachHalfOfTheSplitGetsItsOwnTables() throws Exception {
        TestAttachment attachment = TestAttachment.pppoe(100, 7, "2001:db8:1:1::10", 0x1a2b);
        assertEquals(Set.of(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SESSION, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6),
                     byTable(rules("bng-access").session(attachment, 9)).keySet());
        assertEquals(1, rules("bng-access").lineMap(attachment, 9).size());
        assertEquals(Set.of(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V6, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION),
                     byTable(rules("bng-forward").session(attachment, 9)).keySet());
        assertEquals(0, rules("bng-forward").lineMap(attachment, 9).size());
        assertEquals(0, rules("full").session(attachment, 9).size());
    }

    @Test
    public void aMissingTagIsZero() throws Exception {
        TestAttachment attachment = new TestAttachment(VlanId.NONE, VlanId.vlanId((short) 33),
                                                       MacAddress.valueOf("00:5b:00:00:00:01"),
                                                       IpAddress.valueOf("100.64.0.1"), 9, AttachmentType.PPPoE, true);
        FlowRule map = rules("bng").lineMap(attachment, 1).get(0);
        assertEquals(0, exact(map, HDR_S_TAG));
        assertEquals(33, exact(map, HDR_C_TAG));
    }

    @Test
    public void refusesWhatTheDataPlaneCannotHold() {
        MacAddress mac = MacAddress.valueOf("00:5b:00:00:00:01");
        IpAddress ip = IpAddress.valueOf("100.64.0.1");
        VlanId tag = VlanId.vlanId((short) 7);
        expectRefusal(new TestAttachment(tag, tag, mac, ip, 9, AttachmentType.IPoE, true), "IPoE");
        expectRefusal(new TestAttachment(tag, tag, mac, ip, 0, AttachmentType.PPPoE, true), "session id 0");
        expectRefusal(new TestAttachment(tag, tag, mac, ip, 0xffff, AttachmentType.PPPoE, true), "65535");
        expectRefusal(new TestAttachment(tag, tag, null, ip, 9, AttachmentType.PPPoE, true), "MAC");
        expectRefusal(new TestAttachment(VlanId.ANY, tag, mac, ip, 9, AttachmentType.PPPoE, true), "S-tag");
    }

    private static void expectRefusal(TestAttachment attachment, String expected) {
        try {
            BngAttachmentRules rules = rules("bng");
            rules.lineMap(attachment, 1);
            rules.session(attachment, 1);
            fail("accepted an attachment with " + expected);
        } catch (BngProgrammableException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(expected));
        }
    }

    /** A delegated prefix: an attachment standing for a prefix of its own length. */
    private static final class Delegated implements BngPrefixAttachment {
        private final TestAttachment of;
        private final int length;
        private final boolean othersStay;

        Delegated(String prefix, int length) {
            this(prefix, length, false);
        }

        Delegated(String prefix, int length, boolean othersStay) {
            this.of = TestAttachment.pppoe(100, 7, prefix, 0x1a2b);
            this.length = length;
            this.othersStay = othersStay;
        }

        @Override
        public int prefixLength() {
            return length;
        }

        @Override
        public boolean othersStay() {
            return othersStay;
        }

        @Override
        public org.onosproject.core.ApplicationId appId() {
            return of.appId();
        }

        @Override
        public VlanId sTag() {
            return of.sTag();
        }

        @Override
        public VlanId cTag() {
            return of.cTag();
        }

        @Override
        public MacAddress macAddress() {
            return of.macAddress();
        }

        @Override
        public IpAddress ipAddress() {
            return of.ipAddress();
        }

        @Override
        public boolean lineActive() {
            return true;
        }

        @Override
        public AttachmentType type() {
            return of.type();
        }

        @Override
        public short pppoeSessionId() {
            return of.pppoeSessionId();
        }
    }

    @Test
    public void aDelegatedPrefixIsWrittenAtItsOwnLength() throws Exception {
        // Bits past the /56 set on purpose: P4Runtime refuses LPM keys that have them.
        Map<PiTableId, FlowRule> session = byTable(rules("bng").session(new Delegated("fd33:100:0:1ff::1", 56), 42));
        PiLpmFieldMatch source = lpm(session.get(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6), HDR_IPV6_SRC_64);
        assertEquals(new BigInteger("fd33010000000100", 16), number(source.value()));
        assertEquals(56, source.prefixLength());
        PiLpmFieldMatch prefix = lpm(session.get(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V6), HDR_IPV6_DST_64);
        assertEquals(new BigInteger("fd33010000000100", 16), number(prefix.value()));
        assertEquals(56, prefix.prefixLength());
        session.values().forEach(rule -> fitsPipeline(rule, model("bng")));
    }

    @Test
    public void aRemovalTakesTheLinesSharedEntriesUnlessTheSessionGoesOn() throws Exception {
        BngAttachmentRules rules = rules("bng");
        // The session ends: everything of the attachment, the line's shared entries too.
        assertEquals(Set.of(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SESSION,
                            SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V6,
                            SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION),
                     byTable(rules.removal(new Delegated("fd33:100:0:100::", 56), 42)).keySet());
        // A delegated prefix released while the session goes on: its source and prefix only.
        List<FlowRule> released = rules.removal(new Delegated("fd33:100:0:100::", 56, true), 42);
        assertEquals(Set.of(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V6),
                     byTable(released).keySet());
        assertEquals(56, lpm(byTable(released).get(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6), HDR_IPV6_SRC_64)
                .prefixLength());
    }

    @Test
    public void refusesADelegatedPrefixLongerThanTheKey() {
        for (int length : new int[] {0, 65, 128}) {
            try {
                rules("bng").session(new Delegated("fd33:100::", length), 1);
                fail("accepted a /" + length);
            } catch (BngProgrammableException e) {
                assertTrue(e.getMessage(), e.getMessage().contains("prefix length " + length));
            }
        }
    }
}
