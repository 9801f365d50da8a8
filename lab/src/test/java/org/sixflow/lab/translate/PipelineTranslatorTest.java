// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.translate;

import com.google.protobuf.ByteString;
import org.junit.Test;
import org.onlab.packet.EthType;
import org.onlab.packet.Ethernet;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiCloneSessionEntry;
import org.onosproject.net.pi.runtime.PiMulticastGroupEntry;
import org.onosproject.net.pi.runtime.PiPreReplica;
import org.onosproject.net.pi.runtime.PiTableEntry;
import org.sixflow.app.api.Apn6Match;
import org.sixflow.app.api.Apn6Policy;
import org.sixflow.app.api.Apn6Validation;
import org.sixflow.app.api.ApplicationAwareId;
import org.sixflow.app.api.Msr6TreeRequest;
import org.sixflow.app.api.PortRange;
import org.sixflow.app.apn6.impl.Apn6PolicyManagerFixture;
import org.sixflow.app.msr6.impl.Msr6TreeManagerFixture;
import org.sixflow.app.telemetry.report.ReportRules;
import org.sixflow.lab.testing.Bmv2Pipeconf;
import org.sixflow.pipeconf.CloneSessions;
import org.sixflow.pipeconf.CpuPorts;
import org.sixflow.pipeconf.behaviour.Bmv2Interpreter;
import p4.config.v1.P4InfoOuterClass;
import p4.v1.P4RuntimeOuterClass.FieldMatch;
import p4.v1.P4RuntimeOuterClass.PacketOut;
import p4.v1.P4RuntimeOuterClass.PacketReplicationEngineEntry;
import p4.v1.P4RuntimeOuterClass.TableEntry;

import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.pipeconf.P4InfoConstants.DMAC;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_TREE_ID;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_PUNT_TO_CPU;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_LO;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_LOCAL_SID;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP;
import static org.sixflow.pipeconf.P4InfoConstants.SMAC;

/**
 * Translation of what Sixflow's compilers produce (an MSR6 tree, an APN6 policy, the telemetry
 * clone session) and of core-app style rules, against the committed bmv2 P4Info. Ids are checked
 * against the P4Info text read here on its own, not through the index under test.
 */
public class PipelineTranslatorTest {

    private static final PiPipeconf PIPECONF = Bmv2Pipeconf.get();
    private static final P4InfoOuterClass.P4Info P4INFO = readP4Info();
    private static final ApplicationId APP = TestApplicationId.create("org.sixflow.app");
    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");

    private final PipelineTranslator translator = translator();

