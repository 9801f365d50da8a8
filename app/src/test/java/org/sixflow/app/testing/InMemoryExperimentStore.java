// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentCellResult;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.ExperimentRunState;
import org.sixflow.app.api.ExperimentSample;
import org.sixflow.app.api.ExperimentStore;
import org.sixflow.app.api.ExperimentsUnavailableException;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.PacingSummary;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The experiment store in memory, with the PostgreSQL store's semantics (compare-and-set state
 * changes, runs newest first, samples in arrival order), for manager, scheduler and REST tests.
 * {@link #down} makes every call fail as a store without its database does.
 */
public final class InMemoryExperimentStore implements ExperimentStore {

    private final Map<String, Experiment> experiments = new TreeMap<>();
    private final Map<Long, ExperimentRun> runs = new TreeMap<>();
    private final Map<Long, String> samplingBefore = new HashMap<>();
    private final Map<Long, List<ExperimentCellResult>> results = new HashMap<>();
    private final List<ExperimentSample> samples = new ArrayList<>();
    /** Telemetry samples external runs read, as the collector would have stored them. */
    public final List<LatencySample> telemetry = new ArrayList<>();
    private long nextRun = 1;
    /** While true, every call throws ExperimentsUnavailableException. */
    public volatile boolean down;

    private void check() {
        if (down) {
            throw new ExperimentsUnavailableException("experiments need the history database: none is connected");
        }
    }

    @Override
    public synchronized boolean createExperiment(Experiment experiment) {
        check();
        return experiments.putIfAbsent(experiment.id(), experiment) == null;
    }

    @Override
    public synchronized Optional<Experiment> experiment(String id) {
        check();
        return Optional.ofNullable(experiments.get(id));
    }

    @Override
    public synchronized List<Experiment> experiments() {
        check();
        return ImmutableList.copyOf(experiments.values());
    }

    @Override
    public synchronized boolean removeExperiment(String id) {
        check();
        runs.values().removeIf(r -> r.experimentId().equals(id));
        return experiments.remove(id) != null;
    }

    @Override
    public synchronized ExperimentRun createRun(String experimentId, long total, Instant now) {
        check();
        ExperimentRun run = ExperimentRun.builder(nextRun++, experimentId).createdAt(now).progress(0, total).build();
        runs.put(run.id(), run);
        return run;
    }

    @Override
    public synchronized Optional<ExperimentRun> run(long runId) {
        check();
        return Optional.ofNullable(runs.get(runId));
    }

    @Override
    public synchronized List<ExperimentRun> runs(String experimentId) {
        check();
        return runs.values().stream().filter(r -> r.experimentId().equals(experimentId))
                .sorted(Comparator.comparingLong(ExperimentRun::id).reversed()).collect(Collectors.toList());
    }

    @Override
    public synchronized List<ExperimentRun> runsIn(Collection<ExperimentRunState> states) {
        check();
        return runs.values().stream().filter(r -> states.contains(r.state())).collect(Collectors.toList());
    }

    @Override
    public synchronized Optional<ExperimentRun> transition(long runId, ExperimentRunState from, ExperimentRunState to,
                                                           String node, String reason, Instant now) {
        check();
        if (!from.canMoveTo(to)) {
            throw new IllegalArgumentException("a run cannot move from " + from + " to " + to);
        }
        ExperimentRun run = runs.get(runId);
        if (run == null || run.state() != from) {
            return Optional.empty();
        }
        ExperimentRun.Builder b = run.toBuilder().state(to).reason(reason);
        if (to == ExperimentRunState.RUNNING) {
            b.startedAt(now).node(node);
        } else {
            b.finishedAt(now).node(run.node().orElse(node));
        }
        runs.put(runId, b.build());
        return Optional.of(runs.get(runId));
    }

    @Override
    public synchronized void progress(long runId, long sent) {
        check();
        runs.computeIfPresent(runId, (id, r) -> r.toBuilder().progress(sent, r.total()).build());
    }

    @Override
    public synchronized boolean requestCancel(long runId) {
        check();
        ExperimentRun run = runs.get(runId);
        if (run == null || run.state().isFinal()) {
            return false;
        }
        runs.put(runId, run.toBuilder().cancelRequested(true).build());
        return true;
    }

    @Override
    public synchronized void recordSamplingBefore(long runId, String sampling) {
        check();
        samplingBefore.put(runId, sampling);
    }

    @Override
    public synchronized Optional<String> samplingBefore(long runId) {
        check();
        return Optional.ofNullable(samplingBefore.get(runId));
    }

    @Override
    public synchronized void saveResults(long runId, List<ExperimentCellResult> cells, PacingSummary pacing,
                                         Long resultsMillis) {
        check();
        results.put(runId, ImmutableList.copyOf(cells));
        runs.computeIfPresent(runId, (id, r) -> r.toBuilder().pacing(pacing).resultsMillis(resultsMillis).build());
    }

    @Override
    public synchronized List<ExperimentCellResult> cellResults(long runId) {
        check();
        return results.getOrDefault(runId, List.of());
    }

    @Override
    public synchronized void saveSamples(Collection<ExperimentSample> more) {
        check();
        samples.addAll(more);
    }

    @Override
    public synchronized List<ExperimentSample> samples(long runId, OptionalInt classIndex, int limit) {
        check();
        return samples.stream().filter(s -> s.runId() == runId)
                .filter(s -> classIndex.isEmpty() || s.classIndex() == classIndex.getAsInt())
                .sorted(Comparator.comparingLong(ExperimentSample::arrival)).limit(limit).collect(Collectors.toList());
    }

    @Override
    public synchronized List<LatencySample> telemetrySamples(DeviceId device, LatencyClass latencyClass,
                                                             OptionalInt ingressPort, Instant from, Instant to,
                                                             int limit) {
        check();
        return telemetry.stream().filter(s -> s.deviceId().equals(device.toString())
                && s.latencyClass() == latencyClass.code() && !s.time().isBefore(from) && s.time().isBefore(to)
                && (ingressPort.isEmpty() || s.ingressPort() == ingressPort.getAsInt()))
                .limit(limit).collect(Collectors.toList());
    }
}
