// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySource;
import org.sixflow.app.api.TelemetryService;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;

/**
 * Reads the telemetry endpoints' query parameters; every error names its parameter, so the
 * client gets a 400 it can act on.
 */
final class TelemetryParameters {

    /** The window when from is not given: the hour before to. */
    static final Duration DEFAULT_WINDOW = Duration.ofHours(1);
    /** The step when none is given, unless the window needs a wider one. */
    static final Duration DEFAULT_STEP = Duration.ofMinutes(1);
    static final List<Double> DEFAULT_THRESHOLDS = ImmutableList.of(0.01, 0.05, 0.1);

    private TelemetryParameters() {
    }

    static DeviceId device(String value) {
        String text = required("device", value);
        return DeviceId.deviceId(text);
    }

    static Optional<DeviceId> optionalDevice(String value) {
        return isBlank(value) ? Optional.empty() : Optional.of(device(value));
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

    /** The window [from, to): to defaults to now, from to an hour before to. */
    static Instant[] window(String from, String to, Clock clock) {
        Instant end = isBlank(to) ? clock.instant() : instant("to", to);
        Instant start = isBlank(from) ? end.minus(DEFAULT_WINDOW) : instant("from", from);
        if (!start.isBefore(end)) {
            throw new IllegalArgumentException("from (" + start + ") must be before to (" + end + ")");
        }
        return new Instant[]{start, end};
    }

    /**
     * Reads a step: an ISO-8601 duration (PT1M) or seconds (60). Without one, a minute, or the
     * whole seconds that keep the window within the point limit.
     */
    static Duration step(String value, Instant from, Instant to) {
        if (isBlank(value)) {
            long windowMillis = Duration.between(from, to).toMillis();
            long widest = (windowMillis + TelemetryService.MAX_POINTS - 1) / TelemetryService.MAX_POINTS;
            Duration needed = Duration.ofSeconds((widest + 999) / 1000);
            return needed.compareTo(DEFAULT_STEP) > 0 ? needed : DEFAULT_STEP;
        }
        String text = value.trim();
        try {
            if (text.startsWith("P") || text.startsWith("p")) {
                return Duration.parse(text);
            }
            double seconds = Double.parseDouble(text);
            if (!Double.isFinite(seconds) || seconds < 0 || seconds > Duration.ofDays(3650).getSeconds()) {
                throw new NumberFormatException();
            }
            return Duration.ofMillis(Math.round(seconds * 1000));
        } catch (DateTimeParseException | NumberFormatException e) {
            throw new IllegalArgumentException("step must be an ISO-8601 duration such as PT1M or seconds such as 60, "
                                                       + "not \"" + value + "\"", e);
        }
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

    private static Instant instant(String name, String value) {
        try {
            return Instant.parse(value.trim());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(name + " must be an ISO-8601 instant such as 2026-11-22T15:00:00Z, "
                                                       + "not \"" + value + "\"", e);
        }
    }

    private static boolean isBlank(String value) {
        return value == null || value.trim().isEmpty();
    }
}
