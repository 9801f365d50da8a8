// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history.minutes;

import org.sixflow.app.api.LatencySample;

import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Adds samples up per minute, device, class and replica: what the writer merges into
 * sixflow.latency_minutes, and what readers compute for the part-minutes at a window's edges.
 */
public final class LatencyMinutes {

    private LatencyMinutes() {
    }

    /**
     * Adds up samples.
     *
     * @param samples samples in any order
     * @return one minute per key, in key order
     */
    public static TreeMap<LatencyMinute.Key, LatencyMinute> of(Iterable<LatencySample> samples) {
        TreeMap<LatencyMinute.Key, LatencyMinute> minutes = new TreeMap<>();
        Map<LatencyMinute.Key, List<StabilityRun.Point>> points = new TreeMap<>();
        for (LatencySample s : samples) {
            LatencyMinute.Key key = new LatencyMinute.Key(s.time().truncatedTo(ChronoUnit.MINUTES), s.deviceId(),
                                                          s.latencyClass(), s.replica());
            minutes.computeIfAbsent(key, LatencyMinute::empty).add(s.deltaNanos());
            if (s.ingressTimestampNanos().isPresent()) {
                points.computeIfAbsent(key, k -> new ArrayList<>())
                        .add(new StabilityRun.Point(s.ingressTimestampNanos().getAsLong(), s.sequence(),
                                                    s.deltaNanos()));
            }
        }
        points.forEach((key, list) -> {
            list.sort(null);
            minutes.get(key).mergeStability(StabilityRun.ofSorted(list));
        });
        return minutes;
    }
}
