// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.google.common.collect.ImmutableList;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySource;
import org.sixflow.app.api.TimeWindow;

import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * Reads the telemetry endpoints' query parameters; every error names its parameter, so the
 * client gets a 400 it can act on.
 */
final class TelemetryParameters {

    static final List<Double> DEFAULT_THRESHOLDS = ImmutableList.of(0.01, 0.05, 0.1);

    private TelemetryParameters() {
    }

    static LatencyClass latencyClass(String name, String value) {
        String text = required(name, value);
        try {
            return LatencyClass.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
        }
    }

    static LatencyClass latencyClass(String name, String value, LatencyClass otherwise) {
        return isBlank(value) ? otherwise : latencyClass(name, value);
    }

    static Optional<LatencyClass> optionalClass(String name, String value) {
        return isBlank(value) ? Optional.empty() : Optional.of(latencyClass(name, value));
    }

    static LatencySource source(String value) {
        if (isBlank(value)) {
            return LatencySource.SAMPLES;
        }
        try {
            return LatencySource.parse(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("source: " + e.getMessage(), e);
        }
    }

    static TimeWindow window(String from, String to, Clock clock) {
        return TimeWindow.parse(from, to, clock.instant());
    }

    static int integer(String name, String value, int otherwise) {
        if (isBlank(value)) {
            return otherwise;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, not \"" + value + "\"", e);
        }
    }

    static Optional<Integer> optionalInteger(String name, String value) {
        return isBlank(value) ? Optional.empty() : Optional.of(integer(name, value, 0));
    }

    /** Comma-separated overhead thresholds, as fractions (0.05 is 5%). */
    static List<Double> thresholds(String value) {
        if (isBlank(value)) {
            return DEFAULT_THRESHOLDS;
        }
        ImmutableList.Builder<Double> thresholds = ImmutableList.builder();
        for (String part : value.split(",")) {
            try {
                thresholds.add(Double.parseDouble(part.trim()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("thresholds must be comma-separated numbers such as 0.01,0.05, "
                                                           + "not \"" + value + "\"", e);
            }
        }
        return thresholds.build();
    }

    static String required(String name, String value) {
        if (isBlank(value)) {
            throw new IllegalArgumentException(name + " is required");
        }
        return value.trim();
    }

    private static boolean isBlank(String value) {
        return value == null || value.trim().isEmpty();
    }
}
