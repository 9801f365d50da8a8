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
import org.sixflow.app.api.ExperimentStageResult;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Results of traffic someone else sent: the telemetry samples of each class at the ingress
 * device in the experiment's window. Without probe numbers, loss is what the data plane's
 * per-class report sequence misses (reports, not packets: a packet the device never saw leaves
 * no gap), and sent is received plus those gaps.
 */
public final class ExternalResultCalculator {

    private ExternalResultCalculator() {
    }

    /**
     * Computes the results.
     *
     * @param experiment the experiment (one cell)
     * @param samples    per class index, in the order the controller received them
     * @return the one cell's results
     */
    public static List<ExperimentCellResult> of(Experiment experiment, Map<Integer, List<LatencySample>> samples) {
        ExperimentCell cell = experiment.cells().get(0);
        String device = experiment.scope().toString();
        List<ExperimentClassResult> classes = new ArrayList<>();
        for (int i = 0; i < experiment.classes().size(); i++) {
            classes.add(classResult(experiment.classes().get(i), device, samples.getOrDefault(i, List.of())));
        }
        return ImmutableList.of(ExperimentCellResult.of(cell, classes));
    }

    private static ExperimentClassResult classResult(ExperimentClass c, String device, List<LatencySample> samples) {
        long[] sequences = samples.stream().mapToLong(LatencySample::sequence).toArray();
        long first = samples.stream().mapToLong(LatencySample::sequence).min().orElse(0);
        long last = samples.stream().mapToLong(LatencySample::sequence).max().orElse(-1);
        SequenceAccounting a = SequenceAccounting.of(first, last - first + 1, sequences);
        ExperimentClassResult.Builder result = ExperimentClassResult
                .builder(c.name(), c.role(), c.latencyClass(), device)
                .counts(a.sent(), a.received(), a.lost(), ExperimentClassResult.LossBasis.REPORT_SEQUENCE)
                .duplicates(a.duplicates()).reordered(a.reordered());
        SummaryStatistics stage = new SummaryStatistics();
        samples.forEach(s -> stage.addValue(s.deltaNanos()));
        if (stage.getN() > 0) {
            result.stages(List.of(ExperimentStageResult.of(
                    device, LatencyClass.ofCode(samples.get(0).latencyClass()), samples.get(0).replica(),
                    samples.get(0).egressPort(), stage.getN(),
                    stage.getMean(), stage.getN() > 1 ? stage.getStandardDeviation() : 0, stage.getMin(),
                    stage.getMax())));
            result.repetitions(List.of(ExperimentRepetitionResult.of(0, a.sent(), a.received(), stage.getMean())));
        }
        return ClassFigures.addLatencies(
                result, samples.stream().mapToLong(s -> s.ingressTimestampNanos().orElse(0)).toArray(),
                samples.stream().mapToLong(LatencySample::deltaNanos).toArray()).build();
    }
}
