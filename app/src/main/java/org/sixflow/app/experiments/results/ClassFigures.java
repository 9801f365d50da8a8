// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import org.sixflow.app.api.ExperimentClassResult;
import org.sixflow.app.api.LatencySummary;
import org.sixflow.app.telemetry.stats.LatencyStatistics;

import java.util.Arrays;

/**
 * The latency figures of a class's measured packets, in arrival order: the studies' summary,
 * RFC 3550 jitter and the stability distribution, put on a result being built.
 */
final class ClassFigures {

    private ClassFigures() {
    }

    /**
     * Returns the studies' summary of latencies.
     *
     * @param deltaNanos latencies
     * @return the summary
     */
    static LatencySummary summary(double[] deltaNanos) {
        LatencyStatistics s = LatencyStatistics.of(deltaNanos);
        return LatencySummary.builder()
                .moments(Math.toIntExact(s.count()), s.mean(), s.count() > 1 ? s.stdev() : 0)
                .extremes(s.min(), s.max())
                .percentiles(s.p50(), s.p90(), s.p99())
                .normality(s.ksStatistic(), s.ksPValue())
                .build();
    }

    /**
     * Adds latency, jitter and stability of packets in arrival order to a result.
     *
     * @param result       the result being built
     * @param ingressNanos entry times (0 where unknown: no stability then)
     * @param deltaNanos   latencies
     * @return the builder
     */
    static ExperimentClassResult.Builder addLatencies(ExperimentClassResult.Builder result, long[] ingressNanos,
                                                      long[] deltaNanos) {
        if (deltaNanos.length == 0) {
            return result;
        }
        double[] deltas = Arrays.stream(deltaNanos).asDoubleStream().toArray();
        result.latency(summary(deltas)).jitterNanos(Rfc3550Jitter.of(deltas));
        if (Arrays.stream(ingressNanos).allMatch(t -> t != 0)) {
            StabilityDistribution.of(ingressNanos, deltaNanos).ifPresent(result::stability);
        }
        return result;
    }
}
