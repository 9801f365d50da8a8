// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import com.google.common.collect.ImmutableList;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentCell;
import org.sixflow.app.api.ExperimentCellResult;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassResult;
import org.sixflow.app.api.ExperimentRepetitionResult;
import org.sixflow.app.api.ExperimentSample;
import org.sixflow.app.api.ExperimentStageResult;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.experiments.ProbeFrames;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Turns the samples of a run that sent numbered probes into results per cell and class.
 *
 * <p>A class is measured where its packets entered: at the ingress device, as the class's
 * latency class, on its first copy (an MSR6 ingress makes one copy per child; the first is the
 * encapsulation the study times). Each repetition's measured probes are accounted for by their
 * sequence numbers (received, lost, duplicated, reordered); the pooled figures cover every
 * repetition; every other place a device measured the class's probes is a stage.
 */
public final class RunResultCalculator {

    private RunResultCalculator() {
    }

    /**
     * Computes the results.
     *
     * @param experiment the experiment the run ran
     * @param samples    every sample of the run (any order)
     * @return per cell, per class in the experiment's order
     */
    public static List<ExperimentCellResult> of(Experiment experiment, List<ExperimentSample> samples) {
        String device = experiment.scope().toString();
        Map<Integer, Map<Integer, List<ExperimentSample>>> byCellAndClass = samples.stream()
                .filter(s -> !s.warmup())
                .sorted(Comparator.comparingLong(ExperimentSample::arrival))
                .collect(Collectors.groupingBy(ExperimentSample::cellIndex, TreeMap::new,
                                               Collectors.groupingBy(ExperimentSample::classIndex)));
        ImmutableList.Builder<ExperimentCellResult> cells = ImmutableList.builder();
        for (ExperimentCell cell : experiment.cells()) {
            Map<Integer, List<ExperimentSample>> byClass = byCellAndClass.getOrDefault(cell.index(), Map.of());
            List<ExperimentClassResult> classes = new ArrayList<>();
            for (int i = 0; i < experiment.classes().size(); i++) {
                classes.add(classResult(experiment, cell, i, device, byClass.getOrDefault(i, List.of())));
            }
            cells.add(ExperimentCellResult.of(cell, classes));
        }
        return cells.build();
    }

    private static ExperimentClassResult classResult(Experiment e, ExperimentCell cell, int classIndex,
                                                     String device, List<ExperimentSample> samples) {
        ExperimentClass c = e.classes().get(classIndex);
        List<ExperimentSample> primary = samples.stream()
                .filter(s -> s.device().equals(device) && s.latencyClass() == c.latencyClass())
                .collect(Collectors.toList());
        int firstCopy = primary.stream().mapToInt(ExperimentSample::replica).min().orElse(0);
        List<ExperimentSample> measured = primary.stream().filter(s -> s.replica() == firstCopy)
                .collect(Collectors.toList());

        long perRepetition = (long) e.warmup() + e.packetsPerClass();
        long sent = 0;
        long received = 0;
        long duplicates = 0;
        long reordered = 0;
        List<ExperimentRepetitionResult> repetitions = new ArrayList<>();
        for (int r = 0; r < e.repetitions(); r++) {
            int rep = r;
            List<ExperimentSample> inRepetition = measured.stream().filter(s -> s.repetition() == rep)
                    .collect(Collectors.toList());
            long first = ((long) cell.index() * e.repetitions() + r) * perRepetition + e.warmup();
            SequenceAccounting a = SequenceAccounting.of(
                    first, e.packetsPerClass(), inRepetition.stream().mapToLong(ExperimentSample::sequence).toArray());
            sent += a.sent();
            received += a.received();
            duplicates += a.duplicates();
            reordered += a.reordered();
            Double mean = inRepetition.isEmpty() ? null
                    : inRepetition.stream().mapToLong(ExperimentSample::deltaNanos).average().orElse(0);
            repetitions.add(ExperimentRepetitionResult.of(r, a.sent(), a.received(), mean));
        }

        ExperimentClassResult.Builder result = ExperimentClassResult
                .builder(c.name(), c.role(), c.latencyClass(), device)
                .counts(sent, received, sent - received, ExperimentClassResult.LossBasis.PROBES)
                .warmupSent((long) e.warmup() * e.repetitions())
                .duplicates(duplicates).reordered(reordered)
                .offeredMbps(cell.frameSize() * 8 * 1e3 / cell.intervalNanos())
                .goodputMbps(sent == 0 ? null : received * payloadBytes(c, cell.frameSize()) * 8 * 1e3
                        / ((double) sent * cell.intervalNanos()))
                .stages(stages(samples))
                .repetitions(repetitions);
        // Latency figures once per probe, duplicates left out.
        List<ExperimentSample> unique = measured.stream()
                .filter(distinct())
                .collect(Collectors.toList());
        ClassFigures.addLatencies(result, unique.stream().mapToLong(ExperimentSample::ingressTimestampNanos).toArray(),
                                  unique.stream().mapToLong(ExperimentSample::deltaNanos).toArray());
        // Judged in sending order (sequence numbers count up as packets leave) against the stream's interval.
        QueueingCheck.of(unique.stream().sorted(Comparator.comparingLong(ExperimentSample::sequence))
                                 .mapToLong(ExperimentSample::deltaNanos).toArray(),
                         cell.intervalNanos(), sent, received).ifPresent(result::queueing);
        double[] means = repetitions.stream().filter(r -> r.mean().isPresent()).mapToDouble(r -> r.mean().get())
                .toArray();
        if (means.length == repetitions.size()) {
            ConfidenceIntervals.of(means, ConfidenceIntervals.LEVEL).ifPresent(result::confidence);
        }
        return result.build();
    }

