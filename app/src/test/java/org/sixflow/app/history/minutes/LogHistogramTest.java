// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history.minutes;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The log histogram: buckets tile the values without gaps, are narrow enough for the stated
 * error, merge by adding, and its percentiles and KS distance stay within their stated bounds of
 * the exact figures.
 */
public class LogHistogramTest {

    @Test
    public void bucketsTileTheValuesInOrder() {
        long previousUpper = -1;
        for (int b = 0; b < 3_000; b++) {
            long lo = LogHistogram.lower(b);
            long hi = LogHistogram.upper(b);
            assertEquals("bucket " + b + " starts where the one before ends", previousUpper + 1, lo);
            assertEquals(b, LogHistogram.bucket(lo));
            assertEquals(b, LogHistogram.bucket(hi));
            // Reading a value back as the midpoint errs by less than the stated relative error.
            double mid = (lo + (double) hi) / 2;
            assertTrue("bucket " + b, lo == 0 || (mid - lo) / lo <= LogHistogram.RELATIVE_ERROR);
            previousUpper = hi;
        }
        assertEquals(Long.MAX_VALUE, LogHistogram.upper(LogHistogram.bucket(Long.MAX_VALUE)));
        assertEquals(255, LogHistogram.bucket(255));    // below 2^8 every value has its own bucket
        assertEquals(256, LogHistogram.bucket(256));
        assertEquals(256, LogHistogram.bucket(257));    // from 2^8 on, buckets are 2 wide and wider
    }

    @Test
    public void mergingAddsCounts() {
        Random random = new Random(1);
        LogHistogram all = LogHistogram.empty();
        LogHistogram low = LogHistogram.empty();
        LogHistogram high = LogHistogram.empty();
        for (int i = 0; i < 10_000; i++) {
            long v = 500 + random.nextInt(5_000);
            all.add(v);
            (v < 2_000 ? low : high).add(v);
        }
        high.merge(low);     // grows downwards
        assertEquals(all.first(), high.first());
        assertTrue(Arrays.equals(all.counts(), high.counts()));
        assertEquals(10_000, high.total());
        LogHistogram again = LogHistogram.of(high.first(), high.counts());
        assertTrue(Arrays.equals(all.counts(), again.counts()));
    }

    @Test
    public void quantilesStayWithinTheStatedErrorOfTheExactOnes() {
        Random random = new Random(2);
        for (int round = 0; round < 20; round++) {
            int n = 2 + random.nextInt(round < 10 ? 50 : 20_000);
            double[] values = new double[n];
            LogHistogram h = LogHistogram.empty();
            double min = Double.MAX_VALUE;
            double max = 0;
            for (int i = 0; i < n; i++) {
                long v = round % 2 == 0 ? Math.max(1, Math.round(1_500 + random.nextGaussian() * 300))
                        : 1 + (long) Math.exp(random.nextDouble() * 20);     // six decades
                values[i] = v;
                h.add(v);
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
            Percentile exact = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
            exact.setData(values);
            for (double p : new double[]{0, 0.01, 0.5, 0.9, 0.99, 1}) {
                double want = exact.evaluate(Math.max(p * 100, 1e-9));
                double got = h.quantile(p, min, max);
                assertEquals("round " + round + " p" + p, want, got, want * LogHistogram.RELATIVE_ERROR + 1e-9);
            }
        }
    }

    @Test
    public void ksDistanceStaysWithinItsBoundOfTheExactOne() {
        Random random = new Random(3);
        for (int round = 0; round < 10; round++) {
            int n = 100 + random.nextInt(5_000);
            double[] values = new double[n];
            LogHistogram h = LogHistogram.empty();
            for (int i = 0; i < n; i++) {
                long v = Math.max(1, Math.round(2_000 + random.nextGaussian() * (50 + 100 * round)));
                values[i] = v;
                h.add(v);
            }
            double mean = Arrays.stream(values).average().orElseThrow();
            double sd = Math.sqrt(Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum() / (n - 1));
            NormalDistribution normal = new NormalDistribution(null, mean, sd);
            double exact = new KolmogorovSmirnovTest().kolmogorovSmirnovStatistic(normal, values);
            double bound = h.ksError(normal::cumulativeProbability);
            double got = h.ksDistance(normal::cumulativeProbability);
            assertTrue("round " + round + ": " + got + " above " + exact, got <= exact + 1e-12);
            assertTrue("round " + round + ": " + got + " more than " + bound + " below " + exact,
                       got >= exact - bound - 1e-12);
            // A bucket's probability is at most its width times the normal's highest density.
            long widest = LogHistogram.upper(h.first() + h.counts().length - 1)
                    - LogHistogram.lower(h.first() + h.counts().length - 1);
            assertTrue(bound <= widest / (sd * Math.sqrt(2 * Math.PI)) + 1e-12);
        }
    }

    @Test
    public void anEmptyHistogramHasNoQuantile() {
        assertTrue(Double.isNaN(LogHistogram.empty().quantile(0.5, 0, 0)));
        assertEquals(0, LogHistogram.empty().total());
    }
}
