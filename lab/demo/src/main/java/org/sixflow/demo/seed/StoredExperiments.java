// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.seed;

import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.ExperimentRunState;
import org.sixflow.app.api.ExperimentSample;
import org.sixflow.app.api.ExperimentStore;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.PacingSummary;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.experiments.results.RunResultCalculator;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A finished experiment for the dashboard's Experiments page, stored as a run stores one: the
 * experiment {@value #ID} (plain IPv6 against APN6 insertion and MSR6 TE encapsulation, probes into
 * device:beijing/1) and two finished runs of it, "before" and "after" (APN6 a little faster), whose
 * reports are generated like the lab's (seeded, so every start is the same; two APN6 probes lost,
 * two TE reports swapped), whose results RunResultCalculator computes from them, all written
 * through the PostgreSQL experiment store's public API. The simulated lab sends no packets, so
 * this is the only way the page can show stored results here.
 */
public final class StoredExperiments {

    static final String ID = "apn6-vs-ipv6";
    public static final int PACKETS_PER_CLASS = 2000;
    private static final long INTERVAL_NANOS = 1_000_000;
    /** The ingress device's clock when the first probe came in (0 would read as "no timestamp"). */
    private static final long START_NANOS = 5_000_000_000L;
    private static final String INGRESS = "device:beijing";
    private static final Ip6Address SOURCE = Ip6Address.valueOf("fd00:1:1::10");

    private StoredExperiments() {
    }

    /**
     * Stores the experiment and its two finished runs.
     *
     * @param store the experiment store
     * @param now   the time; the runs finished an hour and ten minutes before
     * @return the runs, oldest first
     */
    public static List<ExperimentRun> write(ExperimentStore store, Instant now) {
        Experiment experiment = experiment();
        if (!store.createExperiment(experiment)) {
            throw new IllegalStateException("experiment " + ID + " exists already");
        }
        return List.of(run(store, experiment, now.minus(Duration.ofHours(1)), new Random(109), 370.56),
                       run(store, experiment, now.minus(Duration.ofMinutes(10)), new Random(119), 368.1));
    }