    /**
     * What one delivered probe of a class counts in its goodput: the probe's own UDP payload, the
     * same bytes whether the measured device adds headers (encapsulation), takes them off (GTP-U
     * decapsulation: the G-PDU's outer headers and the inner IPv6 and UDP ones are not payload)
     * or leaves them (a class without a packet sends plain probes).
     */
    private static int payloadBytes(ExperimentClass c, int frameSize) {
        return c.packet().map(p -> ProbeFrames.payloadBytes(p, frameSize))
                .orElseGet(() -> ProbeFrames.payloadBytes(frameSize));
    }

    private static Predicate<ExperimentSample> distinct() {
        Set<Long> seen = new HashSet<>();
        return s -> seen.add(s.sequence());
    }

    /** Every (device, latency class, copy, egress port) that measured the class's probes, each probe once. */
    private static List<ExperimentStageResult> stages(List<ExperimentSample> samples) {
        Map<StageKey, SummaryStatistics> stages = new TreeMap<>();
        Map<StageKey, Set<Long>> seen = new HashMap<>();
        for (ExperimentSample s : samples) {
            StageKey key = new StageKey(s.device(), s.latencyClass(), s.replica(), s.egressPort());
            if (seen.computeIfAbsent(key, k -> new HashSet<>()).add(s.sequence())) {
                stages.computeIfAbsent(key, k -> new SummaryStatistics()).addValue(s.deltaNanos());
            }
        }
        ImmutableList.Builder<ExperimentStageResult> result = ImmutableList.builder();
        stages.forEach((k, st) -> result.add(ExperimentStageResult.of(
                k.device, k.latencyClass, k.replica, k.egressPort, st.getN(), st.getMean(),
                st.getN() > 1 ? st.getStandardDeviation() : 0, st.getMin(), st.getMax())));
        return result.build();
    }

    /** A stage, ordered by device, class, copy and port. */
    private static final class StageKey implements Comparable<StageKey> {
        private final String device;
        private final LatencyClass latencyClass;
        private final int replica;
        private final int egressPort;

        StageKey(String device, LatencyClass latencyClass, int replica, int egressPort) {
            this.device = device;
            this.latencyClass = latencyClass;
            this.replica = replica;
            this.egressPort = egressPort;
        }

        @Override
        public int compareTo(StageKey o) {
            return Comparator.comparing((StageKey k) -> k.device).thenComparing(k -> k.latencyClass)
                    .thenComparingInt(k -> k.replica).thenComparingInt(k -> k.egressPort).compare(this, o);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof StageKey && compareTo((StageKey) o) == 0;
        }

        @Override
        public int hashCode() {
            return Objects.hash(device, latencyClass, replica, egressPort);
        }
    }
}
