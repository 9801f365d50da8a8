// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history.minutes;

import org.junit.Test;

import java.math.BigInteger;
import java.time.Instant;
import java.util.Random;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/**
 * A minute's sums stay exact however large the latencies: adding a sample counts in plain longs
 * and moves them into the BigIntegers before they could overflow.
 */
public class LatencyMinuteTest {

    private static final LatencyMinute.Key KEY = new LatencyMinute.Key(Instant.parse("2026-11-27T10:00:00Z"),
                                                                       "device:leaf1", 0, 0);

    private static void assertSums(long[] values) {
        LatencyMinute m = LatencyMinute.empty(KEY);
        BigInteger sum = BigInteger.ZERO;
        BigInteger squares = BigInteger.ZERO;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < values.length; i++) {
            m.add(values[i]);
            BigInteger v = BigInteger.valueOf(values[i]);
            sum = sum.add(v);
            squares = squares.add(v.multiply(v));
            min = Math.min(min, values[i]);
            max = Math.max(max, values[i]);
            if (i % 97 == 0) {     // reading the sums midway changes nothing
                assertEquals(sum, m.sum());
                assertEquals(squares, m.sumSquares());
            }
        }
        assertEquals(values.length, m.packets());
        assertEquals(sum, m.sum());
        assertEquals(squares, m.sumSquares());
        assertEquals(min, m.min());
        assertEquals(max, m.max());
        assertEquals(values.length, m.histogram().total());
    }

    @Test
    public void sumsOfTypicalLatenciesAreExact() {
        Random random = new Random(1);
        long[] values = new long[10_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = Math.max(0, Math.round(1_500 + random.nextGaussian() * 80));
        }
        assertSums(values);
    }

    @Test
    public void sumsOfHugeLatenciesAreExact() {
        // Squares beyond 2^64 and sums beyond 2^63: both carries and both overflows are taken.
        Random random = new Random(2);
        long[] values = new long[5_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 3 == 0 ? Long.MAX_VALUE - random.nextInt(1_000)
                    : i % 3 == 1 ? (1L << 32) + random.nextInt(1 << 30) : random.nextLong() & Long.MAX_VALUE;
        }
        assertSums(values);
        assertSums(new long[]{Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, 0, 1});
    }

    @Test
    public void mergedMinutesAddUpAsOne() {
        LatencyMinute a = LatencyMinute.empty(KEY);
        LatencyMinute b = LatencyMinute.empty(KEY);
        LatencyMinute all = LatencyMinute.empty(KEY);
        for (long v = 0; v < 1_000; v++) {
            long x = v * v * 977 + (v % 2 == 0 ? Long.MAX_VALUE / 4 : 0);
            (v % 3 == 0 ? a : b).add(x);
            all.add(x);
        }
        a.merge(b);
        assertEquals(all.packets(), a.packets());
        assertEquals(all.sum(), a.sum());
        assertEquals(all.sumSquares(), a.sumSquares());
    }

    @Test
    public void aNegativeLatencyIsRefusedAndCountsNothing() {
        LatencyMinute m = LatencyMinute.empty(KEY);
        m.add(5);
        try {
            m.add(-1);
            fail("took a negative latency");
        } catch (IllegalArgumentException expected) {
            assertEquals(1, m.packets());
            assertEquals(BigInteger.valueOf(5), m.sum());
        }
    }
}
