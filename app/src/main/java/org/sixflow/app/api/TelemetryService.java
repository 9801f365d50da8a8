// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.event.ListenerService;
import org.onosproject.net.DeviceId;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Telemetry stored in the history database (latency, port counters) and events for fresh
 * measurements. Windows are [from, to); every query throws IllegalArgumentException naming the
 * bad argument, and IllegalStateException when the history database is not up.
 */
public interface TelemetryService extends ListenerService<TelemetryEvent, TelemetryListener> {

    /** Most points a series may have. */
    int MAX_POINTS = 10_000;
    /** Most samples {@link #samples} returns. */
    int MAX_SAMPLES = 10_000;
    /** Deepest page of {@link #samples}: deeper ones cost a scan; narrow the window instead. */
    int MAX_SAMPLE_OFFSET = 1_000_000;
    /** Most histogram buckets. */
    int MAX_BUCKETS = 200;

    /**
     * Returns a latency series: one point per step with packets, empty steps left out.
     *
     * @param deviceId     the device
     * @param latencyClass the class
     * @param port         only this egress port, or all
     * @param from         window start
     * @param to           window end, after from
     * @param step         at least 1 s, at most {@link #MAX_POINTS} steps in the window
     * @param source       samples or polled aggregates
     * @return points in time order
     */
    List<LatencyPoint> latencySeries(DeviceId deviceId, LatencyClass latencyClass, Optional<Integer> port,
                                     Instant from, Instant to, Duration step, LatencySource source);

    /**
     * Returns stored samples, newest first.
     *
     * @param deviceId     the device
     * @param latencyClass only this class, or all
     * @param from         window start
     * @param to           window end
     * @param limit        1..{@link #MAX_SAMPLES}
     * @return samples
     */
    default List<LatencySample> samples(DeviceId deviceId, Optional<LatencyClass> latencyClass, Instant from,
                                        Instant to, int limit) {
        return samples(deviceId, latencyClass, from, to, 0, limit);
    }

    /**
     * Returns a page of the stored samples, newest first.
     *
     * @param deviceId     the device
     * @param latencyClass only this class, or all
     * @param from         window start
     * @param to           window end
     * @param offset       how many of the newest to skip, 0..{@link #MAX_SAMPLE_OFFSET}
     * @param limit        1..{@link #MAX_SAMPLES}
     * @return samples
     */
    List<LatencySample> samples(DeviceId deviceId, Optional<LatencyClass> latencyClass, Instant from, Instant to,
                                int offset, int limit);

    /**
     * Counts a class's latencies in equal buckets from the smallest to the largest.
     *
     * @param deviceId     the device
     * @param latencyClass the class
     * @param from         window start
     * @param to           window end
     * @param buckets      1..{@link #MAX_BUCKETS}
     * @return the histogram; one bucket of width 0 holds all when every latency is the same,
     *         all counts 0 when there is none
     */
    LatencyHistogram histogram(DeviceId deviceId, LatencyClass latencyClass, Instant from, Instant to,
                               int buckets);

    /**
     * Compares a feature class's latency with a baseline class's over a window.
     *
     * @param deviceId   the device
     * @param feature    the feature class
     * @param baseline   the baseline class (usually IPv6)
     * @param from       window start
     * @param to         window end
     * @param thresholds overhead thresholds t for the Z-test probabilities P(K ≤ t), 1..20 finite numbers
     * @return the comparison
     * @throws IllegalArgumentException also when either class has fewer than 2 samples
     */
    LatencyComparison statistics(DeviceId deviceId, LatencyClass feature, LatencyClass baseline, Instant from,
                                 Instant to, List<Double> thresholds);

    /**
     * Returns each replica's latency for a class.
     *
     * @param deviceId     the device
     * @param latencyClass the class (usually MSR6_REPLICATE)
     * @param from         window start
     * @param to           window end
     * @return one entry per replica index, in order
     */
    List<ReplicaLatency> replicas(DeviceId deviceId, LatencyClass latencyClass, Instant from, Instant to);

    /**
     * Returns every port's latest counters with the rates since the reading before.
     *
     * @param deviceId only this device, or all
     * @return per port, ordered by device and port
     */
    List<PortStatistics> ports(Optional<DeviceId> deviceId);

    /**
     * Returns a port's rates over time: per step, the rates between the step's last reading and
     * the reading before it.
     *
     * @param deviceId the device
     * @param port     the interface name
     * @param from     window start
     * @param to       window end
     * @param step     at least 1 s, at most {@link #MAX_POINTS} steps in the window
     * @return rates in time order, steps without readings left out
     */
    List<PortRates> portHistory(DeviceId deviceId, String port, Instant from, Instant to, Duration step);
}
