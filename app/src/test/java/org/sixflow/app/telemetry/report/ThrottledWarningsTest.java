// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import org.junit.Test;

import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;

/**
 * One warning per reason per interval, with the count of those held back.
 */
public class ThrottledWarningsTest {

    private final AtomicLong now = new AtomicLong(1_000);
    private final ThrottledWarnings<ReportRejection> warnings =
            new ThrottledWarnings<>(Duration.ofMinutes(1), now::get);

    @Test
    public void aReasonIsLoggedOnceAMinuteWithHowManyWereHeldBack() {
        assertEquals(OptionalLong.of(0), warnings.admit(ReportRejection.UNKNOWN_CLASS));
        for (int i = 0; i < 999; i++) {
            now.addAndGet(Duration.ofMillis(50).toNanos());
            assertEquals(OptionalLong.empty(), warnings.admit(ReportRejection.UNKNOWN_CLASS));
        }
        // Another reason is not held back by the first one's.
        assertEquals(OptionalLong.of(0), warnings.admit(ReportRejection.INCONSISTENT_DELTA));
        now.addAndGet(Duration.ofSeconds(11).toNanos());
        assertEquals(OptionalLong.of(999), warnings.admit(ReportRejection.UNKNOWN_CLASS));
        assertEquals(OptionalLong.empty(), warnings.admit(ReportRejection.UNKNOWN_CLASS));
        now.addAndGet(Duration.ofMinutes(1).toNanos());
        assertEquals(OptionalLong.of(1), warnings.admit(ReportRejection.UNKNOWN_CLASS));
    }
}
