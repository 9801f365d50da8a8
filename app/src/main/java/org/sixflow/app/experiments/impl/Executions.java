// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.experiments.ProbeSchedule;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Makes the execution of a run on this instance: a run of external traffic reads stored
 * samples; one that sends probes gets a probe tag no other running run holds, and its reports
 * are collected from then on.
 */
final class Executions implements RunScheduler.ExecutionFactory {

    private final ExperimentManager manager;

    Executions(ExperimentManager manager) {
        this.manager = manager;
    }

    @Override
    public Optional<RunExecution> prepare(ExperimentRun run, Experiment experiment,
                                          Consumer<RunExecution> finished) {
        RunEnvironment env = manager.environment();
        if (experiment.traffic() == ExperimentTraffic.EXTERNAL) {
            return Optional.of(new ExternalRun(env, run, experiment, finished));
        }
        Map<String, String> problems = new LinkedHashMap<>();
        Optional<ProbePlan> plan = ProbePlan.resolve(experiment, manager.network(), problems);
        if (plan.isEmpty()) {
            throw new IllegalArgumentException("the network no longer fits the experiment: " + problems.entrySet()
                    .stream().map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining("; ")));
        }
        ProbeCollector collector = manager.collector();
        Optional<Integer> tag = collector.freeTag();
        if (tag.isEmpty()) {
            return Optional.empty();
        }
        RunReports reports = new RunReports(run.id(), experiment, ProbeSchedule.of(experiment));
        if (!collector.register(tag.get(), reports)) {
            return Optional.empty();
        }
        int runTag = tag.get();
        return Optional.of(new TrafficRun(env, run, experiment, plan.get(), reports, runTag,
                                          () -> collector.unregister(runTag), finished));
    }
}
