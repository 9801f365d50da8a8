// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.junit.Test;

import java.time.Duration;
import java.time.Instant;

import static org.junit.Assert.assertEquals;
import static org.sixflow.app.testing.Rejections.assertRejected;

/**
 * Windows and steps as REST and CLI read them.
 */
public class TimeWindowTest {

    private static final Instant NOW = Instant.parse("2026-11-22T15:00:00Z");

    @Test
    public void defaultsToTheLastHourUpToNow() {
        TimeWindow w = TimeWindow.parse(null, " ", NOW);
        assertEquals(NOW, w.to());
        assertEquals(NOW.minusSeconds(3600), w.from());
        assertEquals(Instant.parse("2026-11-22T13:00:00Z"),
                     TimeWindow.parse(null, "2026-11-22T14:00:00Z", NOW).from());
    }

    @Test
    public void stepsAreDurationsOrSecondsAndWidenForLongWindows() {
        TimeWindow hour = TimeWindow.parse(null, null, NOW);
        assertEquals(Duration.ofMinutes(5), hour.step("PT5M"));
        assertEquals(Duration.ofMillis(1_500), hour.step("1.5"));
        assertEquals(Duration.ofMinutes(1), hour.step(null));
        TimeWindow month = TimeWindow.of(NOW.minus(Duration.ofDays(30)), NOW);
        assertEquals(Duration.ofSeconds(260), month.step(""));   // 2,592,000 s / 10,000 points, rounded up
        assertRejected(() -> hour.step("-1"), "step");
        assertRejected(() -> hour.step("NaN"), "step");
    }

    @Test
    public void rejectsEmptyOrUnreadableWindows() {
        assertRejected(() -> TimeWindow.parse("2026-11-22T16:00:00Z", null, NOW), "from");
        assertRejected(() -> TimeWindow.parse(null, "15:00", NOW), "to must be an ISO-8601 instant");
    }

    @Test
    public void refusesInstantsNoTelemetryCanHave() {
        // Java reads these; PostgreSQL and millisecond arithmetic cannot hold them.
        assertRejected(() -> TimeWindow.parse(null, "-1000000000-01-01T00:00:00Z", NOW), "to must be between");
        assertRejected(() -> TimeWindow.parse("-1000000000-01-01T00:00:00Z", null, NOW), "from must be between");
        assertRejected(() -> TimeWindow.parse(null, "+1000000000-12-31T23:59:59Z", NOW), "to must be between");
        assertRejected(() -> TimeWindow.parse("1969-12-31T23:59:59Z", null, NOW), "from must be between");
        assertEquals(TimeWindow.EARLIEST, TimeWindow.parse("1970-01-01T00:00:00Z", null, NOW).from());
        assertEquals(TimeWindow.LATEST, TimeWindow.instant("to", "9999-12-31T23:59:59.999999999Z"));
    }

    @Test
    public void refusesStepsBeyondTenYears() {
        TimeWindow hour = TimeWindow.parse(null, null, NOW);
        assertEquals(TimeWindow.MAX_STEP, hour.step("P3650D"));
        assertRejected(() -> hour.step("P100000000000D"), "step must be 0..3650 days");
        assertRejected(() -> hour.step("PT-1S"), "step must be 0..3650 days");
        assertRejected(() -> hour.step("PT9999999999999999999H"), "step must be an ISO-8601 duration");
        assertRejected(() -> hour.step("1e300"), "step must be an ISO-8601 duration");
    }
}
