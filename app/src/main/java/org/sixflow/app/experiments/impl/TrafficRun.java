// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentCell;
import org.sixflow.app.api.ExperimentCellResult;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.ExperimentSample;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.HostTrafficGenerator;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.PacingSummary;
import org.sixflow.app.api.ProbeBurst;
import org.sixflow.app.experiments.ExperimentTargets;
import org.sixflow.app.experiments.Pacer;
import org.sixflow.app.experiments.PacingRecorder;
import org.sixflow.app.experiments.ProbeFrames;
import org.sixflow.app.experiments.ProbeSchedule;
import org.sixflow.app.experiments.ProbeSlot;
import org.sixflow.app.experiments.ProbeTag;
import org.sixflow.app.experiments.RealtimeThread;
import org.sixflow.app.experiments.results.RunResultCalculator;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * A run that sends numbered probes (by packet-out at the injecting neighbour, or from a host's
 * traffic generator) and measures them by the telemetry reports the devices send back:
 * <ol>
 * <li>sets the telemetry sampling to report every packet of its classes at its ingress device
 * (and, on every device, of the places its packets go on to, as their features say: APN6 transit,
 * MSR6 replication and decapsulation) and waits until the ingress device has the entries;</li>
 * <li>sends the schedule, paced, recording how well the interval was kept and the progress;</li>
 * <li>waits until the ingress device has reported every probe and, when it measures the stages,
 * every other reporting device as many; or until no report has come for the drain time (the
 * missing ones are lost);</li>
 * <li>stores the results, then the samples; restores the sampling.</li>
 * </ol>
 */
final class TrafficRun extends RunExecution {

    /** Sends between two progress writes. */
    static final int PROGRESS_EVERY = 500;
    /** Longest wait for reports after the last probe, however steadily they still come. */
    static final Duration DRAIN_LIMIT = Duration.ofSeconds(60);

    private final ProbePlan plan;
    private final ProbeSchedule schedule;
    private final RunReports reports;
    private final int runTag;
    private final Runnable releaseTag;

    TrafficRun(RunEnvironment env, ExperimentRun run, Experiment experiment, ProbePlan plan, RunReports reports,
               int runTag, Runnable releaseTag, Consumer<RunExecution> finished) {
        super(env, run, experiment, finished);
        this.plan = plan;
        this.schedule = ProbeSchedule.of(experiment);
        this.reports = reports;
        this.runTag = runTag;
        this.releaseTag = releaseTag;
    }

    /**
     * Returns the latency classes a run measures: its classes' own, reported in full by its
     * ingress device, where the results are read.
     *
     * @param experiment the experiment
     * @return the classes
     */
    static Set<LatencyClass> measured(Experiment experiment) {
        Set<LatencyClass> classes = EnumSet.noneOf(LatencyClass.class);
        experiment.classes().forEach(c -> classes.add(c.latencyClass()));
        return classes;
    }

    /**
     * Returns the latency classes of the places a run's packets go on to (APN6 transit, MSR6
     * replication and decapsulation, as the features measuring its classes say), reported in full
     * on every device when the experiment measures the stages; none otherwise.
     *
     * @param experiment the experiment
     * @param targets    what the running features say of their classes
     * @return the classes
     */
    static Set<LatencyClass> downstream(Experiment experiment, ExperimentTargets targets) {
        Set<LatencyClass> classes = EnumSet.noneOf(LatencyClass.class);
        if (!experiment.stages()) {
            return classes;
        }
        for (ExperimentClass c : experiment.classes()) {
            classes.addAll(targets.downstreamOf(c));
        }
        return classes;
    }

    @Override
    protected void execute() throws InterruptedException {
        Set<LatencyClass> everywhere = downstream(experiment, plan.targets());
        String[] sampling = env.sampling.acquire(run.id(), experiment.scope(), measured(experiment), everywhere);
        env.store.recordSamplingBefore(run.id(), sampling[0]);
        awaitSampling(sampling[1], everywhere.isEmpty());
        PacingSummary pacing = send();
        env.store.progress(run.id(), schedule.size());
        Instant last = env.clock.instant();
        awaitReports(last);
        plan.objectsChangedDuringRun(experiment).ifPresent(reason -> {
            throw new IllegalStateException(reason);
        });
        List<ExperimentSample> samples = reports.samples();
        List<ExperimentCellResult> cells = RunResultCalculator.of(experiment, samples);
        long millis = env.clock.millis() - last.toEpochMilli();
        env.store.saveResults(run.id(), cells, pacing, millis);
        log.info("Run {}: {} probes sent, {} reported by the ingress device, {} samples; results computed {} ms and "
                         + "stored {} ms after the last probe; {}", run.id(), schedule.size(), reports.received(),
                 samples.size(), millis, env.clock.millis() - last.toEpochMilli(), pacing);
        log.info("Run {}: probe collector: {}", run.id(), env.collectorCounts.get());
        reports.reportSequences().forEach((where, counts) -> log.info(
                "Run {}: {}: {} reports, {} skipped in the data plane's report sequence", run.id(), where, counts[0],
                counts[1]));
        env.store.saveSamples(samples);
    }

