// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import org.junit.Test;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentCell;
import org.sixflow.app.api.ExperimentCellResult;
import org.sixflow.app.api.ExperimentClassResult;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentResults;
import org.sixflow.app.api.ExperimentTable;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySummary;
import org.sixflow.app.experiments.ExperimentTargets;
import org.sixflow.app.testing.FeatureExperimentTargets;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Results of a GTP-U experiment come out as draft-murakami's tables: one per load point, a row
 * per mode with average, minimum and maximum latency (ns) and loss; other experiments get none.
 */
public class LoadPointTablesTest {

    private static final Experiment MURAKAMI = FeatureExperimentTargets.preset("gtpu-murakami");
    /** The features' targets: GTP-U's asks for these tables. */
    private static final ExperimentTargets FEATURES = FeatureExperimentTargets.withoutServices();

    private static ExperimentClassResult result(String name, LatencyClass latencyClass, double mean, double min,
                                                double max, long received) {
        return ExperimentClassResult.builder(name, name.equals("ipv6") ? ExperimentClassRole.BASELINE
                                                     : ExperimentClassRole.FEATURE, latencyClass, "device:beijing")
                .counts(1000, received, 1000 - received, ExperimentClassResult.LossBasis.PROBES)
                .latency(LatencySummary.builder().moments((int) received, mean, 1).extremes(min, max).percentiles(mean, mean,
                                                                                                           max)
                                 .normality(0.1, 0.9).build())
                .build();
    }

    private static List<ExperimentCellResult> cells() {
        List<ExperimentCell> cells = MURAKAMI.cells();
        return List.of(
                ExperimentCellResult.of(cells.get(0), List.of(
                        result("ipv6", LatencyClass.IPV6, 15_336, 14_535, 124_397, 1000),
                        result("gtpu-full", LatencyClass.GTPU_ENCAP_FULL, 15_477, 14_592, 123_337, 1000))),
                ExperimentCellResult.of(cells.get(1), List.of(
                        result("ipv6", LatencyClass.IPV6, 120_005, 62_650, 1_300_217, 1000),
                        result("gtpu-full", LatencyClass.GTPU_ENCAP_FULL, 8_167_461, 52_467, 9_341_807, 964))));
    }

    @Test
    public void oneTablePerLoadPointOneRowPerMode() {
        List<ExperimentTable> tables = LoadPointTables.of(cells());
        assertEquals(List.of("load-point-0", "load-point-1"),
                     tables.stream().map(ExperimentTable::id).collect(Collectors.toList()));
        assertEquals("INPUT: 100 pps (one packet every 10 ms), 1492-byte frames, 1.1936 Mbps", tables.get(0).title());
        assertEquals("INPUT: 500 pps (one packet every 2 ms), 1492-byte frames, 5.968 Mbps", tables.get(1).title());
        for (ExperimentTable t : tables) {
            assertEquals(List.of("Mode", "Avg latency (ns)", "Min latency (ns)", "Max latency (ns)", "Loss (%)",
                                 "Queueing"), t.columns());
        }
        assertEquals(Arrays.asList("ipv6", 15_336.0, 14_535.0, 124_397.0, 0.0, null), tables.get(0).rows().get(0));
        List<Object> lossy = tables.get(1).rows().get(1);
        assertEquals("gtpu-full", lossy.get(0));
        assertEquals(8_167_461.0, lossy.get(1));
        assertEquals(52_467.0, lossy.get(2));
        assertEquals(9_341_807.0, lossy.get(3));
        assertEquals(3.6, (Double) lossy.get(4), 1e-9);
    }

    @Test
    public void theStudyTablesCarryThemForGtpuExperimentsOnly() {
        List<ExperimentCellResult> cells = cells();
        List<ExperimentTable> tables = StudyTables.of(MURAKAMI, cells, StudyTables.comparisons(MURAKAMI, cells), null,
                                                      FEATURES);
        assertEquals("latency", tables.get(0).id());
        assertEquals("load-point-0", tables.get(1).id());
        assertEquals("load-point-1", tables.get(2).id());
        ExperimentResults results = ExperimentResults.of(1, MURAKAMI.id(), cells, List.of(), tables, null);
        assertEquals(2, results.loadPointTables().size());
        assertTrue(LoadPointTables.applies(MURAKAMI, FEATURES));
        Experiment apn6 = FeatureExperimentTargets.preset("apn6-ietf109");
        assertFalse(LoadPointTables.applies(apn6, FEATURES));
        assertTrue(StudyTables.of(apn6, cells, List.of(), null, FEATURES).stream()
                           .noneMatch(t -> t.id().startsWith(ExperimentResults.LOAD_POINT_TABLE)));
    }
}
