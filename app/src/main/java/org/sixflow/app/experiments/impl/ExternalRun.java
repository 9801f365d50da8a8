// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.TimeWindow;
import org.sixflow.app.experiments.results.ExternalResultCalculator;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Consumer;

/**
 * A run over traffic someone else sent: it reads the telemetry samples of the experiment's
 * classes at the ingress device (and port) in the experiment's window and stores the results.
 */
final class ExternalRun extends RunExecution {

    /** Most samples read per class. */
    static final int MAX_SAMPLES = 2_000_000;

    ExternalRun(RunEnvironment env, ExperimentRun run, Experiment experiment, Consumer<RunExecution> finished) {
        super(env, run, experiment, finished);
    }

    @Override
    protected void execute() {
        TimeWindow window = experiment.window().orElseThrow();
        Map<Integer, List<LatencySample>> samples = new HashMap<>();
        for (int i = 0; i < experiment.classes().size(); i++) {
            checkCancelled();
            samples.put(i, env.store.telemetrySamples(
                    experiment.scope(), experiment.classes().get(i).latencyClass(),
                    OptionalInt.of((int) experiment.ingress().port().toLong()), window.from(), window.to(),
                    MAX_SAMPLES));
        }
        env.store.saveResults(run.id(), ExternalResultCalculator.of(experiment, samples), null, null);
    }

    @Override
    protected void cleanUp() {
        // Nothing outside the run changed.
    }
}
