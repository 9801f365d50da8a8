// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import org.junit.Test;
import org.sixflow.app.api.PacingSummary;

import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;

/**
 * The pacer keeps the schedule from the start (a late packet never shifts the ones after it), and
 * the recorder sums up how well sends kept it. No clock: a fake ticker moves when the pacer waits.
 */
public class PacerTest {

    /** A ticker the waiter moves to each deadline, plus a delay a test sets per wait. */
    private static final class FakeTime {
        long now = 1_000_000;
        long extra;
        final List<Long> waits = new ArrayList<>();

        Pacer pacer() {
            return new Pacer(() -> now, deadline -> {
                waits.add(deadline);
                now = Math.max(now, deadline) + extra;
            });
        }
    }

    @Test
    public void deadlinesAreTheStartPlusTheIntervals() throws InterruptedException {
        FakeTime time = new FakeTime();
        Pacer pacer = time.pacer();
        assertEquals(1_000_000, pacer.awaitNext(1000));
        assertEquals(1_001_000, pacer.awaitNext(1000));
        assertEquals(1_001_100, pacer.awaitNext(100));
        assertEquals(List.of(1_000_000L, 1_001_000L, 1_001_100L), time.waits);
    }

    @Test
    public void aLatePacketDoesNotShiftTheSchedule() throws InterruptedException {
        FakeTime time = new FakeTime();
        Pacer pacer = time.pacer();
        pacer.awaitNext(1000);
        time.now += 5500;  // the sender stalled for 5.5 intervals
        assertEquals(1_001_000, pacer.awaitNext(1000));
        assertEquals(1_002_000, pacer.awaitNext(1000));
        assertEquals(1_003_000, pacer.awaitNext(1000));
    }

    @Test
    public void afterALongStallTheScheduleStartsAgainInsteadOfABurst() throws InterruptedException {
        FakeTime time = new FakeTime();
        Pacer pacer = new Pacer(() -> time.now, deadline -> time.now = Math.max(time.now, deadline), 3);
        PacingRecorder recorder = new PacingRecorder();
        recorder.record(1000, pacer.awaitNext(1000), time.now);
        time.now += 3500;  // three and a half intervals overdue: caught up
        assertEquals(1_001_000, pacer.awaitNext(1000));
        time.now += 20_000;  // twenty: the schedule starts again from now
        long restarted = pacer.awaitNext(1000);
        assertEquals(time.now, restarted);
        recorder.record(1000, restarted, time.now);
        assertEquals(restarted + 1000, pacer.awaitNext(1000));
        assertEquals(1, pacer.restarts());
        assertEquals("the stall shows as an interval error", 23_500 - 1000, recorder.summary().maxErrorNanos(), 0);
    }

    @Test
    public void recorderMeasuresIntervalErrorsAndLateness() throws InterruptedException {
        FakeTime time = new FakeTime();
        time.extra = 0;
        Pacer pacer = time.pacer();
        PacingRecorder recorder = new PacingRecorder();
        long[] late = {0, 100, 0, 300, 0};
        for (long l : late) {
            long due = pacer.awaitNext(1000);
            recorder.record(1000, due, due + l);
        }
        PacingSummary s = recorder.summary();
        assertEquals(5, s.packets());
        assertEquals(1000, s.requestedIntervalNanos());
        // |achieved - scheduled| per interval: 100, 100, 300, 300
        assertEquals(200, s.meanErrorNanos(), 1e-9);
        assertEquals(300, s.maxErrorNanos(), 1e-9);
        assertEquals(300, s.p99ErrorNanos(), 1e-9);
        assertEquals(80, s.meanLatenessNanos(), 1e-9);
        assertEquals(4 * 1e9 / 4000, s.achievedPacketsPerSecond(), 1e-6);
    }

    @Test
    public void anEmptyRecorder() {
        PacingSummary s = new PacingRecorder().summary();
        assertEquals(0, s.packets());
        assertEquals(0, s.meanErrorNanos(), 0);
    }
}
