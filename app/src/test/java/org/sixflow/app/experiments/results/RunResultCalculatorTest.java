// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentCellResult;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassResult;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentSample;
import org.sixflow.app.api.ExperimentStageResult;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Results of a probe run: the ingress device's first copy measures a class, each repetition is
 * accounted for by sequence numbers, every other (device, class, copy) is a stage, and the
 * repetitions' means make a confidence interval.
 */
public class RunResultCalculatorTest {

    private static final ProbePacket PACKET = ProbePacket.of(Ip6Address.valueOf("fd00::1"),
                                                             Ip6Address.valueOf("ff3e::1"), 1, 2, 64);
    private static final String BEIJING = "device:beijing";
    private static final String NANJING = "device:nanjing";

    private final List<ExperimentSample> samples = new ArrayList<>();

    private Experiment experiment() {
        return Experiment.builder("e").ingress(ConnectPoint.deviceConnectPoint("device:beijing/1"))
                .classes(List.of(ExperimentClass.of("ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6, PACKET,
                                                    null, null),
                                 ExperimentClass.of("te", ExperimentClassRole.FEATURE, LatencyClass.MSR6_TE_ENCAP,
                                                    PACKET, "t", null)))
                .packetsPerClass(10).warmup(2).repetitions(2).interval(Duration.ofMillis(1)).build();
    }

    private void sample(int rep, int classIndex, long seq, boolean warmup, String device, LatencyClass c, int replica,
                        long deltaMicros) {
        samples.add(ExperimentSample.builder(1).probe(0, rep, classIndex, seq, warmup)
                            .measured(device, c, replica, 1, 2)
                            .timing(1_000_000L * (samples.size() + 1), deltaMicros * 1000, samples.size()).build());
    }

    @Test
    public void accountsMeasuresAndStages() {
        // Repetition 0 holds sequences 2..11 (0, 1 warm-up), repetition 1 holds 14..23.
        for (int rep = 0; rep < 2; rep++) {
            long first = rep * 12L;
            sample(rep, 0, first, true, BEIJING, LatencyClass.IPV6, 0, 999);
            for (long i = 2; i < 12; i++) {
                if (rep != 1 || i != 5) {  // one IPv6 probe lost
                    sample(rep, 0, first + i, false, BEIJING, LatencyClass.IPV6, 0, 50 + rep);
                    sample(rep, 0, first + i, false, NANJING, LatencyClass.IPV6, 0, 20);
                }
                sample(rep, 1, first + i, false, BEIJING, LatencyClass.MSR6_TE_ENCAP, 0, 60);
                sample(rep, 1, first + i, false, BEIJING, LatencyClass.MSR6_TE_ENCAP, 1, 70);
                sample(rep, 1, first + i, false, NANJING, LatencyClass.MSR6_REPLICATE, 0, 30);
                sample(rep, 1, first + i, false, NANJING, LatencyClass.MSR6_REPLICATE, 1, 35);
            }
        }
        sample(0, 1, 3, false, BEIJING, LatencyClass.MSR6_TE_ENCAP, 0, 60);  // a duplicate report

        List<ExperimentCellResult> cells = RunResultCalculator.of(experiment(), samples);
        assertEquals(1, cells.size());
        ExperimentClassResult ipv6 = cells.get(0).classes().get(0);
        assertEquals(20, ipv6.sent());
        assertEquals(19, ipv6.received());
        assertEquals(1, ipv6.lost());
        assertEquals(4, ipv6.warmupSent());
        assertEquals(BEIJING, ipv6.device());
        assertEquals("the warm-up's 999 µs is not measured", 51_000, ipv6.latency().orElseThrow().max(), 0);
        assertEquals(2, ipv6.repetitions().size());
        assertEquals(50_000, ipv6.repetitions().get(0).mean().orElseThrow(), 1e-9);
        assertEquals(9, ipv6.repetitions().get(1).received());
        assertTrue(ipv6.confidence().isPresent());
        assertEquals(List.of(BEIJING, NANJING), ipv6.stages().stream().map(ExperimentStageResult::device)
                .collect(java.util.stream.Collectors.toList()));

        ExperimentClassResult te = cells.get(0).classes().get(1);
        assertEquals(20, te.received());
        assertEquals(1, te.duplicates());
        assertEquals("the first copy measures the encapsulation", 60_000, te.latency().orElseThrow().mean(), 1e-9);
        assertEquals(20, te.latency().orElseThrow().count());
        assertEquals(4, te.stages().size());
        ExperimentStageResult secondClone = te.stages().get(3);
        assertEquals(NANJING, secondClone.device());
        assertEquals(1, secondClone.replica());
        assertEquals(35_000, secondClone.mean(), 1e-9);
        assertEquals("66 payload bytes of 128 every ms", 0.528, te.goodputMbps().orElseThrow(), 1e-9);
        assertEquals(1.024, te.offeredMbps().orElseThrow(), 1e-9);
        assertEquals("ipv6 lost a probe", "lost 1 of 20", ipv6.queueing().orElseThrow());
        assertFalse("te kept up: 60 µs at 1 ms, nothing lost", te.queueing().isPresent());
    }

