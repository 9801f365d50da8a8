// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.pipeliner;

import org.junit.Before;
import org.junit.Test;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.TestServiceDirectory;
import org.onlab.packet.Ethernet;
import org.onlab.packet.ICMP6;
import org.onlab.packet.IPv6;
import org.onlab.packet.IpPrefix;
import org.onlab.packet.MacAddress;
import org.onlab.packet.TpPort;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.behaviour.PipelinerContext;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flow.FlowRuleServiceAdapter;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.criteria.Criteria;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flowobjective.DefaultFilteringObjective;
import org.onosproject.net.flowobjective.DefaultForwardingObjective;
import org.onosproject.net.flowobjective.DefaultNextObjective;
import org.onosproject.net.flowobjective.FilteringObjective;
import org.onosproject.net.flowobjective.FlowObjectiveStore;
import org.onosproject.net.flowobjective.ForwardingObjective;
import org.onosproject.net.flowobjective.NextObjective;
import org.onosproject.net.flowobjective.Objective;
import org.onosproject.net.flowobjective.ObjectiveContext;
import org.onosproject.net.flowobjective.ObjectiveError;
import org.onosproject.net.packet.PacketPriority;
import org.onosproject.net.pi.runtime.PiAction;
import org.sixflow.pipeconf.testing.BundledPipeconfs;
import org.sixflow.pipeconf.testing.PipelineModelChecker;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_ETH_TYPE;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_ICMP_TYPE;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IP_PROTO;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_PUNT_TO_CPU;
import static org.sixflow.pipeconf.pipeliner.AclBytes.bytes;

/**
 * The packet requests ONOS's LLDP and host providers make, as ONOS 2.7's PacketManager turns
 * them into forwarding objectives (VERSATILE, priority CONTROL, {@code punt().wipeDeferred()}),
 * become acl entries that fit both pipeconfs' pipeline models; removal removes the same entry;
 * the objective's context hears the outcome the device reports; what the pipeline cannot do is
 * refused. A data-plane check of these entries needs bmv2: ptf/tests/test_acl.py punts NDP with
 * the same entry, and the LLDP/ARP/BDDP entries run there once simple_switch_grpc is installed.
 */
public class SixflowPipelinerTest {

    private static final DeviceId DEVICE = DeviceId.deviceId("device:beijing");
    private static final ApplicationId APP = TestApplicationId.create("org.onosproject.provider.lldp");
    private static final int CONTROL = PacketPriority.CONTROL.priorityValue();
    private static final PipelineModelChecker BMV2 = new PipelineModelChecker(BundledPipeconfs.bmv2().pipelineModel());
    private static final PipelineModelChecker TOFINO =
            new PipelineModelChecker(BundledPipeconfs.tofino().pipelineModel());

    private final List<FlowRuleOperations> applied = new ArrayList<>();
    private final List<ApplicationId> purged = new ArrayList<>();
    private final SixflowPipeliner pipeliner = new SixflowPipeliner();

    /** What an objective's context heard. */
    private static final class Outcome implements ObjectiveContext {
        final List<Objective> successes = new ArrayList<>();
        final List<ObjectiveError> errors = new ArrayList<>();

        @Override
        public void onSuccess(Objective objective) {
            successes.add(objective);
        }

        @Override
        public void onError(Objective objective, ObjectiveError error) {
            errors.add(error);
        }
    }

    @Before
    public void setUp() {
        FlowRuleService flowRules = new FlowRuleServiceAdapter() {
            @Override
            public void apply(FlowRuleOperations ops) {
                applied.add(ops);
            }

            @Override
            public void purgeFlowRules(DeviceId deviceId, ApplicationId appId) {
                assertEquals(DEVICE, deviceId);
                purged.add(appId);
            }
        };
        ServiceDirectory directory = new TestServiceDirectory().add(FlowRuleService.class, flowRules);
        pipeliner.init(DEVICE, new PipelinerContext() {
            @Override
            public ServiceDirectory directory() {
                return directory;
            }

            @Override
            public FlowObjectiveStore store() {
                return null;
            }
        });
    }

    /** A packet request as PacketManager.createBuilder writes it. */
    private static DefaultForwardingObjective.Builder packetRequest(TrafficSelector selector) {
        return DefaultForwardingObjective.builder()
                .withPriority(CONTROL)
                .withSelector(selector)
                .fromApp(APP)
                .withFlag(ForwardingObjective.Flag.VERSATILE)
                .withTreatment(DefaultTrafficTreatment.builder().punt().wipeDeferred().build())
                .makePermanent();
    }

    private static TrafficSelector ethType(short type) {
        return DefaultTrafficSelector.builder().matchEthType(type).build();
    }

