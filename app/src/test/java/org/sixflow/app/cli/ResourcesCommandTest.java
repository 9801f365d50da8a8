// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.TestApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRuleServiceAdapter;
import org.sixflow.app.api.MauReport;
import org.sixflow.app.api.MauResource;
import org.sixflow.app.api.TableOccupancy;
import org.sixflow.app.resources.ResourceManagerFixture;
import org.sixflow.app.telemetry.TelemetryManagerFixture;
import org.sixflow.app.testing.TestDeviceService;
import org.sixflow.app.testing.TestPipeconfService;
import org.sixflow.app.testing.TofinoArtifacts;
import org.sixflow.pipeconf.P4InfoConstants;
import org.sixflow.pipeconf.SixflowPipeconfs;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The text of sixflow:resources over the real resource manager: the MAU table of the committed
 * Tofino report, and table occupancy counted by the real collector.
 */
public class ResourcesCommandTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");

    private final TestDeviceService devices = new TestDeviceService();
    private final TestPipeconfService pipeconfs = new TestPipeconfService();
    private ResourceManagerFixture resources;

    @Before
    public void setUp() {
        devices.addSwitch(BEIJING.toString(), true);
        pipeconfs.bindToDevice(SixflowPipeconfs.FULL_BMV2, BEIJING);
        FlowEntry acl = new DefaultFlowEntry(
                DefaultFlowRule.builder().forDevice(BEIJING).forTable(P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL)
                        .withSelector(DefaultTrafficSelector.emptySelector())
                        .withTreatment(DefaultTrafficTreatment.emptyTreatment()).withPriority(10)
                        .fromApp(TestApplicationId.create("test")).makePermanent().build(),
                FlowEntry.FlowEntryState.ADDED, 0, 0, 0);
        resources = new ResourceManagerFixture(devices, pipeconfs, new FlowRuleServiceAdapter() {
            @Override
            public Iterable<FlowEntry> getFlowEntries(DeviceId deviceId) {
                return List.of(acl);
            }
        }, new TelemetryManagerFixture().manager, Optional::empty, Duration.ofHours(1), 3600);
    }

    @After
    public void tearDown() {
        resources.stop();
    }

    @Test
    public void occupancyHasOneRowPerTable() {
        assertEquals(List.of("No table occupancy recorded"), ResourcesCommand.tableLines(List.of()));
        resources.collect();
        List<TableOccupancy> tables = resources.manager.tableOccupancy(Optional.of(BEIJING));
        List<String> lines = ResourcesCommand.tableLines(tables);
        assertEquals(1 + tables.size(), lines.size());
        assertTrue(lines.get(0), lines.get(0).matches("device\\s+table\\s+entries\\s+size\\s+full\\s+time"));
        String acl = lines.stream().filter(l -> l.contains(P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL.id() + " "))
                .findFirst().orElseThrow();
        int size = tables.stream().filter(t -> t.table().equals(P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL.id()))
                .findFirst().orElseThrow().size();
        assertTrue(acl, acl.matches("device:beijing\\s+SixflowIngress\\.acl\\.acl\\s+1\\s+" + size + "\\s+"
                                            + String.format(Locale.ROOT, "%.1f", 100.0 / size)
                                            + "%\\s+\\d{4}-.*Z"));
    }

    @Test
    public void mauHasOneRowPerStageAndTheTotals() {
        TofinoArtifacts.requireReport();
        MauReport report = resources.manager.mauReport(SixflowPipeconfs.CORE_TOFINO);
        List<String> lines = ResourcesCommand.mauLines(report);
        assertTrue(lines.get(0), lines.get(0).startsWith("MAU of org.sixflow.core.tofino, compiled by " + report.compiler()
                                                                 + ": " + report.stageCount() + " stages, "));
        assertTrue(lines.get(1), lines.get(1).matches("stage\\s+sram\\s+tcam\\s+logicalTables\\s+exactCrossbarBytes\\s+"
                                                              + "ternaryCrossbarBytes\\s+hashBits\\s+"
                                                              + "actionDataBusBytes\\s+vliwSlots\\s+gateways"));
        assertEquals(2 + report.stageCount() + 2, lines.size());
        for (int s = 0; s < report.stageCount(); s++) {
            List<String> cells = new ArrayList<>(List.of(Integer.toString(s)));
            for (MauResource r : report.stages().get(s).resources()) {
                cells.add(r.used() + "/" + r.capacity());
            }
            assertEquals(cells, List.of(lines.get(2 + s).split("\\s+")));
        }
        String total = lines.get(2 + report.stageCount());
        assertTrue(total, total.startsWith("total "));
        assertTrue(lines.get(lines.size() - 1), lines.get(lines.size() - 1).matches("used(\\s+\\d+\\.\\d%){9}"));
    }
}