    @Test
    public void aClassWhoseLatencyGrowsPastTheIntervalIsJudgedQueued() {
        // Every probe arrives, but each waits longer than the last: 0.1 ms up to 2 ms at 1 ms intervals.
        for (int rep = 0; rep < 2; rep++) {
            for (long i = 2; i < 12; i++) {
                long seq = rep * 12L + i;
                sample(rep, 0, seq, false, BEIJING, LatencyClass.IPV6, 0, 60);
                sample(rep, 1, seq, false, BEIJING, LatencyClass.MSR6_TE_ENCAP, 0, 100 * (seq - rep * 2));
            }
        }
        List<ExperimentCellResult> cells = RunResultCalculator.of(experiment(), samples);
        assertFalse(cells.get(0).classes().get(0).queueing().isPresent());
        String evidence = cells.get(0).classes().get(1).queueing().orElseThrow();
        assertTrue(evidence, evidence.contains("of packets took longer than the 1000 µs send interval"));
        assertTrue(evidence, evidence.contains("latency rose over the run"));
    }

    @Test
    public void copiesOfOneReplicaIndexAreToldApartByTheirPort() {
        // An MSR6 node's local delivery and its forwarded copy both carry replica 0.
        for (long i = 2; i < 12; i++) {
            samples.add(ExperimentSample.builder(1).probe(0, 0, 1, i, false)
                                .measured(NANJING, LatencyClass.MSR6_REPLICATE, 0, 1, 4).timing(1000 * i, 30_000, i)
                                .build());
            samples.add(ExperimentSample.builder(1).probe(0, 0, 1, i, false)
                                .measured(NANJING, LatencyClass.MSR6_REPLICATE, 0, 1, 3).timing(1000 * i, 45_000, i)
                                .build());
        }
        List<ExperimentStageResult> stages = RunResultCalculator.of(experiment(), samples).get(0).classes().get(1)
                .stages();
        assertEquals(2, stages.size());
        assertEquals(3, stages.get(0).egressPort());
        assertEquals(45_000, stages.get(0).mean(), 0);
        assertEquals(4, stages.get(1).egressPort());
        assertEquals(10, stages.get(1).count());
    }

    @Test
    public void goodputIsThePayloadDeliveredOfferedLoadTheFrameSentIn() {
        // draft-murakami's point: 1492-byte frames at 100 pps. A gtpu-encap probe enters plain and
        // leaves inside the tunnel, a gtpu-decap probe enters as a G-PDU and leaves as the inner
        // packet: what either delivers is the probe's own UDP payload; the offered load is the
        // frame that entered, whatever it carries.
        ProbePacket inner = ProbePacket.of(Ip6Address.valueOf("fd00:99:1::10"), Ip6Address.valueOf("fd00:1:1::10"),
                                           40000, 5004, 64);
        ProbePacket uplink = ProbePacket.gtpu(Ip6Address.valueOf("fd00:1:5::50"), Ip6Address.valueOf("fd00:1:1::ff:1"),
                                              1, 2152, inner);
        Experiment gtpu = Experiment.builder("g").ingress(ConnectPoint.deviceConnectPoint("device:beijing/1"))
                .classes(List.of(ExperimentClass.of("ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6, inner,
                                                    null, null),
                                 ExperimentClass.of("gtpu-zero", ExperimentClassRole.FEATURE,
                                                    LatencyClass.GTPU_ENCAP_ZERO, inner, null, null, "t"),
                                 ExperimentClass.of("gtpu-decap", ExperimentClassRole.FEATURE, LatencyClass.GTPU_DECAP,
                                                    uplink, null, null, "t")))
                .packetsPerClass(10).warmup(0).repetitions(1).frameSizes(List.of(1492))
                .interval(Duration.ofMillis(10)).build();
        for (long i = 0; i < 10; i++) {
            sample(0, 0, i, false, BEIJING, LatencyClass.IPV6, 0, 50);
            sample(0, 1, i, false, BEIJING, LatencyClass.GTPU_ENCAP_ZERO, 0, 50);
            if (i != 9) {   // one decap probe lost: 9 of 10 delivered
                sample(0, 2, i, false, BEIJING, LatencyClass.GTPU_DECAP, 0, 50);
            }
        }
        List<ExperimentClassResult> classes = RunResultCalculator.of(gtpu, samples).get(0).classes();
        for (ExperimentClassResult c : classes) {
            assertEquals(c.className() + ": 1492-byte frames every 10 ms", 1.1936, c.offeredMbps().orElseThrow(),
                         1e-9);
        }
        assertEquals("1430 payload bytes every 10 ms", 1.144, classes.get(0).goodputMbps().orElseThrow(), 1e-9);
        assertEquals("encapsulation adds headers, not payload", 1.144, classes.get(1).goodputMbps().orElseThrow(),
                     1e-9);
        assertEquals("the inner packet's 1374 payload bytes (1492 - Ethernet - outer IPv6, UDP, GTP-U - inner IPv6,"
                             + " UDP), 9 of 10 delivered", 1374 * 8 * 0.9 / 10_000,
                     classes.get(2).goodputMbps().orElseThrow(), 1e-9);
    }

    @Test
    public void aClassNothingReportedIsAllLost() {
        sample(0, 0, 2, false, BEIJING, LatencyClass.IPV6, 0, 50);
        List<ExperimentCellResult> cells = RunResultCalculator.of(experiment(), samples);
        ExperimentClassResult te = cells.get(0).classes().get(1);
        assertEquals(20, te.lost());
        assertFalse(te.latency().isPresent());
        assertFalse("no mean in a repetition, no interval", te.confidence().isPresent());
    }
}
