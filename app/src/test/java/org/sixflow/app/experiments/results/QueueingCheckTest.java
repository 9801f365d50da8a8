// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import org.junit.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** Telling a queue from the pipeline, by the latency benchmark's rules. */
public class QueueingCheckTest {

    private static final long MS = 1_000_000;

    private static long[] flat(int n, long nanos) {
        long[] v = new long[n];
        Arrays.fill(v, nanos);
        return v;
    }

    @Test
    public void aSeriesWellInsideTheIntervalKeptUp() {
        long[] v = flat(2000, 300_000);
        v[7] = 3 * MS;   // a host stall delays a packet or two: not a queue
        v[900] = 2 * MS;
        assertFalse(QueueingCheck.of(v, MS, 2000, 2000).isPresent());
    }

    @Test
    public void lossIsAQueue() {
        assertEquals(Optional.of("lost 3 of 2000"), QueueingCheck.of(flat(1997, 300_000), MS, 2000, 1997));
    }

    @Test
    public void packetsOutlastingTheIntervalAreAQueue() {
        long[] v = flat(1000, 300_000);
        for (int i = 100; i < 120; i++) {
            v[i] = 2 * MS;
        }
        assertEquals(Optional.of("2.0% of packets took longer than the 1000 µs send interval"),
                     QueueingCheck.of(v, MS, 1000, 1000));
    }

    @Test
    public void aMeanOfAnIntervalIsAQueue() {
        String evidence = QueueingCheck.of(flat(100, 1_500_000), MS, 100, 100).orElseThrow();
        assertTrue(evidence, evidence.contains("mean latency 1.5 send intervals"));
    }

    @Test
    public void aRisingSeriesIsAQueue() {
        long[] v = new long[1000];
        for (int i = 0; i < v.length; i++) {
            v[i] = 100_000 + 500L * i;   // 0.1 ms up to 0.6 ms: never past the interval, but growing
        }
        assertEquals(Optional.of("latency rose over the run (median 125 µs first tenth, 575 µs last tenth)"),
                     QueueingCheck.of(v, MS, 1000, 1000));
    }

    @Test
    public void thresholdsAreTheBenchmarks() throws IOException {
        String bench = new String(Files.readAllBytes(Paths.get("..", "pipeconf", "bench", "latency_stats.py")),
                                  StandardCharsets.UTF_8);
        assertEquals(QueueingCheck.LATE_SHARE_LIMIT, constant(bench, "LATE_SHARE_LIMIT"), 0);
        assertEquals(QueueingCheck.LATE_MIN, constant(bench, "LATE_MIN"), 0);
        assertEquals(QueueingCheck.TREND_FACTOR, constant(bench, "TREND_FACTOR"), 0);
        assertEquals(QueueingCheck.TREND_MIN_SHARE_OF_INTERVAL, constant(bench, "TREND_MIN_SHARE_OF_INTERVAL"), 0);
        assertEquals(QueueingCheck.LOSS_LIMIT, constant(bench, "LOSS_LIMIT"), 0);
    }

    private static double constant(String python, String name) {
        Matcher m = Pattern.compile("(?m)^" + name + "\\s*=\\s*([0-9.]+)\\s*$").matcher(python);
        assertTrue(name + " not in latency_stats.py", m.find());
        return Double.parseDouble(m.group(1));
    }
}
