// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry;

import org.sixflow.app.api.TelemetryService;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Checks of telemetry query arguments; each message names the REST parameter at fault.
 */
final class QueryArguments {

    /** Shortest series step. */
    static final Duration MIN_STEP = Duration.ofSeconds(1);
    /** Most overhead thresholds in one statistics query. */
    static final int MAX_THRESHOLDS = 20;

    private QueryArguments() {
    }

    static void checkWindow(Instant from, Instant to) {
        checkNotNull(from, "from is required");
        checkNotNull(to, "to is required");
        checkArgument(from.isBefore(to), "from (%s) must be before to (%s)", from, to);
    }

    static void checkSeries(Instant from, Instant to, Duration step) {
        checkWindow(from, to);
        checkNotNull(step, "step is required");
        checkArgument(step.compareTo(MIN_STEP) >= 0, "step must be at least 1 s, got %s", step);
        long points = points(from, to, step);
        checkArgument(points <= TelemetryService.MAX_POINTS,
                      "step %s over %s gives %s points; at most %s per series: widen step or narrow from/to",
                      step, Duration.between(from, to), points, TelemetryService.MAX_POINTS);
    }

    static long points(Instant from, Instant to, Duration step) {
        long window = Duration.between(from, to).toMillis();
        long stepMillis = step.toMillis();
        return (window + stepMillis - 1) / stepMillis;
    }

    static void checkRange(String name, int value, int min, int max) {
        checkArgument(value >= min && value <= max, "%s must be %s..%s, got %s", name, min, max, value);
    }

    static void checkThresholds(List<Double> thresholds) {
        checkNotNull(thresholds, "thresholds is required");
        checkArgument(!thresholds.isEmpty() && thresholds.size() <= MAX_THRESHOLDS,
                      "thresholds must list 1..%s numbers, got %s", MAX_THRESHOLDS, thresholds.size());
        thresholds.forEach(t -> checkArgument(t != null && Double.isFinite(t),
                                              "thresholds must be finite numbers, got %s", t));
    }
}
