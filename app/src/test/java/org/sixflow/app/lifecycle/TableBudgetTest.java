// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.TestApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TableId;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.sixflow.app.api.TableClaims;
import org.sixflow.app.api.TableFullException;
import org.sixflow.app.api.TableShortfall;
import org.sixflow.app.testing.SmallTables;
import org.sixflow.app.testing.TestFlowRuleService;
import org.sixflow.app.testing.TestPipeconfService;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_3;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6;

/**
 * Table sizes from the device's pipeline model, occupancy from the flow rule service and from
 * claims, each entry counted once.
 */
public class TableBudgetTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final DeviceId WUHAN = DeviceId.deviceId("device:wuhan");
    private static final PiTableId ENCAP = SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP;

    private final TestPipeconfService pipeconfs = new TestPipeconfService();
    private final TestFlowRuleService flows = new TestFlowRuleService();
    private final TableBudget budget = new TableBudget(pipeconfs, flows);

    @Before
    public void bindSmallTables() {
        PiPipeconf small = SmallTables.bmv2(Map.of(ENCAP, 4L));
        pipeconfs.register(small);
        pipeconfs.bindToDevice(small.id(), BEIJING);
    }

    /** An msr6_encap entry for group ff3e::n. */
    private static FlowRule encap(DeviceId device, int n) {
        byte[] group = new byte[16];
        group[0] = (byte) 0xff;
        group[1] = 0x3e;
        group[14] = (byte) (n >> 8);
        group[15] = (byte) n;
        return DefaultFlowRule.builder().forDevice(device).forTable(ENCAP)
                .withSelector(DefaultTrafficSelector.builder().matchPi(
                        PiCriterion.builder().matchExact(HDR_IPV6_DST, group).build()).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(
                        PiAction.builder().withId(SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_3).build()).build())
                .withPriority(100).fromApp(TestApplicationId.create("test")).makePermanent().build();
    }

    private static List<FlowRule> encaps(DeviceId device, int from, int count) {
        List<FlowRule> rules = new ArrayList<>();
        for (int n = from; n < from + count; n++) {
            rules.add(encap(device, n));
        }
        return rules;
    }

    @Test
    public void entriesFitUpToTheTableSizeAndOneMoreIsNamedWithDeviceAndTable() {
        flows.applyFlowRules(encaps(BEIJING, 0, 3).toArray(new FlowRule[0]));
        assertTrue(budget.shortfalls(encaps(BEIJING, 3, 1), List.of()).isEmpty());
        List<TableShortfall> full = budget.shortfalls(encaps(BEIJING, 3, 2), List.of());
        assertEquals(1, full.size());
        assertEquals(BEIJING, full.get(0).deviceId());
        assertEquals(TableBudget.shortName(ENCAP), full.get(0).table());
        assertEquals(4, full.get(0).size());
        assertEquals(3, full.get(0).inUse());
        assertEquals(2, full.get(0).needed());
        try {
            budget.check(encaps(BEIJING, 3, 2), List.of(), "this tree");
            fail("two more entries do not fit");
        } catch (TableFullException e) {
            assertEquals("device:beijing table msr6_encap holds 4 entries, 3 in use, this tree needs 2 more",
                         e.getMessage());
            assertEquals("msr6_encap", e.shortfall().table());
        }
    }

    @Test
    public void anEntryAlreadyInstalledOrWantedTwiceNeedsNoMoreRoom() {
        flows.applyFlowRules(encaps(BEIJING, 0, 4).toArray(new FlowRule[0]));
        // The same match rewritten (a tree's ingress entry when its receivers change) is in place.
        assertTrue(budget.shortfalls(encaps(BEIJING, 2, 2), List.of()).isEmpty());
        List<FlowRule> twice = new ArrayList<>(encaps(BEIJING, 4, 1));
        twice.addAll(encaps(BEIJING, 4, 1));
        assertEquals(1, budget.shortfalls(twice, List.of()).get(0).needed());
    }

    @Test
    public void claimsTakeRoomAndCountOnceWithWhatIsInstalled() {
        flows.applyFlowRules(encaps(BEIJING, 0, 2).toArray(new FlowRule[0]));
        // Claimed: one installed already, one accepted but not yet on the device, one elsewhere.
        List<FlowRule> claimed = new ArrayList<>(encaps(BEIJING, 1, 2));
        claimed.add(encap(WUHAN, 9));
        assertTrue(budget.shortfalls(encaps(BEIJING, 3, 1), claimed).isEmpty());
        TableShortfall full = budget.shortfalls(encaps(BEIJING, 3, 2), claimed).get(0);
        assertEquals(3, full.inUse());
    }

    @Test
    public void claimsKeptByTableCountAsTheSameClaimsListed() {
        // A store's index gives counts by table and lookups, not a list: the same answers.
        flows.applyFlowRules(encaps(BEIJING, 0, 2).toArray(new FlowRule[0]));
        List<FlowRule> listed = new ArrayList<>(encaps(BEIJING, 1, 2));
        listed.add(encap(WUHAN, 9));
        ListedClaims lists = new ListedClaims(listed);
        TableClaims byTable = new TableClaims() {
            @Override
            public int count(DeviceId deviceId, TableId table) {
                return lists.count(deviceId, table);
            }

            @Override
            public boolean claims(FlowRule rule) {
                return lists.claims(rule);
            }
        };
        assertEquals(2, byTable.count(BEIJING, ENCAP));
        assertTrue(budget.shortfalls(encaps(BEIJING, 3, 1), byTable).isEmpty());
        TableShortfall full = budget.shortfalls(encaps(BEIJING, 2, 3), byTable).get(0);
        assertEquals(3, full.inUse());
        assertEquals("a claimed entry and an installed one need no room", 2, full.needed());
        assertEquals(budget.shortfalls(encaps(BEIJING, 2, 3), listed).get(0).toString(), full.toString());
        try {
            budget.check(encaps(BEIJING, 2, 3), byTable, "this tree");
            fail("accepted");
        } catch (TableFullException e) {
            assertEquals("device:beijing table msr6_encap holds 4 entries, 3 in use, this tree needs 2 more",
                         e.getMessage());
        }
    }

    @Test
    public void failedEntriesFreeTheirRoomPendingOnesTakeIt() {
        List<FlowRule> installed = encaps(BEIJING, 0, 4);
        flows.applyFlowRules(installed.toArray(new FlowRule[0]));
        flows.setState(installed.get(0).id(), FlowEntry.FlowEntryState.FAILED);
        flows.setState(installed.get(1).id(), FlowEntry.FlowEntryState.PENDING_ADD);
        flows.setState(installed.get(2).id(), FlowEntry.FlowEntryState.PENDING_REMOVE);
        assertTrue(budget.shortfalls(encaps(BEIJING, 4, 1), List.of()).isEmpty());
        assertEquals(3, budget.shortfalls(encaps(BEIJING, 4, 2), List.of()).get(0).inUse());
    }

    @Test
    public void devicesWithoutAPipeconfAndOtherTablesAreNotChecked() {
        assertTrue(budget.shortfalls(encaps(WUHAN, 0, 5000), List.of()).isEmpty());
        FlowRule route = DefaultFlowRule.builder().forDevice(BEIJING).forTable(SIXFLOW_INGRESS_ROUTING_ROUTING_V6)
                .withSelector(DefaultTrafficSelector.emptySelector())
                .withTreatment(DefaultTrafficTreatment.emptyTreatment())
                .withPriority(1).fromApp(TestApplicationId.create("test")).makePermanent().build();
        assertTrue(budget.shortfalls(List.of(route), List.of()).isEmpty());
    }

    @Test
    public void theBundledPipelineDeclaresTheSizes() {
        PiPipeconf bmv2 = BundledPipeconfs.bmv2();
        TestPipeconfService real = new TestPipeconfService();
        real.register(bmv2);
        real.bindToDevice(bmv2.id(), BEIJING);
        int size = (int) bmv2.pipelineModel().table(ENCAP).orElseThrow().maxSize();
        assertTrue("the P4Info gives msr6_encap a size", size > 4);
        TestFlowRuleService full = new TestFlowRuleService();
        full.applyFlowRules(encaps(BEIJING, 0, size).toArray(new FlowRule[0]));
        TableShortfall shortfall = new TableBudget(real, full).shortfalls(encaps(BEIJING, size, 1), List.of())
                .get(0);
        assertEquals(size, shortfall.size());
        assertEquals(size, shortfall.inUse());
        assertEquals("device:beijing table msr6_encap holds " + size + " entries, " + size
                             + " in use, this tree needs 1 more", shortfall.refusal("this tree").getMessage());
    }
}
