// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.model.PiActionParamId;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.sixflow.app.api.Apn6Match;
import org.sixflow.app.api.Apn6Policy;
import org.sixflow.app.api.Apn6PolicyAdminService;
import org.sixflow.app.api.Apn6PolicyService;
import org.sixflow.app.api.Apn6PolicyStore;
import org.sixflow.app.api.ApplicationAwareId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.Msr6Mode;
import org.sixflow.app.api.Msr6TreeAdminService;
import org.sixflow.app.api.Msr6TreeRequest;
import org.sixflow.app.api.Msr6TreeService;
import org.sixflow.app.api.Msr6TreeState;
import org.sixflow.app.api.Msr6TreeStore;
import org.sixflow.app.api.TableFullException;
import org.sixflow.app.apn6.impl.Apn6PolicyManager;
import org.sixflow.app.apn6.impl.DistributedApn6PolicyStore;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.msr6.impl.DistributedMsr6TreeStore;
import org.sixflow.app.msr6.impl.Msr6TreeManager;
import org.sixflow.lab.config.LabState;
import org.sixflow.lab.runtime.LabComponents;
import org.sixflow.lab.testing.Await;
import org.sixflow.lab.testing.FakeP4RuntimeSwitch;
import org.sixflow.lab.translate.P4InfoIndex;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.fail;
import static org.sixflow.pipeconf.P4InfoConstants.APP_ID;
import static org.sixflow.pipeconf.P4InfoConstants.FLOW_ID;
import static org.sixflow.pipeconf.P4InfoConstants.GROUP;
import static org.sixflow.pipeconf.P4InfoConstants.GROUP_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_SRC;
import static org.sixflow.pipeconf.P4InfoConstants.MRH_TYPE;
import static org.sixflow.pipeconf.P4InfoConstants.MRH_TYPE_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.MSID_COUNT;
import static org.sixflow.pipeconf.P4InfoConstants.MSID_COUNT_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_INGRESS_INSERT_APN6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP;
import static org.sixflow.pipeconf.P4InfoConstants.SLA_LEVEL;
import static org.sixflow.pipeconf.P4InfoConstants.SLA_LEVEL_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.SRC;
import static org.sixflow.pipeconf.P4InfoConstants.TREE_ID;
import static org.sixflow.pipeconf.P4InfoConstants.TREE_ID_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.USER_ID;

/**
 * Admission control on the lab: the real tree and policy managers over the lab's southbound and
 * two fake P4Runtime switches (beijing and nanjing, linked by their ports 1) that refuse an
 * insert into a table already holding its P4Info size, as bmv2 does. A table of beijing is filled
 * to its size by another application's entries and Sixflow's own, the last request that would
 * overflow it is refused naming the device and table, and the switch holds exactly the size.
 */
