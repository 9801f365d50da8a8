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
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.sixflow.app.api.TableShortfall;
import org.sixflow.app.testing.SmallTables;
import org.sixflow.app.testing.TestFlowRuleService;
import org.sixflow.app.testing.TestPipeconfService;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_3;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP;

/**
 * A budget that counts on the last reading of a device while a table is far from full: it reads
 * the device once a period (in the background), and at once for a table near full.
 */
public class TableBudgetCountsTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final PiTableId ENCAP = SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP;
    private static final Duration PERIOD = Duration.ofSeconds(1);

    private final TestPipeconfService pipeconfs = new TestPipeconfService();
    private final AtomicInteger reads = new AtomicInteger();
    private final TestFlowRuleService flows = new TestFlowRuleService() {
        @Override
        public synchronized Iterable<FlowEntry> getFlowEntries(DeviceId deviceId) {
            reads.incrementAndGet();
            return super.getFlowEntries(deviceId);
        }
    };
    private final AtomicLong clock = new AtomicLong();
    private final List<Runnable> background = new ArrayList<>();
    private final TableBudget budget = new TableBudget(pipeconfs, flows)
            .withInstalledCountsEvery(PERIOD, clock::get, background::add);

    @Before
    public void bindTables() {
        PiPipeconf tables = SmallTables.bmv2(Map.of(ENCAP, 10L));
        pipeconfs.register(tables);
        pipeconfs.bindToDevice(tables.id(), BEIJING);
    }

    private static List<FlowRule> encaps(int from, int count) {
        List<FlowRule> rules = new ArrayList<>();
        for (int n = from; n < from + count; n++) {
            byte[] group = new byte[16];
            group[0] = (byte) 0xff;
            group[1] = 0x3e;
            group[15] = (byte) n;
            rules.add(DefaultFlowRule.builder().forDevice(BEIJING).forTable(ENCAP)
                              .withSelector(DefaultTrafficSelector.builder().matchPi(
                                      PiCriterion.builder().matchExact(HDR_IPV6_DST, group).build()).build())
                              .withTreatment(DefaultTrafficTreatment.builder().piTableAction(
                                      PiAction.builder().withId(SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_3).build()).build())
                              .withPriority(100).fromApp(TestApplicationId.create("test")).makePermanent().build());
        }
        return rules;
    }

    private void install(List<FlowRule> rules) {
        flows.applyFlowRules(rules.toArray(new FlowRule[0]));
    }

    @Test
    public void aTableFarFromFullIsReadOncePerPeriodInTheBackground() {
        install(encaps(0, 2));
        assertTrue(budget.shortfalls(encaps(2, 1), List.of()).isEmpty());
        assertEquals("the first check reads the device", 1, reads.get());
        assertTrue(budget.shortfalls(encaps(3, 1), List.of()).isEmpty());
        assertEquals("within the period it counts on that reading", 1, reads.get());
        clock.addAndGet(PERIOD.toMillis());
        assertTrue(budget.shortfalls(encaps(3, 1), List.of()).isEmpty());
        assertEquals("an old reading is read again in the background", 1, reads.get());
        assertEquals(1, background.size());
        background.remove(0).run();
        assertEquals(2, reads.get());
    }

    @Test
    public void aTableNearFullIsCountedFromTheDeviceAsTheExactBudgetCountsIt() {
        install(encaps(0, 2));
        budget.shortfalls(encaps(2, 1), List.of());
        install(encaps(2, 6));
        List<FlowRule> claimed = encaps(8, 1);
        // Two installed at the reading, one claimed, three wanted: 6 of 10 at most, no read.
        assertTrue(budget.shortfalls(encaps(9, 1), claimed).isEmpty());
        // Claims alone leave room for less than the reading says is installed: the device is read.
        List<FlowRule> more = new ArrayList<>(claimed);
        more.addAll(encaps(20, 7));
        int before = reads.get();
        assertEquals(new TableBudget(pipeconfs, flows).shortfalls(encaps(9, 2), more).toString(),
                     budget.shortfalls(encaps(9, 2), more).toString());
        assertEquals(before + 2, reads.get());
        assertEquals("8 installed and 8 claimed",
                     16, budget.shortfalls(encaps(9, 2), more).get(0).inUse());
    }

    @Test
    public void anUnclaimedEntryInstalledSinceTheLastReadingIsMissedUntilTheNextReading() {
        // What the class comment says it may miss: with trees, a version replaced again within a period.
        install(encaps(0, 2));
        budget.shortfalls(encaps(2, 1), List.of());
        install(encaps(2, 6));
        // 8 installed, 3 wanted, 10 held: the reading (2 installed) says they fit.
        assertTrue(budget.shortfalls(encaps(10, 3), List.of()).isEmpty());
        clock.addAndGet(PERIOD.toMillis());
        budget.shortfalls(encaps(10, 3), List.of());
        background.remove(0).run();
        TableShortfall now = budget.shortfalls(encaps(10, 3), List.of()).get(0);
        assertEquals(8, now.inUse());
        assertEquals(3, now.needed());
    }
}
