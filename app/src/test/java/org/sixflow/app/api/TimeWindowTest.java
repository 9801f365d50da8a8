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
}