public class TableAdmissionLabTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final DeviceId NANJING = DeviceId.deviceId("device:nanjing");
    private static final ApplicationId OTHER_APP = TestApplicationId.create("org.example.other");

    private FakeP4RuntimeSwitch beijing;
    private FakeP4RuntimeSwitch nanjing;
    private LabSouthbound southbound;

    @Before
    public void startLab() throws Exception {
        beijing = new FakeP4RuntimeSwitch();
        nanjing = new FakeP4RuntimeSwitch();
        LabState state = LabState.of(List.of(
                LabState.Switch.of("beijing", 1, "127.0.0.1", beijing.port(), 255, Map.of(
                        PortNumber.portNumber(1), "sfx-none1", PortNumber.portNumber(3), "sfx-none3")),
                LabState.Switch.of("nanjing", 3, "127.0.0.1", nanjing.port(), 255, Map.of(
                        PortNumber.portNumber(1), "sfx-none1", PortNumber.portNumber(4), "sfx-none4"))));
        southbound = new LabSouthbound(state);
        ObjectNode devices = MAPPER.createObjectNode();
        ObjectNode composeLab = (ObjectNode) MAPPER.readTree(new File("../docker/netcfg.json")).path("devices");
        for (String name : List.of("beijing", "nanjing")) {
            FakeP4RuntimeSwitch fake = name.equals("beijing") ? beijing : nanjing;
            ObjectNode device = (ObjectNode) composeLab.path("device:" + name);
            ((ObjectNode) device.path("basic")).put("managementAddress", "grpc://127.0.0.1:" + fake.port()
                    + "?device_id=" + (name.equals("beijing") ? 1 : 3));
            ((ObjectNode) device.path("sixflow")).remove("gnmiAddress");
            devices.set("device:" + name, device);
        }
        ObjectNode netcfg = MAPPER.createObjectNode();
        netcfg.set("devices", devices);
        southbound.netcfg().load(netcfg);
        southbound.start();
        Await.until("both switches connected", () -> southbound.devices().isAvailable(BEIJING)
                && southbound.devices().isAvailable(NANJING));
        linkUp();
        LabComponents components = southbound.components();
        components.activate(new SixflowConfigRegistrar());
        components.activate(new DistributedMsr6TreeStore(), Msr6TreeStore.class);
        components.activate(new Msr6TreeManager(), Msr6TreeService.class, Msr6TreeAdminService.class);
        components.activate(new DistributedApn6PolicyStore(), Apn6PolicyStore.class);
        components.activate(new Apn6PolicyManager(), Apn6PolicyService.class, Apn6PolicyAdminService.class);
    }

    @After
    public void stopLab() {
        if (southbound != null) {
            southbound.stop();
        }
        beijing.close();
        nanjing.close();
    }

    /** What LLDP would find between the fake switches (they forward no probes). */
    private void linkUp() {
        ConnectPoint a = ConnectPoint.deviceConnectPoint("device:beijing/1");
        ConnectPoint b = ConnectPoint.deviceConnectPoint("device:nanjing/1");
        southbound.links().linkSeen(a, b);
        southbound.links().linkSeen(b, a);
    }

    private long size(PiTableId table) {
        return southbound.components().get(PiPipeconfService.class)
                .getPipeconf(BEIJING).orElseThrow().pipelineModel().table(table).orElseThrow().maxSize();
    }

    private long held(FakeP4RuntimeSwitch fake, PiTableId table) throws Exception {
        return fake.entriesOf(P4InfoIndex.of(southbound.devices().agent(BEIJING).orElseThrow().pipeconf())
                                      .table(table.id()).getPreamble().getId());
    }

    private static PiActionParam param(PiActionParamId id, long value, int bits) throws Exception {
        return new PiActionParam(id, ImmutableByteSequence.copyFrom(value).fit(bits));
    }

    private static FlowRule foreign(PiTableId table, PiCriterion match, PiAction action) {
        return DefaultFlowRule.builder().forDevice(BEIJING).forTable(table)
                .withSelector(DefaultTrafficSelector.builder().matchPi(match).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .withPriority(10).fromApp(OTHER_APP).makePermanent().build();
    }

    /** Another application's encapsulation of group ff3f::n. */
    private static FlowRule foreignEncap(int n) throws Exception {
        return foreign(SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP,
                       PiCriterion.builder().matchExact(
                               HDR_IPV6_DST, Ip6Address.valueOf("ff3f::" + Integer.toHexString(n)).toOctets()).build(),
                       PiAction.builder().withId(SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP)
                               .withParameter(param(TREE_ID, 1, TREE_ID_BITWIDTH))
                               .withParameter(new PiActionParam(SRC, Ip6Address.valueOf("fd00:1:1::1").toOctets()))
                               .withParameter(param(MRH_TYPE, 1, MRH_TYPE_BITWIDTH))
                               .withParameter(param(MSID_COUNT, 1, MSID_COUNT_BITWIDTH))
                               .withParameter(param(GROUP, 1, GROUP_BITWIDTH)).build());
    }

    /** Another application's classifier entry for source fd00:8::n. */
    private static FlowRule foreignClassifier(int n) throws Exception {
        byte[] ones = new byte[16];
        Arrays.fill(ones, (byte) 0xff);
        return foreign(SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER,
                       PiCriterion.builder().matchTernary(
                               HDR_IPV6_SRC, Ip6Address.valueOf("fd00:8::" + Integer.toHexString(n)).toOctets(), ones)
                               .build(),
                       PiAction.builder().withId(SIXFLOW_INGRESS_APN6_INGRESS_INSERT_APN6)
                               .withParameter(param(SLA_LEVEL, 1, SLA_LEVEL_BITWIDTH))
                               .withParameter(param(APP_ID, 1, SLA_LEVEL_BITWIDTH))
                               .withParameter(param(USER_ID, 1, SLA_LEVEL_BITWIDTH))
                               .withParameter(param(FLOW_ID, 1, SLA_LEVEL_BITWIDTH)).build());
    }

    /** Writes entries through the lab's flow rule service and waits until the switch has them all. */
    private void write(List<FlowRule> rules) throws Exception {
        southbound.flows().applyFlowRules(rules.toArray(new FlowRule[0]));
        southbound.flows().flush();
        for (FlowRule rule : rules) {
            assertEquals(rule.toString(), FlowEntry.FlowEntryState.ADDED,
                         southbound.flows().getFlowEntry(rule).state());
        }
    }

    @Test
    public void treesFillMsr6EncapToItsSizeAndTheNextIsRefused() throws Exception {
        PiTableId encap = SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP;
        long size = size(encap);
        List<FlowRule> fill = new ArrayList<>();
        for (int n = 0; n < size - 2; n++) {
            fill.add(foreignEncap(n));
        }
        write(fill);
        Msr6TreeAdminService trees = southbound.components().get(Msr6TreeAdminService.class);
        for (int t = 1; t <= 3; t++) {
            linkUp();
            Msr6TreeRequest request = Msr6TreeRequest.of(
                    "t" + t, ConnectPoint.deviceConnectPoint("device:beijing/3"),
                    Ip6Address.valueOf("ff3e:" + t + "::1"),
                    Set.of(ConnectPoint.deviceConnectPoint("device:nanjing/4")), Msr6Mode.TE,
                    Msr6TreeRequest.Algorithm.SHORTEST_PATHS);
            if (t < 3) {
                assertEquals(Msr6TreeState.INSTALLED, trees.create(request).state());
                continue;
            }
            try {
                trees.create(request);
                fail("the table is full");
            } catch (TableFullException e) {
                assertEquals("device:beijing table msr6_encap holds " + size + " entries, " + size
                                     + " in use, this tree needs 1 more", e.getMessage());
            }
        }
        assertFalse(trees.tree("t3").isPresent());
        assertEquals(size, held(beijing, encap));
        // The switch agrees the table is full: one more entry written past Sixflow fails there.
        FlowRule extra = foreignEncap((int) size);
        southbound.flows().applyFlowRules(extra);
        southbound.flows().flush();
        assertEquals(FlowEntry.FlowEntryState.FAILED, southbound.flows().getFlowEntry(extra).state());
    }

    @Test
    public void policiesFillTheClassifierToItsSizeAndTheNextIsRefused() throws Exception {
        PiTableId classifier = SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER;
        long size = size(classifier);
        List<FlowRule> fill = new ArrayList<>();
        for (int n = 0; n < size - 1; n++) {
            fill.add(foreignClassifier(n));
        }
        write(fill);
        Apn6PolicyAdminService policies = southbound.components().get(Apn6PolicyAdminService.class);
        policies.create(policy("p1", 1));
        Await.until("p1 installed", () -> policies.status("p1").map(s -> s.state()).orElse(null)
                == InstallStatus.State.INSTALLED);
        try {
            policies.create(policy("p2", 2));
            fail("the table is full");
        } catch (TableFullException e) {
            assertEquals("device:beijing table apn6_classifier holds " + size + " entries, " + size
                                 + " in use, this policy needs 1 more", e.getMessage());
        }
        assertFalse(policies.policy("p2").isPresent());
        assertEquals(size, held(beijing, classifier));
    }

    private static Apn6Policy policy(String id, int subnet) {
        return Apn6Policy.of(id, null, 100, Apn6Match.builder()
                .source(Ip6Prefix.valueOf("fd00:9:" + subnet + "::/64")).build(),
                             ApplicationAwareId.of(1, 1, 1, 1), null, false);
    }
}