    private static PipelineTranslator translator() {
        try {
            return new PipelineTranslator(PIPECONF, new Bmv2Interpreter());
        } catch (TranslationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static P4InfoOuterClass.P4Info readP4Info() {
        try (Reader reader = new InputStreamReader(PipelineTranslatorTest.class.getResourceAsStream(
                "/p4c-out/full/bmv2/p4info.txt"), StandardCharsets.UTF_8)) {
            return P4InfoIndex.parse(reader);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static P4InfoOuterClass.Table table(int id) {
        return P4INFO.getTablesList().stream().filter(t -> t.getPreamble().getId() == id).findFirst()
                .orElseThrow(() -> new AssertionError("no table id " + id));
    }

    private static P4InfoOuterClass.Table table(String name) {
        return P4INFO.getTablesList().stream().filter(t -> t.getPreamble().getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no table " + name));
    }

    private static boolean needsPriority(P4InfoOuterClass.Table table) {
        return table.getMatchFieldsList().stream().anyMatch(
                f -> f.getMatchType() == P4InfoOuterClass.MatchField.MatchType.TERNARY
                        || f.getMatchType() == P4InfoOuterClass.MatchField.MatchType.RANGE
                        || f.getMatchType() == P4InfoOuterClass.MatchField.MatchType.OPTIONAL);
    }

    /** Asserts an encoded entry names a real table, fields and action of the P4Info, with canonical values. */
    private static void assertWellFormed(FlowRule rule, TableEntry entry) {
        P4InfoOuterClass.Table table = table(entry.getTableId());
        assertEquals(rule.table().toString(), table.getPreamble().getName());
        Map<Integer, P4InfoOuterClass.MatchField> fields = table.getMatchFieldsList().stream()
                .collect(Collectors.toMap(P4InfoOuterClass.MatchField::getId, f -> f));
        for (FieldMatch match : entry.getMatchList()) {
            P4InfoOuterClass.MatchField field = fields.get(match.getFieldId());
            assertTrue("field id " + match.getFieldId() + " of " + table.getPreamble().getName(), field != null);
            switch (match.getFieldMatchTypeCase()) {
                case EXACT:
                    assertEquals(P4InfoOuterClass.MatchField.MatchType.EXACT, field.getMatchType());
                    assertCanonical(match.getExact().getValue(), field.getBitwidth());
                    break;
                case TERNARY:
                    assertEquals(P4InfoOuterClass.MatchField.MatchType.TERNARY, field.getMatchType());
                    assertCanonical(match.getTernary().getValue(), field.getBitwidth());
                    assertCanonical(match.getTernary().getMask(), field.getBitwidth());
                    assertFalse("don't-care ternary sent", match.getTernary().getMask().equals(zero()));
                    break;
                case LPM:
                    assertEquals(P4InfoOuterClass.MatchField.MatchType.LPM, field.getMatchType());
                    assertCanonical(match.getLpm().getValue(), field.getBitwidth());
                    assertTrue(match.getLpm().getPrefixLen() > 0);
                    break;
                case RANGE:
                    assertEquals(P4InfoOuterClass.MatchField.MatchType.RANGE, field.getMatchType());
                    assertCanonical(match.getRange().getLow(), field.getBitwidth());
                    assertCanonical(match.getRange().getHigh(), field.getBitwidth());
                    break;
                default:
                    fail("unexpected match " + match);
            }
        }
        // Every exact field of the table is present.
        Set<Integer> present = entry.getMatchList().stream().map(FieldMatch::getFieldId).collect(Collectors.toSet());
        table.getMatchFieldsList().stream().filter(f -> f.getMatchType() == P4InfoOuterClass.MatchField.MatchType.EXACT)
                .forEach(f -> assertTrue(f.getName() + " missing", present.contains(f.getId())));
        assertEquals(rule.toString(), needsPriority(table) ? rule.priority() + 1 : 0, entry.getPriority());
        assertEquals(rule.id().value(), entry.getControllerMetadata());
        P4InfoOuterClass.Action action = P4INFO.getActionsList().stream()
                .filter(a -> a.getPreamble().getId() == entry.getAction().getAction().getActionId()).findFirst()
                .orElseThrow(() -> new AssertionError("no action id"));
        assertTrue(table.getActionRefsList().stream().anyMatch(r -> r.getId() == action.getPreamble().getId()));
        assertEquals(action.getParamsCount(), entry.getAction().getAction().getParamsCount());
        entry.getAction().getAction().getParamsList().forEach(p -> assertCanonical(
                p.getValue(), action.getParamsList().stream().filter(i -> i.getId() == p.getParamId()).findFirst()
                        .orElseThrow(() -> new AssertionError("no param " + p.getParamId())).getBitwidth()));
    }

    private static ByteString zero() {
        return ByteString.copyFrom(new byte[1]);
    }

    private static void assertCanonical(ByteString value, int bitWidth) {
        assertTrue("empty value", value.size() >= 1);
        assertTrue("at most " + ((bitWidth + 7) / 8) + " bytes: " + value, value.size() <= (bitWidth + 7) / 8);
        assertTrue("leading zero byte in " + value, value.size() == 1 || value.byteAt(0) != 0);
    }

    private TableEntry encode(FlowRule rule) throws TranslationException {
        return translator.tableEntries().encode(translator.tableEntry(rule));
    }

    @Test
    public void msr6TreeEntriesTranslateToTheP4InfoIdsAndCanonicalValues() throws Exception {
        Msr6TreeManagerFixture trees = new Msr6TreeManagerFixture();
        trees.createVideoTree(Msr6TreeRequest.Algorithm.STEINER,
                              "device:nanjing/4", "device:shanghai/3", "device:guangzhou/3");
        assertFalse(trees.rules.isEmpty());
        for (FlowRule rule : trees.rules) {
            TableEntry entry = encode(rule);
            assertWellFormed(rule, entry);
            // What a device answers (canonical) decodes back to the same PI entry.
            assertEquals(translator.tableEntry(rule), translator.tableEntries().decode(entry));
        }

        // The encapsulation entry: exact group address, no source (don't care, omitted), priority 101.
        FlowRule encap = trees.rules.stream().filter(r -> r.table().equals(SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP))
                .findFirst().orElseThrow(AssertionError::new);
        TableEntry encapEntry = encode(encap);
        assertEquals(table("SixflowIngress.msr6_ingress.msr6_encap").getPreamble().getId(), encapEntry.getTableId());
        assertEquals(1, encapEntry.getMatchCount());
        assertEquals(ByteString.copyFrom(Ip6Address.valueOf("ff3e::1").toOctets()),
                     encapEntry.getMatch(0).getExact().getValue());
        assertEquals(101, encapEntry.getPriority());

        // Tree ids are exact 32-bit keys held at full width in PI, sent as one byte.
        FlowRule sids = trees.rules.stream()
                .filter(r -> r.table().equals(SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_LO)).findFirst()
                .orElseThrow(AssertionError::new);
        TableEntry sidsEntry = encode(sids);
        assertEquals(0, sidsEntry.getPriority());
        PiTableEntry sidsPi = translator.tableEntry(sids);
        byte[] treeId = ((org.onosproject.net.pi.runtime.PiExactFieldMatch) sidsPi.matchKey().fieldMatches()
                .iterator().next()).value().asArray();
        assertEquals(4, treeId.length);
        assertEquals(ByteString.copyFrom(new byte[]{treeId[3]}), sidsEntry.getMatch(0).getExact().getValue());

        // Local SIDs are /96 LPM entries on the destination address.
        FlowRule localSid = trees.rules.stream()
                .filter(r -> r.table().equals(SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_LOCAL_SID)).findFirst()
                .orElseThrow(AssertionError::new);
        TableEntry localSidEntry = encode(localSid);
        assertEquals(96, localSidEntry.getMatch(0).getLpm().getPrefixLen());
    }

    @Test
    public void treeGroupsBecomeMulticastGroupsAndTheReportSessionACloneSession() throws Exception {
        Msr6TreeManagerFixture trees = new Msr6TreeManagerFixture();
        trees.createVideoTree(Msr6TreeRequest.Algorithm.SHORTEST_PATHS, "device:nanjing/4", "device:guangzhou/3");
        assertFalse(trees.groups.isEmpty());
        for (GroupDescription group : trees.groups) {
            PiMulticastGroupEntry pre = (PiMulticastGroupEntry) translator.preEntry(group, group.givenGroupId());
            assertEquals((int) group.givenGroupId(), pre.groupId());
            assertEquals(group.buckets().buckets().size(), pre.replicas().size());
            PacketReplicationEngineEntry message = PreEntryCodec.encode(pre);
            assertEquals((int) group.givenGroupId(), message.getMulticastGroupEntry().getMulticastGroupId());
            message.getMulticastGroupEntry().getReplicasList().forEach(r -> assertEquals(0, r.getInstance()));
            assertEquals(pre, PreEntryCodec.decode(message));
        }

        GroupDescription clone = ReportRules.cloneSession(BEIJING, APP, CloneSessions.BMV2_TELEMETRY_TRUNCATE);
        PiCloneSessionEntry session = (PiCloneSessionEntry) translator.preEntry(clone, clone.givenGroupId());
        assertEquals(CloneSessions.TELEMETRY, session.sessionId());
        // bmv2 refuses truncating sessions: none asked.
        assertEquals(PiCloneSessionEntry.DO_NOT_TRUNCATE, session.maxPacketLengthBytes());
        assertEquals(Set.of(new PiPreReplica(PortNumber.portNumber(CpuPorts.BMV2), 0)), session.replicas());
        PacketReplicationEngineEntry message = PreEntryCodec.encode(session);
        assertEquals(CpuPorts.BMV2, message.getCloneSessionEntry().getReplicas(0).getEgressPort());
        assertEquals(session, PreEntryCodec.decode(message));
    }

    @Test
    public void twoBucketsToOnePortGetInstancesZeroAndOne() throws Exception {
        Msr6TreeManagerFixture trees = new Msr6TreeManagerFixture();
        trees.createVideoTree(Msr6TreeRequest.Algorithm.SHORTEST_PATHS, "device:nanjing/4");
        GroupDescription group = trees.groups.get(0);
        GroupDescription doubled = new org.onosproject.net.group.DefaultGroupDescription(
                group.deviceId(), GroupDescription.Type.ALL, new org.onosproject.net.group.GroupBuckets(List.of(
                group.buckets().buckets().get(0), group.buckets().buckets().get(0))), group.appCookie(), 7, APP);
        PiMulticastGroupEntry pre = (PiMulticastGroupEntry) translator.preEntry(doubled, 7);
        assertEquals(Set.of(0, 1), pre.replicas().stream().map(PiPreReplica::instanceId).collect(Collectors.toSet()));
    }

    @Test
    public void apn6PolicyEntriesTranslateWithPrioritiesAndRanges() throws Exception {
        Apn6PolicyManagerFixture policies = new Apn6PolicyManagerFixture();
        Apn6Validation result = policies.manager.create(Apn6Policy.of(
                "video", "video gold", 100, Apn6Match.builder().source(Ip6Prefix.valueOf("fd00:1:1::/64"))
                        .nextHeader(17).destinationPorts(PortRange.of(5004, 5005)).build(),
                ApplicationAwareId.of(3, 0x1234, 7, 1), 5, true));
        assertTrue(result.valid());
        policies.awaitEvents();
        assertFalse(policies.rules().isEmpty());
        boolean sawRange = false;
        for (FlowRule rule : policies.rules()) {
            TableEntry entry = encode(rule);
            assertWellFormed(rule, entry);
            for (FieldMatch match : entry.getMatchList()) {
                if (match.hasRange()) {
                    sawRange = true;
                    assertEquals(ByteString.copyFrom(new byte[]{0x13, (byte) 0x8c}), match.getRange().getLow());
                    assertEquals(ByteString.copyFrom(new byte[]{0x13, (byte) 0x8d}), match.getRange().getHigh());
                }
            }
            assertEquals(translator.tableEntry(rule), translator.tableEntries().decode(entry));
        }
        assertTrue("the classifier's port range is sent as a range", sawRange);
    }

    @Test
    public void lldpPuntThroughTheInterpreterIsATernaryAclEntry() throws Exception {
        FlowRule punt = DefaultFlowRule.builder().forDevice(BEIJING).forTable(0)
                .withSelector(DefaultTrafficSelector.builder().matchEthType(EthType.EtherType.LLDP.ethType().toShort())
                                      .build())
                .withTreatment(DefaultTrafficTreatment.builder().setOutput(PortNumber.CONTROLLER).build())
                .withPriority(40000).fromApp(APP).makePermanent().build();
        TableEntry entry = encode(punt);
        P4InfoOuterClass.Table acl = table(SIXFLOW_INGRESS_ACL_ACL.id());
        assertEquals(acl.getPreamble().getId(), entry.getTableId());
        assertEquals(40001, entry.getPriority());
        assertEquals("only eth_type; the other five fields are don't care", 1, entry.getMatchCount());
        FieldMatch ethType = entry.getMatch(0);
        assertEquals(acl.getMatchFieldsList().stream().filter(f -> f.getName().equals("eth_type")).findFirst()
                             .orElseThrow(AssertionError::new).getId(), ethType.getFieldId());
        assertEquals(ByteString.copyFrom(new byte[]{(byte) 0x88, (byte) 0xcc}), ethType.getTernary().getValue());
        assertEquals(ByteString.copyFrom(new byte[]{(byte) 0xff, (byte) 0xff}), ethType.getTernary().getMask());
        assertEquals(P4INFO.getActionsList().stream()
                             .filter(a -> a.getPreamble().getName().equals(SIXFLOW_INGRESS_ACL_PUNT_TO_CPU.id()))
                             .findFirst().orElseThrow(AssertionError::new).getPreamble().getId(),
                     entry.getAction().getAction().getActionId());
    }

    @Test
    public void zeroMaskTernaryIsOmittedAndZeroValuesAreOneByte() throws Exception {
        FlowRule rule = DefaultFlowRule.builder().forDevice(BEIJING).forTable(SIXFLOW_INGRESS_ACL_ACL)
                .withSelector(DefaultTrafficSelector.builder().matchPi(PiCriterion.builder()
                        .matchTernary(org.sixflow.pipeconf.P4InfoConstants.HDR_ETH_DST, 0x123456L, 0L)
                        .matchTernary(org.sixflow.pipeconf.P4InfoConstants.HDR_IP_PROTO, 0, 0xff).build()).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(
                        PiAction.builder().withId(SIXFLOW_INGRESS_ACL_PUNT_TO_CPU).build()).build())
                .withPriority(10).fromApp(APP).makePermanent().build();
        TableEntry entry = encode(rule);
        assertEquals(1, entry.getMatchCount());
        assertEquals(zero(), entry.getMatch(0).getTernary().getValue());
        assertEquals(ByteString.copyFrom(new byte[]{(byte) 0xff}), entry.getMatch(0).getTernary().getMask());
    }

    @Test
    public void routingEntryHasNoPriorityAndSizedParameters() throws Exception {
        FlowRule route = DefaultFlowRule.builder().forDevice(BEIJING).forTable(SIXFLOW_INGRESS_ROUTING_ROUTING_V6)
                .withSelector(DefaultTrafficSelector.builder().matchPi(PiCriterion.builder()
                        .matchLpm(HDR_IPV6_DST, Ip6Address.valueOf("fd00:1:3::").toOctets(), 64).build()).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(PiAction.builder()
                        .withId(SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP)
                        .withParameter(new PiActionParam(PORT, 2))
                        .withParameter(new PiActionParam(SMAC, MacAddress.valueOf("00:aa:00:00:00:01").toBytes()))
                        .withParameter(new PiActionParam(DMAC, MacAddress.valueOf("00:aa:00:00:00:03").toBytes()))
                        .build()).build())
                .withPriority(64).fromApp(APP).makePermanent().build();
        TableEntry entry = encode(route);
        assertWellFormed(route, entry);
        assertEquals(0, entry.getPriority());
        // Canonical strings drop leading zero bytes only: an address starting 0xfd keeps all 16.
        assertEquals(ByteString.copyFrom(Ip6Address.valueOf("fd00:1:3::").toOctets()),
                     entry.getMatch(0).getLpm().getValue());
        assertEquals(64, entry.getMatch(0).getLpm().getPrefixLen());
        P4InfoOuterClass.Action setNextHop = P4INFO.getActionsList().stream()
                .filter(a -> a.getPreamble().getName().equals(SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP.id())).findFirst()
                .orElseThrow(AssertionError::new);
        Map<String, ByteString> params = entry.getAction().getAction().getParamsList().stream().collect(
                Collectors.toMap(p -> setNextHop.getParamsList().stream().filter(i -> i.getId() == p.getParamId())
                        .findFirst().orElseThrow(AssertionError::new).getName(), p -> p.getValue()));
        assertEquals(ByteString.copyFrom(new byte[]{2}), params.get(PORT.id()));
        assertEquals(ByteString.copyFrom(new byte[]{(byte) 0xaa, 0, 0, 0, 1}), params.get(SMAC.id()));
    }

    @Test
    public void missingExactFieldAndOversizedValuesAreRefusedByName() {
        FlowRule noKey = DefaultFlowRule.builder().forDevice(BEIJING).forTable(SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP)
                .withSelector(DefaultTrafficSelector.builder().matchPi(PiCriterion.builder()
                        .matchTernary(org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_SRC, new byte[16], new byte[16])
                        .build()).build())
                .withTreatment(DefaultTrafficTreatment.emptyTreatment())
                .withPriority(10).fromApp(APP).makePermanent().build();
        assertRefused(noKey, "ipv6_dst");
        FlowRule wide = DefaultFlowRule.builder().forDevice(BEIJING).forTable(SIXFLOW_INGRESS_ROUTING_ROUTING_V6)
                .withSelector(DefaultTrafficSelector.builder().matchPi(PiCriterion.builder()
                        .matchLpm(HDR_IPV6_DST, Ip6Address.valueOf("fd00::").toOctets(), 64).build()).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(PiAction.builder()
                        .withId(SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP)
                        .withParameter(new PiActionParam(PORT, 512))
                        .withParameter(new PiActionParam(SMAC, MacAddress.ZERO.toBytes()))
                        .withParameter(new PiActionParam(DMAC, MacAddress.ZERO.toBytes()))
                        .build()).build())
                .withPriority(64).fromApp(APP).makePermanent().build();
        assertRefused(wide, "port");
    }

    private void assertRefused(FlowRule rule, String named) {
        try {
            encode(rule);
            fail("translated " + rule);
        } catch (TranslationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(named));
        }
    }

    @Test
    public void packetOutCarriesEveryHeaderFieldWithTheEgressPort() throws Exception {
        Ethernet frame = new Ethernet().setSourceMACAddress(MacAddress.valueOf("00:aa:00:00:00:01"))
                .setDestinationMACAddress(MacAddress.valueOf("01:80:c2:00:00:0e")).setEtherType(Ethernet.TYPE_LLDP);
        frame.setPayload(new org.onlab.packet.Data(new byte[46]));
        List<PacketOut> outs = translator.packetOuts(new DefaultOutboundPacket(
                BEIJING, DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(3)).build(),
                ByteBuffer.wrap(frame.serialize())));
        assertEquals(1, outs.size());
        P4InfoOuterClass.ControllerPacketMetadata header = P4INFO.getControllerPacketMetadataList().stream()
                .filter(h -> h.getPreamble().getName().equals("packet_out")).findFirst()
                .orElseThrow(AssertionError::new);
        assertEquals(header.getMetadataCount(), outs.get(0).getMetadataCount());
        int egressPortId = header.getMetadataList().stream().filter(m -> m.getName().equals("egress_port"))
                .findFirst().orElseThrow(AssertionError::new).getId();
        assertEquals(ByteString.copyFrom(new byte[]{3}), outs.get(0).getMetadataList().stream()
                .filter(m -> m.getMetadataId() == egressPortId).findFirst().orElseThrow(AssertionError::new)
                .getValue());
        assertEquals(ByteString.copyFrom(frame.serialize()), outs.get(0).getPayload());
    }
}
