// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import org.sixflow.app.api.PacingSummary;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Locale;

/**
 * Prints what the experiment runner's pacer achieves by itself, with nothing to send: the error
 * of each achieved interval (mean, p99, max, as the runner reports it) at 1 ms and 100 µs for a
 * few spin times, and the CPU the pacing thread burns. It is the floor under the figures of
 * {@code make bench-experiments}, where the same loop shares the machine with the lab's switches,
 * the controller's other threads and PostgreSQL. Run: {@code make bench-pacing}; run it on a quiet
 * machine, since other load shows in the figures.
 */
public final class PacingBenchmark {

    private static final int WARMUP = 2_000;
    private static final long SECONDS = 5;

    private PacingBenchmark() {
    }

    public static void main(String[] args) throws InterruptedException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        System.out.println("interval  spin | mean error   p99 error   max error (µs) | pacing thread CPU");
        for (long intervalMicros : List.of(1000L, 100L)) {
            for (long spinMicros : List.of(0L, 20L, 50L, 100L, 200L)) {
                if (spinMicros >= intervalMicros) {
                    continue;
                }
                long interval = intervalMicros * 1000;
                pace(Pacer.system(spinMicros * 1000, Pacer.DEFAULT_MAX_CATCH_UP), interval, WARMUP);
                long cpu = threads.getCurrentThreadCpuTime();
                long wall = System.nanoTime();
                PacingSummary s = pace(Pacer.system(spinMicros * 1000, Pacer.DEFAULT_MAX_CATCH_UP), interval,
                                       (int) (SECONDS * 1_000_000_000L / interval));
                double busy = 100.0 * (threads.getCurrentThreadCpuTime() - cpu) / (System.nanoTime() - wall);
                System.out.println(String.format(Locale.ROOT, "%5d µs %4d µs | %10.1f %11.1f %11.1f      | %5.1f %%",
                                                 intervalMicros, spinMicros, s.meanErrorNanos() / 1e3,
                                                 s.p99ErrorNanos() / 1e3, s.maxErrorNanos() / 1e3, busy));
            }
        }
    }

    private static PacingSummary pace(Pacer pacer, long intervalNanos, int packets) throws InterruptedException {
        PacingRecorder recorder = new PacingRecorder();
        for (int i = 0; i < packets; i++) {
            long due = pacer.awaitNext(intervalNanos);
            recorder.record(intervalNanos, due, pacer.now());
        }
        return recorder.summary();
    }
}