    private static Experiment experiment() {
        ProbePacket unicast = ProbePacket.of(SOURCE, Ip6Address.valueOf("fd00:1:3::10"), ProbePacket.DEFAULT_SOURCE_PORT,
                                             ProbePacket.DEFAULT_DESTINATION_PORT, ProbePacket.DEFAULT_HOP_LIMIT);
        ProbePacket apn6 = ProbePacket.of(SOURCE, Ip6Address.valueOf("fd00:1:3::10"), ProbePacket.DEFAULT_SOURCE_PORT,
                                          6100, ProbePacket.DEFAULT_HOP_LIMIT);
        ProbePacket group = ProbePacket.of(SOURCE, Ip6Address.valueOf("ff3e::1"), ProbePacket.DEFAULT_SOURCE_PORT,
                                           ProbePacket.DEFAULT_DESTINATION_PORT, ProbePacket.DEFAULT_HOP_LIMIT);
        return Experiment.builder(ID).name("APN6 and MSR6 against IPv6")
                .description("Plain IPv6 forwarding against APN6 option insertion and MSR6 TE encapsulation, "
                                     + PACKETS_PER_CLASS + " probes per class at 1 ms")
                .ingress(ConnectPoint.deviceConnectPoint(INGRESS + "/1")).traffic(ExperimentTraffic.PROBES)
                .classes(List.of(
                        ExperimentClass.of("ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6, unicast, null, null),
                        ExperimentClass.of("apn6", ExperimentClassRole.FEATURE, LatencyClass.APN6_INSERT, apn6, null,
                                           "apn6-ietf109"),
                        ExperimentClass.of("msr6-te", ExperimentClassRole.FEATURE, LatencyClass.MSR6_TE_ENCAP, group,
                                           "te", null)))
                .packetsPerClass(PACKETS_PER_CLASS).interval(Duration.ofNanos(INTERVAL_NANOS))
                .thresholds(List.of(0.018, 0.020, 0.022, 0.024)).meanOf(1000)
                .build();
    }

    /** Stores one run as the manager would: queued, running, its samples and results, done. */
    private static ExperimentRun run(ExperimentStore store, Experiment e, Instant finished, Random random,
                                     double apn6Mean) {
        Instant created = finished.minusSeconds(8);
        ExperimentRun run = store.createRun(ID, e.packetsInRun(), created);
        store.transition(run.id(), ExperimentRunState.QUEUED, ExperimentRunState.RUNNING, "n1", null,
                         created.plusMillis(200));
        List<ExperimentSample> samples = samples(run.id(), random, apn6Mean);
        store.progress(run.id(), e.packetsInRun());
        store.saveSamples(samples);
        store.saveResults(run.id(), RunResultCalculator.of(e, samples),
                          PacingSummary.of(INTERVAL_NANOS, e.packetsInRun(), 4.2, 18, 85, 1.5, 999.8), 140L);
        return store.transition(run.id(), ExperimentRunState.RUNNING, ExperimentRunState.DONE, "n1", null, finished)
                .orElseThrow();
    }

    /**
     * The reports a run of the experiment gets: every probe at the ingress, APN6 probes again where
     * they leave (wuhan, transit), TE probes at nanjing's two copies (the study's clone delays).
     */
    private static List<ExperimentSample> samples(long runId, Random random, double apn6Mean) {
        List<ExperimentSample> samples = new ArrayList<>();
        long arrival = 0;
        int[] swapped = new int[2];
        for (int seq = 0; seq < PACKETS_PER_CLASS; seq++) {
            long sent = START_NANOS + seq * 3L * INTERVAL_NANOS;
            samples.add(sample(runId, 0, seq, INGRESS, LatencyClass.IPV6, 0, 2, sent, gauss(random, 364, 12),
                               arrival++));
            if (seq != 1500 && seq != 1501) {   // lost: no report came
                samples.add(sample(runId, 1, seq, INGRESS, LatencyClass.APN6_INSERT, 0, 2, sent + INTERVAL_NANOS,
                                   gauss(random, apn6Mean, 12.5), arrival++));
                samples.add(sample(runId, 1, seq, "device:wuhan", LatencyClass.APN6_TRANSIT, 0, 3,
                                   sent + INTERVAL_NANOS + 5_000, gauss(random, 300, 10), arrival++));
            }
            if (seq == 10 || seq == 11) {
                swapped[seq - 10] = samples.size();
            }
            samples.add(sample(runId, 2, seq, INGRESS, LatencyClass.MSR6_TE_ENCAP, 0, 3, sent + 2 * INTERVAL_NANOS,
                               gauss(random, 376.7, 14), arrival++));
            samples.add(sample(runId, 2, seq, "device:nanjing", LatencyClass.MSR6_REPLICATE, 0, 3,
                               sent + 2 * INTERVAL_NANOS + 8_000, gauss(random, 296.92, 9), arrival++));
            samples.add(sample(runId, 2, seq, "device:nanjing", LatencyClass.MSR6_REPLICATE, 1, 4,
                               sent + 2 * INTERVAL_NANOS + 8_000, gauss(random, 378.97, 11), arrival++));
        }
        // TE probes 10 and 11 reach the controller in each other's place: one reordered pair.
        ExperimentSample tenth = samples.get(swapped[0]);
        ExperimentSample eleventh = samples.get(swapped[1]);
        samples.set(swapped[0], arrivingAt(tenth, eleventh.arrival()));
        samples.set(swapped[1], arrivingAt(eleventh, tenth.arrival()));
        return samples;
    }

    private static ExperimentSample arrivingAt(ExperimentSample s, long arrival) {
        return ExperimentSample.builder(s.runId()).probe(s.cellIndex(), s.repetition(), s.classIndex(), s.sequence(),
                                                         s.warmup())
                .measured(s.device(), s.latencyClass(), s.replica(), s.ingressPort(), s.egressPort())
                .timing(s.ingressTimestampNanos(), s.deltaNanos(), arrival).build();
    }

    private static ExperimentSample sample(long runId, int classIndex, long sequence, String device, LatencyClass c,
                                           int copy, int egressPort, long ingressNanos, long deltaNanos, long arrival) {
        return ExperimentSample.builder(runId).probe(0, 0, classIndex, sequence, false)
                .measured(device, c, copy, 1, egressPort).timing(ingressNanos, deltaNanos, arrival).build();
    }

    private static long gauss(Random random, double mean, double stdev) {
        return Math.max(1, Math.round(mean + random.nextGaussian() * stdev));
    }
}