    private static TrafficSelector ndp(byte icmpv6Type) {
        return DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_IPV6).matchIPProtocol(IPv6.PROTOCOL_ICMP6)
                .matchIcmpv6Type(icmpv6Type).build();
    }

    private static PiCriterion ethTypeEntry(int high, int low) {
        return PiCriterion.builder().matchTernary(HDR_ETH_TYPE, bytes(high, low), bytes(0xff, 0xff)).build();
    }

    private static PiCriterion ndpEntry(int icmpv6Type) {
        return PiCriterion.builder()
                .matchTernary(HDR_ETH_TYPE, bytes(0x86, 0xdd), bytes(0xff, 0xff))
                .matchTernary(HDR_IP_PROTO, bytes(58), bytes(0xff))
                .matchTernary(HDR_ICMP_TYPE, bytes(icmpv6Type), bytes(0xff))
                .build();
    }

    private static FlowRuleOperation onlyOperation(FlowRuleOperations ops) {
        assertEquals(1, ops.stages().size());
        Set<FlowRuleOperation> stage = ops.stages().get(0);
        assertEquals(1, stage.size());
        return stage.iterator().next();
    }

    @Test
    public void everyPacketRequestOfTheLldpAndHostProvidersBecomesAnAclPuntEntry() {
        Map<String, TrafficSelector> requests = new LinkedHashMap<>();
        Map<String, PiCriterion> entries = new LinkedHashMap<>();
        requests.put("LLDP", ethType(Ethernet.TYPE_LLDP));
        entries.put("LLDP", ethTypeEntry(0x88, 0xcc));
        requests.put("BDDP", ethType(Ethernet.TYPE_BSN));
        entries.put("BDDP", ethTypeEntry(0x89, 0x42));
        requests.put("ARP", ethType(Ethernet.TYPE_ARP));
        entries.put("ARP", ethTypeEntry(0x08, 0x06));
        requests.put("NDP NS", ndp(ICMP6.NEIGHBOR_SOLICITATION));
        entries.put("NDP NS", ndpEntry(135));
        requests.put("NDP NA", ndp(ICMP6.NEIGHBOR_ADVERTISEMENT));
        entries.put("NDP NA", ndpEntry(136));
        requests.put("NDP RS", ndp(ICMP6.ROUTER_SOLICITATION));
        entries.put("NDP RS", ndpEntry(133));
        requests.put("NDP RA", ndp(ICMP6.ROUTER_ADVERTISEMENT));
        entries.put("NDP RA", ndpEntry(134));

        for (Map.Entry<String, TrafficSelector> request : requests.entrySet()) {
            String name = request.getKey();
            applied.clear();
            Outcome outcome = new Outcome();
            pipeliner.forward(packetRequest(request.getValue()).add(outcome));

            assertEquals(name, 1, applied.size());
            FlowRuleOperation operation = onlyOperation(applied.get(0));
            assertEquals(name, FlowRuleOperation.Type.ADD, operation.type());
            FlowRule rule = operation.rule();
            assertEquals(name, SIXFLOW_INGRESS_ACL_ACL, rule.table());
            assertEquals(name, DefaultTrafficSelector.builder().matchPi(entries.get(name)).build(), rule.selector());
            assertEquals(name, DefaultTrafficTreatment.builder()
                    .piTableAction(PiAction.builder().withId(SIXFLOW_INGRESS_ACL_PUNT_TO_CPU).build()).build(),
                         rule.treatment());
            assertEquals(name, CONTROL, rule.priority());
            assertEquals(name, DEVICE, rule.deviceId());
            assertEquals(name, APP.id(), rule.appId());
            assertTrue(name, rule.isPermanent());
            assertEquals(name + " on bmv2", List.of(), BMV2.problems(rule));
            assertEquals(name + " on Tofino", List.of(), TOFINO.problems(rule));

            assertTrue(name + ": no success before the device answers", outcome.successes.isEmpty());
            applied.get(0).callback().onSuccess(applied.get(0));
            assertEquals(name, 1, outcome.successes.size());
            assertTrue(name, outcome.errors.isEmpty());
        }
    }

    @Test
    public void cancellingARequestRemovesTheEntryItAdded() {
        TrafficSelector lldp = ethType(Ethernet.TYPE_LLDP);
        pipeliner.forward(packetRequest(lldp).add());
        Outcome outcome = new Outcome();
        pipeliner.forward(packetRequest(lldp).remove(outcome));

        assertEquals(2, applied.size());
        FlowRule added = onlyOperation(applied.get(0)).rule();
        FlowRuleOperation removal = onlyOperation(applied.get(1));
        assertEquals(FlowRuleOperation.Type.REMOVE, removal.type());
        assertEquals(added, removal.rule());
        assertEquals(added.id(), removal.rule().id());
        applied.get(1).callback().onSuccess(applied.get(1));
        assertEquals(1, outcome.successes.size());
    }

    @Test
    public void aDeviceThatRefusesTheEntryFailsTheObjective() {
        Outcome outcome = new Outcome();
        pipeliner.forward(packetRequest(ethType(Ethernet.TYPE_ARP)).add(outcome));
        applied.get(0).callback().onError(applied.get(0));
        assertEquals(List.of(ObjectiveError.FLOWINSTALLATIONFAILED), outcome.errors);
        assertTrue(outcome.successes.isEmpty());
    }

    @Test
    public void whatThePipelineCannotDoIsRefusedWithTheRightError() {
        Map<String, Objective> unsupported = new LinkedHashMap<>();
        Map<String, Outcome> outcomes = new LinkedHashMap<>();
        TrafficSelector lldp = ethType(Ethernet.TYPE_LLDP);
        for (String name : List.of("specific", "egress", "output to a port", "copy to controller", "IPv6 destination",
                                   "next id", "IPv4 protocol", "filtering", "next")) {
            outcomes.put(name, new Outcome());
        }
        unsupported.put("specific", packetRequest(lldp).withFlag(ForwardingObjective.Flag.SPECIFIC)
                .add(outcomes.get("specific")));
        unsupported.put("egress", packetRequest(lldp).withFlag(ForwardingObjective.Flag.EGRESS)
                .add(outcomes.get("egress")));
        unsupported.put("output to a port", packetRequest(lldp)
                .withTreatment(DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(3)).build())
                .add(outcomes.get("output to a port")));
        unsupported.put("copy to controller", packetRequest(lldp)
                .withTreatment(DefaultTrafficTreatment.builder().punt().build())
                .add(outcomes.get("copy to controller")));
        unsupported.put("IPv6 destination", packetRequest(DefaultTrafficSelector.builder()
                .matchEthType(Ethernet.TYPE_IPV6).matchIPv6Dst(IpPrefix.valueOf("fd00::/8")).build())
                .add(outcomes.get("IPv6 destination")));
        unsupported.put("next id", DefaultForwardingObjective.builder().withPriority(10).withSelector(lldp).fromApp(APP)
                .withFlag(ForwardingObjective.Flag.VERSATILE).nextStep(4).makePermanent()
                .add(outcomes.get("next id")));
        unsupported.put("IPv4 protocol", packetRequest(DefaultTrafficSelector.builder()
                .matchEthType(Ethernet.TYPE_IPV4).matchIPProtocol(IPv6.PROTOCOL_UDP).build())
                .add(outcomes.get("IPv4 protocol")));
        unsupported.put("filtering", DefaultFilteringObjective.builder().permit()
                .withKey(Criteria.matchInPort(PortNumber.portNumber(1)))
                .addCondition(Criteria.matchEthDst(MacAddress.valueOf("00:aa:00:00:00:01")))
                .withPriority(10).fromApp(APP).add(outcomes.get("filtering")));
        unsupported.put("next", DefaultNextObjective.builder().withId(4).withType(NextObjective.Type.SIMPLE)
                .addTreatment(DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(2)).build())
                .fromApp(APP).add(outcomes.get("next")));

        Map<String, Objective> badParams = new LinkedHashMap<>();
        for (String name : List.of("TCP port with UDP protocol", "logical in-port", "in-port beyond 9 bits")) {
            outcomes.put(name, new Outcome());
        }
        badParams.put("TCP port with UDP protocol", packetRequest(DefaultTrafficSelector.builder()
                .matchEthType(Ethernet.TYPE_IPV6).matchIPProtocol(IPv6.PROTOCOL_UDP)
                .matchTcpDst(TpPort.tpPort(80)).build())
                .add(outcomes.get("TCP port with UDP protocol")));
        badParams.put("logical in-port", packetRequest(DefaultTrafficSelector.builder()
                .matchInPort(PortNumber.CONTROLLER).build()).add(outcomes.get("logical in-port")));
        badParams.put("in-port beyond 9 bits", packetRequest(DefaultTrafficSelector.builder()
                .matchInPort(PortNumber.portNumber(512)).build()).add(outcomes.get("in-port beyond 9 bits")));

        submit(unsupported);
        submit(badParams);
        assertTrue("nothing reaches the device", applied.isEmpty());
        unsupported.keySet().forEach(name -> assertEquals(name, List.of(ObjectiveError.UNSUPPORTED),
                                                          outcomes.get(name).errors));
        badParams.keySet().forEach(name -> assertEquals(name, List.of(ObjectiveError.BADPARAMS),
                                                        outcomes.get(name).errors));
        outcomes.values().forEach(outcome -> assertTrue(outcome.successes.isEmpty()));
    }

    private void submit(Map<String, Objective> objectives) {
        for (Objective objective : objectives.values()) {
            if (objective instanceof ForwardingObjective) {
                pipeliner.forward((ForwardingObjective) objective);
            } else if (objective instanceof NextObjective) {
                pipeliner.next((NextObjective) objective);
            } else {
                pipeliner.filter((FilteringObjective) objective);
            }
        }
    }

    @Test
    public void anObjectiveWithoutAContextIsStillInstalled() {
        pipeliner.forward(packetRequest(ethType(Ethernet.TYPE_LLDP)).add());
        assertEquals(1, applied.size());
        applied.get(0).callback().onSuccess(applied.get(0));
        pipeliner.forward(packetRequest(ethType(Ethernet.TYPE_LLDP)).withFlag(ForwardingObjective.Flag.SPECIFIC).add());
        assertEquals(1, applied.size());
    }

    @Test
    public void purgeRemovesTheAppsEntriesAndThereAreNoNextMappings() {
        pipeliner.purgeAll(APP);
        assertEquals(List.of(APP), purged);
        assertTrue(pipeliner.getNextMappings(() -> new byte[]{1}).isEmpty());
    }
}
