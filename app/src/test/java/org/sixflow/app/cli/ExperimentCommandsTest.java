// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import org.junit.Test;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentResults;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.ExperimentRunState;
import org.sixflow.app.api.ExperimentTable;
import org.sixflow.app.api.ExperimentValidationException;
import org.sixflow.app.testing.FeatureExperimentTargets;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The text of sixflow:experiments, experiment-run's progress line and experiment-results' tables,
 * and experiment-add's overrides.
 */
public class ExperimentCommandsTest {

    private static final Experiment APN6 = FeatureExperimentTargets.preset("apn6-ietf109");

    @Test
    public void anExperimentOnOneLine() {
        ExperimentRun run = ExperimentRun.builder(7, APN6.id()).state(ExperimentRunState.DONE)
                .createdAt(Instant.EPOCH).build();
        assertEquals("id=apn6-ietf109, name=APN6 as in IETF 109, traffic=PROBES, ingress=device:beijing/1, "
                             + "classes=ipv6(ipv6, baseline),apn6(apn6-insert), packetsPerClass=50000, "
                             + "interval=1000.0µs, frameSizes=[128], repetitions=1, lastRun=#7 DONE",
                     ExperimentText.experiment(APN6, Optional.of(run)));
        assertTrue(ExperimentText.experiment(FeatureExperimentTargets.preset("load-grid"), Optional.empty())
                           .contains("loadsMbps=[1.0, 2.0, 5.0, 10.0, 20.0], frameSizes=[128, 1514], repetitions=3, "
                                             + "lastRun=none"));
    }

    @Test
    public void theProgressLine() {
        ExperimentRun run = ExperimentRun.builder(7, "x").state(ExperimentRunState.RUNNING).createdAt(Instant.EPOCH)
                .progress(4000, 8000).build();
        assertEquals("run 7 [###############               ]  50% 4000/8000 RUNNING", ExperimentText.progress(run));
        assertEquals("run 7 [###############               ]  50% 4000/8000 FAILED: the instance went away",
                     ExperimentText.progress(run.toBuilder().state(ExperimentRunState.FAILED)
                                                     .reason("the instance went away").build()));
    }

    /** A GTP-U run's draft-murakami tables, one per load point, as text; none for other runs. */
    @Test
    public void loadPointTablesAsTheDraftLaysThemOut() {
        List<String> columns = List.of("Mode", "Avg latency (ns)", "Min latency (ns)", "Max latency (ns)", "Loss (%)",
                                       "Queueing");
        ExperimentTable slow = ExperimentTable.of("load-point-0", "INPUT: 100 pps (one packet every 10 ms), "
                + "1492-byte frames", columns, List.of(Arrays.asList("gtpu-zero", 15336.0, 14535.0, 124397.0, 0.0,
                                                                     null)));
        ExperimentTable fast = ExperimentTable.of("load-point-1", "INPUT: 500 pps (one packet every 2 ms), "
                + "1492-byte frames", columns, List.of(Arrays.asList("gtpu-full", 8167461.0, 52467.0, 9341807.0,
                                                                     3.676, null)));
        ExperimentTable latency = ExperimentTable.of("latency", "Latency (ns)", List.of("Experiment"),
                                                     List.of(List.of("1 (ipv6)")));
        ExperimentResults results = ExperimentResults.of(1, "gtpu-murakami", List.of(), List.of(),
                                                         List.of(latency, slow, fast), null);
        assertEquals(List.of("INPUT: 100 pps (one packet every 10 ms), 1492-byte frames",
                             "  Mode       Avg latency (ns)  Min latency (ns)  Max latency (ns)  Loss (%)  Queueing",
                             "  gtpu-zero  15336             14535             124397            0",
                             "",
                             "INPUT: 500 pps (one packet every 2 ms), 1492-byte frames",
                             "  Mode       Avg latency (ns)  Min latency (ns)  Max latency (ns)  Loss (%)  Queueing",
                             "  gtpu-full  8167461           52467             9341807           3.676",
                             ""),
                     ExperimentText.loadPoints(results));
        assertEquals(List.of(), ExperimentText.loadPoints(ExperimentResults.of(1, "x", List.of(), List.of(),
                                                                               List.of(latency), null)));
    }

    /** A PPPoE run's tables by number of packets, as text; none for other runs. */
    @Test
    public void packetCountTablesOfAPppoeRun() {
        ExperimentTable packets = ExperimentTable.of("packets-upstream", "By number of packets: upstream", List.of(
                "Number of packets", "Path mean (ns)", "Path total (ns)"), List.of(List.of(30, 164.5, 4935L)));
        ExperimentTable latency = ExperimentTable.of("latency", "Latency (ns)", List.of("Experiment"),
                                                     List.of(List.of("1 (ipv6)")));
        assertEquals(List.of("By number of packets: upstream",
                             "  Number of packets  Path mean (ns)  Path total (ns)",
                             "  30                 164.5           4935",
                             ""),
                     ExperimentText.packetCounts(ExperimentResults.of(1, "pppoe-single", List.of(), List.of(),
                                                                      List.of(latency, packets), null)));
        assertEquals(List.of(), ExperimentText.packetCounts(ExperimentResults.of(1, "x", List.of(), List.of(),
                                                                                 List.of(latency), null)));
    }

    @Test
    public void tablesAlignedWithEmptyCellsBlank() {
        ExperimentTable t = ExperimentTable.of("latency", "Latency (ns)", List.of("Experiment", "Mean", "Range"),
                                               List.of(Arrays.asList("1 (ipv6)", 364.07436, 3.0),
                                                       Arrays.asList("DIFF (apn6 − ipv6)", 6.5582, null)));
        assertEquals(List.of("Latency (ns)",
                             "  Experiment          Mean     Range",
                             "  1 (ipv6)            364.074  3",
                             "  DIFF (apn6 − ipv6)  6.5582"), ExperimentText.table(t));
        assertEquals("1.23457e-07", ExperimentText.cell(1.2345678e-7));
        assertEquals("", ExperimentText.cell(Double.NaN));
        assertEquals("42", ExperimentText.cell(42L));
    }

    @Test
    public void overridesOfExperimentAdd() {
        Experiment grid = FeatureExperimentTargets.preset("load-grid");
        Experiment e = ExperimentAddCommand.override(grid, "grid-2", "device:nanjing/4", 200, 250.0, 5);
        assertEquals("grid-2", e.id());
        assertEquals("device:nanjing/4", e.ingress().toString());
        assertEquals(200, e.packetsPerClass());
        assertEquals(Duration.ofNanos(250_000), e.interval().orElseThrow());
        assertEquals("an interval replaces the load rates", List.of(), e.loadsMbps());
        assertEquals(5, e.repetitions());
        assertEquals(grid.classes(), e.classes());
        assertEquals(APN6, ExperimentAddCommand.override(APN6, null, null, null, null, null));
        try {
            ExperimentAddCommand.override(APN6, null, "beijing", null, null, null);
            fail("not a port");
        } catch (ExperimentValidationException x) {
            assertEquals(Map.of("ingress", "\"beijing\" is not a port such as device:beijing/1"), x.fields());
        }
    }
}
