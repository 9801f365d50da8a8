// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A query window [from, to) and its step, read the way REST and CLI take them: ISO-8601
 * instants, from defaulting to an hour before to and to to now; a step as an ISO-8601 duration
 * (PT1M) or seconds (60). Errors name the parameter at fault.
 */
public final class TimeWindow {

    /** The window when from is not given: the hour before to. */
    public static final Duration DEFAULT_LENGTH = Duration.ofHours(1);
    /** The step when none is given, unless the window needs a wider one. */
    public static final Duration DEFAULT_STEP = Duration.ofMinutes(1);
    /**
     * The earliest instant a query may name. Java reads instants a billion years either way,
     * PostgreSQL keeps 4713 BC to 294276 AD and millisecond arithmetic overflows long before:
     * telemetry starts in 1970, so nothing outside [EARLIEST, LATEST] can hold data.
     */
    public static final Instant EARLIEST = Instant.parse("1970-01-01T00:00:00Z");
    /** The latest instant a query may name. */
    public static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999999999Z");
    /** The widest step a series may take (ten years); wider ones overflow in PostgreSQL's intervals. */
    public static final Duration MAX_STEP = Duration.ofDays(3650);

    private final Instant from;
    private final Instant to;

    private TimeWindow(Instant from, Instant to) {
        this.from = checkNotNull(from);
        this.to = checkNotNull(to);
        checkArgument(from.isBefore(to), "from (%s) must be before to (%s)", from, to);
    }

    /**
     * Creates a window.
     *
     * @param from start, included
     * @param to   end, excluded; after from
     * @return the window
     */
    public static TimeWindow of(Instant from, Instant to) {
        return new TimeWindow(from, to);
    }

    /**
     * Reads a window from text; either end may be missing (null or blank).
     *
     * @param from ISO-8601 instant, or blank for an hour before to
     * @param to   ISO-8601 instant, or blank for now
     * @param now  the current time
     * @return the window
     * @throws IllegalArgumentException naming from or to
     */
    public static TimeWindow parse(String from, String to, Instant now) {
        Instant end = isBlank(to) ? now : instant("to", to);
        Instant start = isBlank(from) ? end.minus(DEFAULT_LENGTH) : instant("from", from);
        return new TimeWindow(start, end);
    }

    /**
     * Reads a step; without one, a minute, or the whole seconds that keep the window within
     * {@link TelemetryService#MAX_POINTS}.
     *
     * @param text ISO-8601 duration or seconds, or blank
     * @return the step, 0..{@link #MAX_STEP} (the service checks its lower bound)
     * @throws IllegalArgumentException naming step
     */
    public Duration step(String text) {
        if (isBlank(text)) {
            long widest = (length().toMillis() + TelemetryService.MAX_POINTS - 1) / TelemetryService.MAX_POINTS;
            Duration needed = Duration.ofSeconds((widest + 999) / 1000);
            return needed.compareTo(DEFAULT_STEP) > 0 ? needed : DEFAULT_STEP;
        }
        String value = text.trim();
        Duration step;
        try {
            if (value.startsWith("P") || value.startsWith("p")) {
                step = Duration.parse(value);
            } else {
                double seconds = Double.parseDouble(value);
                if (!Double.isFinite(seconds) || seconds < 0 || seconds > MAX_STEP.getSeconds()) {
                    throw new NumberFormatException(value);
                }
                step = Duration.ofMillis(Math.round(seconds * 1000));
            }
        } catch (DateTimeParseException | NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("step must be an ISO-8601 duration such as PT1M or seconds such as 60, "
                                                       + "up to " + MAX_STEP.toDays() + " days, not \"" + text + "\"",
                                               e);
        }
        if (step.isNegative() || step.compareTo(MAX_STEP) > 0) {
            throw new IllegalArgumentException("step must be 0.." + MAX_STEP.toDays() + " days, not \"" + text + "\"");
        }
        return step;
    }

    public Instant from() {
        return from;
    }

    public Instant to() {
        return to;
    }

    public Duration length() {
        return Duration.between(from, to);
    }

    /**
     * Reads an instant a query or request names, within [{@link #EARLIEST}, {@link #LATEST}].
     *
     * @param name  the parameter or field, for the message
     * @param value ISO-8601 instant such as 2026-11-22T15:00:00Z
     * @return the instant
     * @throws IllegalArgumentException naming the parameter when the text is no instant or out of range
     */
    public static Instant instant(String name, String value) {
        Instant instant;
        try {
            instant = Instant.parse(value.trim());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(name + " must be an ISO-8601 instant such as 2026-11-22T15:00:00Z, "
                                                       + "not \"" + value + "\"", e);
        }
        if (instant.isBefore(EARLIEST) || instant.isAfter(LATEST)) {
            throw new IllegalArgumentException(name + " must be between " + EARLIEST + " and " + LATEST + ", not "
                                                       + instant);
        }
        return instant;
    }

    private static boolean isBlank(String value) {
        return value == null || value.trim().isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TimeWindow && from.equals(((TimeWindow) o).from) && to.equals(((TimeWindow) o).to);
    }

    @Override
    public int hashCode() {
        return Objects.hash(from, to);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("from", from).add("to", to).toString();
    }
}
