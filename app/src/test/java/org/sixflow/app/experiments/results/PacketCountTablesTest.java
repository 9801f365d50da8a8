// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentSample;
import org.sixflow.app.api.ExperimentTable;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.testing.FeatureExperimentTargets;

import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The PPPoE study's tables by number of packets: the first N probes every switch on the path
 * reported, each switch's mean and the path's mean and total, at the study's counts up to what
 * came, and the count that came; two runs side by side with the improvement of the second.
 */
public class PacketCountTablesTest {

    private static final String ACCESS = "device:bng-access";
    private static final String FORWARD = "device:bng-forward";

    private static Experiment experiment() {
        ProbePacket up = ProbePacket.of(Ip6Address.valueOf("fd33:0:0:1::10:1"), Ip6Address.valueOf("fd00:b:2::13"),
                                        40000, 5004, 64);
        return Experiment.builder("pppoe-split").ingress(ConnectPoint.deviceConnectPoint(ACCESS + "/1"))
                .classes(List.of(ExperimentClass.of("upstream", ExperimentClassRole.BASELINE, LatencyClass.IPV6, up,
                                                    null, null).withSession("sub1@sixflow")))
                .packetsPerClass(100).warmup(2).build();
    }

    private static ExperimentSample sample(long seq, boolean warmup, String device, int copy, long nanos) {
        return ExperimentSample.builder(1).probe(0, 0, 0, seq, warmup).measured(device, LatencyClass.IPV6, copy, 1, 3)
                .timing(seq * 1000, nanos, seq).build();
    }

    /** Probe i (from 0) takes 100 + i ns at the access switch and 50 ns at the forwarding one. */
    private static List<ExperimentSample> samples(int probes) {
        List<ExperimentSample> samples = new ArrayList<>();
        samples.add(sample(0, true, ACCESS, 0, 99_999));
        samples.add(sample(1, true, FORWARD, 0, 99_999));
        for (int i = 0; i < probes; i++) {
            samples.add(sample(2 + i, false, ACCESS, 0, 100 + i));
            samples.add(sample(2 + i, false, FORWARD, 0, 50));
        }
        return samples;
    }

    @Test
    public void theFirstNProbesAlongThePath() {
        ExperimentTable t = PacketCountTables.of(experiment(), 0, samples(65)).get(0);
        assertEquals("packets-upstream", t.id());
        assertEquals(List.of("Number of packets", ACCESS + " mean (ns)", FORWARD + " mean (ns)", "Path mean (ns)",
                             "Path total (ns)"), t.columns());
        assertEquals(List.of(30, 60, 65), t.rows().stream().map(r -> r.get(0)).collect(java.util.stream.Collectors.toList()));
        // First 30: access 100..129 (mean 114.5), forward 50: path 164.5, total 4935.
        assertEquals(List.of(30, 114.5, 50.0, 164.5, 4935L), t.rows().get(0));
        assertEquals(List.of(65, 132.0, 50.0, 182.0, 11830L), t.rows().get(2));
        assertTrue(t.title(), t.title().contains("(65 of 65)"));
    }

    @Test
    public void aProbeNotEverySwitchReportedIsLeftOutAndACopyOrARepeatCountsOnce() {
        List<ExperimentSample> s = samples(31);
        s.removeIf(x -> x.sequence() == 2 && x.device().equals(FORWARD));
        s.add(sample(3, false, ACCESS, 1, 1_000_000));   // a second copy
        s.add(sample(3, false, ACCESS, 0, 101));          // the same report again
        ExperimentTable t = PacketCountTables.of(experiment(), 0, s).get(0);
        // Probes 1..30 (101..130 ns at the access switch).
        assertEquals(List.of(30, 115.5, 50.0, 165.5, 4965L), t.rows().get(0));
        assertTrue(t.title(), t.title().contains("(30 of 31)"));
        assertEquals(1, t.rows().size());
    }

    @Test
    public void noProbeNoTable() {
        assertEquals(List.of(), PacketCountTables.of(experiment(), 0, List.of(sample(0, true, ACCESS, 0, 5))));
    }

    @Test
    public void twoRunsGiveTheStudysTwoTables() {
        ExperimentTable single = ExperimentTable.of("packets-upstream", "t", List.of(
                "Number of packets", "device:bng mean (ns)", "Path mean (ns)", "Path total (ns)"), List.of(
                List.of(30, 200.0, 200.0, 6000L), List.of(60, 210.0, 210.0, 12600L), List.of(61, 1.0, 1.0, 61L)));
        ExperimentTable split = ExperimentTable.of("packets-upstream", "t", List.of(
                "Number of packets", ACCESS + " mean (ns)", FORWARD + " mean (ns)", "Path mean (ns)",
                "Path total (ns)"), List.of(
                List.of(30, 100.0, 80.0, 180.0, 5400L), List.of(60, 110.0, 90.0, 200.0, 12000L)));
        List<ExperimentTable> tables = PacketCountTables.compare(4, List.of(single), 5, List.of(split));
        assertEquals(2, tables.size());
        assertEquals("packets-processing-upstream", tables.get(0).id());
        assertEquals(List.of("Number of packets", "Run 4 (ns)", "Run 5 (ns)", "% improvement of run 5"),
                     tables.get(0).columns());
        assertEquals(List.of(List.of(30, 200.0, 180.0, 10.0), List.of(60, 210.0, 200.0, 100.0 * 10 / 210)),
                     tables.get(0).rows());
        assertEquals("packets-total-upstream", tables.get(1).id());
        assertEquals(List.of(List.of(30, 6000.0, 5400.0), List.of(60, 12600.0, 12000.0)), tables.get(1).rows());
        assertEquals("other tables are not compared", List.of(),
                     PacketCountTables.compare(4, List.of(ExperimentTable.of("latency", "t", List.of("a"),
                                                                             List.of(List.of(1)))), 5, List.of(split)));
    }

    @Test
    public void onlyClassesOfAFeatureAskingForThemGetThem() {
        assertTrue(PacketCountTables.applies(experiment().classes().get(0), FeatureExperimentTargets.withoutServices()));
        assertFalse(PacketCountTables.applies(ExperimentClass.of("ipv6", ExperimentClassRole.BASELINE,
                                                                 LatencyClass.IPV6, null, null, null),
                                              FeatureExperimentTargets.withoutServices()));
    }
}
