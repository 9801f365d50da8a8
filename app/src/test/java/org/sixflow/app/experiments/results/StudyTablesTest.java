// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import org.junit.Test;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentCell;
import org.sixflow.app.api.ExperimentCellResult;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassResult;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentStageResult;
import org.sixflow.app.api.ExperimentTable;
import org.sixflow.app.api.FeatureComparison;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySummary;
import org.sixflow.app.api.PacingSummary;
import org.sixflow.app.experiments.ExperimentTargets;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The studies' tables are laid out as the studies lay them out: the APN6 latency table with its
 * DIFF row, both K tables, the MSR6 encapsulation and clone-and-forward tables, and a grid with
 * frame size and load columns when there are several cells.
 */
public class StudyTablesTest {

    private static ExperimentClassResult result(String name, ExperimentClassRole role, LatencyClass c, double mean,
                                                double stdev, double min, double max, ExperimentStageResult... stages) {
        return ExperimentClassResult.builder(name, role, c, "device:beijing")
                .counts(50_000, 50_000, 0, ExperimentClassResult.LossBasis.PROBES)
                .latency(LatencySummary.builder().moments(50_000, mean, stdev).extremes(min, max).percentiles(mean, mean, mean).normality(0.01, 0.4).build())
                .stages(Arrays.asList(stages)).offeredMbps(1.024).goodputMbps(0.528).jitterNanos(0.3).build();
    }

    private static Experiment experiment(List<Integer> sizes) {
        return Experiment.builder("apn6-ietf109").ingress(ConnectPoint.deviceConnectPoint("device:beijing/1"))
                .classes(List.of(ExperimentClass.of("ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6, null, null,
                                                    null),
                                 ExperimentClass.of("apn6", ExperimentClassRole.FEATURE, LatencyClass.APN6_INSERT,
                                                    null, null, null)))
                .packetsPerClass(50_000).interval(Duration.ofMillis(1)).frameSizes(sizes)
                .thresholds(List.of(0.018, 0.02)).meanThresholds(List.of(0.018)).build();
    }

    private static ExperimentCellResult cell(ExperimentCell cell) {
        return ExperimentCellResult.of(cell, List.of(
                result("ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6, 364.07436, 0.56514087, 363, 366),
                result("apn6", ExperimentClassRole.FEATURE, LatencyClass.APN6_INSERT, 370.63256, 0.611774343, 369, 373,
                       ExperimentStageResult.of("device:wuhan", LatencyClass.APN6_TRANSIT, 0, 2, 50_000, 296.92,
                                                Math.sqrt(0.3336), 295, 299),
                       ExperimentStageResult.of("device:wuhan", LatencyClass.APN6_TRANSIT, 1, 2, 50_000, 378.97,
                                                Math.sqrt(5.6691), 370, 390))));
    }

    private static ExperimentTable table(List<ExperimentTable> tables, String id) {
        return tables.stream().filter(t -> t.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError(id));
    }

    @Test
    public void theApn6StudysTables() {
        Experiment e = experiment(List.of(128));
        List<ExperimentCellResult> cells = List.of(cell(e.cells().get(0)));
        List<FeatureComparison> comparisons = StudyTables.comparisons(e, cells);
        List<ExperimentTable> tables = StudyTables.of(e, cells, comparisons,
                                                      PacingSummary.of(1_000_000, 100_000, 3, 9, 20, 1, 999.9),
                                                      ExperimentTargets.NONE);
        ExperimentTable latency = table(tables, "latency");
        assertEquals(List.of("Experiment", "Mean", "STDEV", "MAX", "MIN", "Range"), latency.columns());
        assertEquals(Arrays.asList("1 (ipv6)", 364.07436, 0.56514087, 366.0, 363.0, 3.0), latency.rows().get(0));
        List<Object> diff = latency.rows().get(2);
        assertEquals("DIFF (apn6 − ipv6)", diff.get(0));
        assertEquals(6.5582, (Double) diff.get(1), 1e-9);
        assertEquals("the study leaves DIFF's range empty", null, diff.get(5));
        assertTrue(latency.title().contains("50000 packets per class at 1 ms, 128-byte frames"));

        ExperimentTable one = table(tables, "overhead-one-packet");
        assertEquals(List.of("Comparison", "K ≤", "Value (ns)", "Probability"), one.columns());
        assertEquals(2, one.rows().size());
        assertEquals(0.4968, (Double) one.rows().get(0).get(3), 1e-4);
        assertEquals(0.2134, (Double) table(tables, "overhead-mean").rows().get(0).get(3), 1e-4);

        ExperimentTable clones = table(tables, "clones-apn6-0");
        assertEquals(List.of("Action", "1stClone (port 2)", "2ndClone (port 2)"), clones.columns());
        assertEquals("Average", clones.rows().get(0).get(0));
        assertEquals(296.92, (Double) clones.rows().get(0).get(1), 1e-9);
        assertEquals(5.6691, (Double) clones.rows().get(1).get(2), 1e-9);

        ExperimentTable encapsulation = table(tables, "encapsulation");
        assertEquals(List.of("Type", "Average", "Variance", "MIN", "MAX"), encapsulation.columns());
        assertEquals(0.611774343 * 0.611774343, (Double) encapsulation.rows().get(1).get(2), 1e-12);
        assertEquals(List.of(1_000_000L, 100_000L, 3.0, 9.0, 20.0, 1.0, 999.9), table(tables, "pacing").rows().get(0));
        assertFalse("one repetition: no confidence table",
                    tables.stream().anyMatch(t -> t.id().equals("repetitions")));
    }

    @Test
    public void aGridHasFrameSizeAndIntervalColumns() {
        Experiment e = experiment(List.of(128, 1514));
        List<ExperimentCellResult> cells = e.cells().stream().map(StudyTablesTest::cell).collect(Collectors.toList());
        List<ExperimentTable> tables = StudyTables.of(e, cells, StudyTables.comparisons(e, cells), null,
                                                      ExperimentTargets.NONE);
        ExperimentTable latency = table(tables, "latency");
        assertEquals(List.of("Size (bytes)", "Interval (ns)", "Experiment", "Mean", "STDEV", "MAX", "MIN", "Range"),
                     latency.columns());
        assertEquals(6, latency.rows().size());
        assertEquals(1514, latency.rows().get(3).get(0));
        ExperimentTable grid = table(tables, "grid");
        assertEquals(List.of("Size (bytes)", "Load (Mbps)", "Class", "Offered (Mbps)", "Goodput (Mbps)", "Loss (%)",
                             "Jitter (ns)"), grid.columns());
        assertEquals(4, grid.rows().size());
        assertFalse(tables.stream().anyMatch(t -> t.id().equals("pacing")));
    }
}
