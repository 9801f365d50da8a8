// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import com.google.common.collect.ImmutableList;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentSample;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.experiments.ProbeSchedule;
import org.sixflow.app.experiments.ProbeSlot;
import org.sixflow.app.experiments.ProbeTag;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A run's reports as they arrive: each becomes a sample tagged with the run and its probe's
 * cell, repetition and phase, numbered in arrival order. It also counts the probes the ingress
 * device has reported (as the class's latency class, any copy), which tells when the last ones
 * are in, and the probes each device has reported (any class, any copy), which tells when the
 * devices further on have caught up with it.
 */
final class RunReports implements ProbeCollector.RunSink {

    private final long runId;
    private final ProbeSchedule schedule;
    private final String scope;
    private final LatencyClass[] measuredAs;
    private final List<ExperimentSample> samples = new ArrayList<>();
    private final BitSet[] reported;
    private final Map<String, long[]> sequences = new TreeMap<>();
    private final Map<String, BitSet> probesByDevice = new TreeMap<>();
    private long received;
    private long foreign;

    RunReports(long runId, Experiment experiment, ProbeSchedule schedule) {
        this.runId = runId;
        this.schedule = schedule;
        this.scope = experiment.scope().toString();
        this.measuredAs = experiment.classes().stream().map(c -> c.latencyClass()).toArray(LatencyClass[]::new);
        this.reported = new BitSet[measuredAs.length];
        for (int i = 0; i < reported.length; i++) {
            reported[i] = new BitSet();
        }
    }

    @Override
    public synchronized void accept(ProbeTag tag, LatencySample sample) {
        if (tag.classIndex() >= measuredAs.length || tag.sequence() >= schedule.perClass()) {
            foreign++;  // a tag of this run's number that this run never sent: someone else's packet
            return;
        }
        ProbeSlot slot = schedule.slotOf(tag.classIndex(), tag.sequence());
        LatencyClass latencyClass = LatencyClass.ofCode(sample.latencyClass());
        long[] range = sequences.computeIfAbsent(sample.deviceId() + " " + latencyClass.label(),
                                                 k -> new long[]{Long.MAX_VALUE, Long.MIN_VALUE, 0});
        range[0] = Math.min(range[0], sample.sequence());
        range[1] = Math.max(range[1], sample.sequence());
        range[2]++;
        samples.add(ExperimentSample.builder(runId)
                            .probe(slot.cell(), slot.repetition(), slot.classIndex(), slot.sequence(), slot.warmup())
                            .measured(sample.deviceId(), latencyClass, sample.replica(), sample.ingressPort(),
                                      sample.egressPort())
                            .timing(sample.ingressTimestampNanos().orElse(0), sample.deltaNanos(), samples.size())
                            .build());
        probesByDevice.computeIfAbsent(sample.deviceId(), d -> new BitSet())
                .set((int) (tag.classIndex() * schedule.perClass() + tag.sequence()));
        if (sample.deviceId().equals(scope) && latencyClass == measuredAs[tag.classIndex()]
                && !reported[tag.classIndex()].get((int) tag.sequence())) {
            reported[tag.classIndex()].set((int) tag.sequence());
            received++;
        }
    }

    /** Probes the ingress device has reported so far. */
    synchronized long received() {
        return received;
    }

    /**
     * Tells whether every device that reported any of the run's probes has reported at least as
     * many as the ingress device: a device further on reports a probe after the ingress device
     * does, so the ingress device's last reports are not the run's last.
     *
     * @return true when no device lags behind the ingress device
     */
    synchronized boolean devicesCaughtUp() {
        BitSet ingress = probesByDevice.get(scope);
        int atIngress = ingress == null ? 0 : ingress.cardinality();
        return probesByDevice.values().stream().allMatch(probes -> probes.cardinality() >= atIngress);
    }

    /** Every report of the run so far, foreign ones included: it stops growing once they are all in. */
    synchronized long reports() {
        return samples.size() + foreign;
    }

    /**
     * Tells, per device and latency class, how many reports of the run it received and how many
     * numbers the data plane's report sequence skipped between the first and the last of them:
     * packets of that class the device reported (its sequence counts every sampled packet) whose
     * report did not reach the run, other traffic of the class included.
     *
     * @return "device class" to {received, skipped}
     */
    synchronized Map<String, long[]> reportSequences() {
        Map<String, long[]> result = new TreeMap<>();
        sequences.forEach((k, r) -> result.put(k, new long[]{r[2], r[1] - r[0] + 1 - r[2]}));
        return result;
    }

    /** Reports carrying this run's tag for probes it never sent. */
    synchronized long foreign() {
        return foreign;
    }

    /** Every sample so far, in arrival order. */
    synchronized List<ExperimentSample> samples() {
        return ImmutableList.copyOf(samples);
    }
}
