// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.LatencyBatch;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sums collected samples into one LATENCY_BATCH subject per (device, class), so listeners get
 * one event per batch instead of one per packet.
 */
public final class LatencyBatches {

    private LatencyBatches() {
    }

    /**
     * Summarises samples.
     *
     * @param samples samples of one collection round
     * @param time    the batch's time
     * @return a batch per (device, class) present, in first-seen order
     */
    public static List<LatencyBatch> of(List<LatencySample> samples, Instant time) {
        Map<String, long[]> sums = new LinkedHashMap<>();
        for (LatencySample s : samples) {
            long[] countAndSum = sums.computeIfAbsent(s.deviceId() + '\t' + s.latencyClass(), k -> new long[2]);
            countAndSum[0]++;
            countAndSum[1] += s.deltaNanos();
        }
        ImmutableList.Builder<LatencyBatch> batches = ImmutableList.builder();
        sums.forEach((key, countAndSum) -> {
            int tab = key.lastIndexOf('\t');
            LatencyClass latencyClass = LatencyClass.ofCode(Integer.parseInt(key.substring(tab + 1)));
            batches.add(LatencyBatch.of(DeviceId.deviceId(key.substring(0, tab)), latencyClass, time,
                                        countAndSum[0], (double) countAndSum[1] / countAndSum[0]));
        });
        return batches.build();
    }
}