    /**
     * Waits until the sampling is on the ingress device and, when the run measures where its
     * packets go on to, on every device that reports: a device further on that still samples at
     * its old rate when the first probes reach it leaves them out of the stages.
     */
    private void awaitSampling(String sampling, boolean ingressOnly) throws InterruptedException {
        Set<DeviceId> devices = new LinkedHashSet<>();
        devices.add(experiment.scope());
        if (!ingressOnly) {
            devices.addAll(env.reportingDevices.get());
        }
        Instant deadline = env.clock.instant().plus(env.samplingTimeout);
        while (true) {
            List<String> missing = devices.stream().filter(d -> !env.samplingInPlace.test(d, sampling))
                    .map(DeviceId::toString).collect(Collectors.toList());
            if (missing.isEmpty()) {
                return;
            }
            checkCancelled();
            if (env.clock.instant().isAfter(deadline)) {
                throw new IllegalStateException("telemetry sampling " + sampling + " did not reach "
                                                        + String.join(", ", missing) + " within " + env.samplingTimeout);
            }
            env.sleeper.sleep(env.poll);
        }
    }

    /**
     * Waits until the ingress device has reported every probe and, when the run measures the
     * stages, until the devices further on have reported as many (their reports of the last probes
     * come after the ingress device's: a run that stopped at the ingress device's last report left
     * them out of the stages); or until no report of the run has come for the drain time (a
     * controller behind on its packet-ins is still delivering them), and at most
     * {@link #DRAIN_LIMIT} after the last probe.
     */
    private void awaitReports(Instant last) throws InterruptedException {
        Instant limit = last.plus(DRAIN_LIMIT);
        long seen = reports.reports();
        Instant quietSince = env.clock.instant();
        while (reports.received() < schedule.size() || experiment.stages() && !reports.devicesCaughtUp()) {
            checkCancelled();
            Instant now = env.clock.instant();
            long count = reports.reports();
            if (count != seen) {
                seen = count;
                quietSince = now;
            } else if (now.isAfter(quietSince.plus(env.drain)) || now.isAfter(limit)) {
                return;
            }
            env.sleeper.sleep(env.poll);
        }
    }

    /**
     * Sends the run's traffic with the sending thread raised (pacerRealtimePriority); a host
     * generator's process starts from that thread and so inherits its scheduling.
     */
    private PacingSummary send() throws InterruptedException {
        try (RealtimeThread.Raised raised = env.pacerPriority.get()) {
            if (raised.refusal() != null) {
                log.warn("Run {}: its traffic is paced under the normal scheduler: {}", run.id(), raised.refusal());
            }
            return experiment.traffic() == ExperimentTraffic.HOSTS ? sendFromHost() : pacedProbes();
        }
    }

    private PacingSummary pacedProbes() throws InterruptedException {
        List<ExperimentCell> cells = experiment.cells();
        TrafficTreatment out = DefaultTrafficTreatment.builder().setOutput(plan.injection().port()).build();
        Pacer pacer = env.pacers.get();
        PacingRecorder pacing = new PacingRecorder();
        long sent = 0;
        long emitting = 0;
        Consumer<OutboundPacket> packetOut = env.packetOuts.apply(plan.injection().deviceId());
        for (ProbeSlot slot : schedule) {
            checkCancelled();
            ExperimentCell cell = cells.get(slot.cell());
            long due = pacer.awaitNext(cell.intervalNanos());
            int c = slot.classIndex();
            byte[] frame = ProbeFrames.build(plan.sourceMac(), plan.destinationMacs().get(c), plan.packets().get(c),
                                             cell.frameSize(), ProbeTag.of(runTag, c, slot.sequence()), run.id(),
                                             env.clock.millis() * 1_000_000L);
            long at = pacer.now();
            packetOut.accept(new DefaultOutboundPacket(plan.injection().deviceId(), out, ByteBuffer.wrap(frame)));
            emitting += pacer.now() - at;
            pacing.record(cell.intervalNanos(), due, at);
            if (++sent % PROGRESS_EVERY == 0) {
                env.store.progress(run.id(), sent);
            }
        }
        log.info("Run {}: a packet-out took {} µs on average to hand over; the schedule started again {} times "
                         + "after a stall", run.id(), sent == 0 ? 0 : emitting / sent / 1000, pacer.restarts());
        return pacing.summary();
    }

    private PacingSummary sendFromHost() throws InterruptedException {
        HostTrafficGenerator generator = env.generator.get();
        if (generator == null) {
            throw new IllegalStateException("the host traffic generator went away");
        }
        List<ExperimentCell> cells = experiment.cells();
        List<ProbeBurst> bursts = new ArrayList<>();
        ProbeSlot first = null;
        int count = 0;
        long previous = -2;
        for (ProbeSlot slot : schedule) {
            boolean continues = first != null && slot.classIndex() == first.classIndex() && slot.cell() == first.cell()
                    && slot.sequence() == previous + 1;
            if (!continues && first != null) {
                bursts.add(burst(first, count, cells));
                count = 0;
            }
            if (!continues) {
                first = slot;
            }
            count++;
            previous = slot.sequence();
        }
        if (first != null) {
            bursts.add(burst(first, count, cells));
        }
        return generator.send(experiment.ingress(), bursts);
    }

    private ProbeBurst burst(ProbeSlot first, int count, List<ExperimentCell> cells) {
        int c = first.classIndex();
        ExperimentCell cell = cells.get(first.cell());
        ProbeTag tag = ProbeTag.of(runTag, c, first.sequence());
        boolean multicast = plan.packets().get(c).destination().isMulticast();
        return ProbeBurst.of(plan.packets().get(c), multicast ? plan.destinationMacs().get(c) : null,
                             cell.frameSize(), cell.intervalNanos(), tag.trafficClass(), tag.flowLabel(), count,
                             run.id());
    }

    @Override
    protected void cleanUp() {
        releaseTag.run();
        env.sampling.release(run.id());
    }
}
