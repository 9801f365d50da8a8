// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.stats;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Every figure against NumPy/SciPy on the same samples (the normality p-value is Lilliefors', which SciPy lacks).
 */
public class LatencyStatisticsTest {

    private static void assertMatchesScipy(String name) {
        JsonNode ref = StatisticsReference.JSON.path("describe").path(name);
        LatencyStatistics s = LatencyStatistics.of(StatisticsReference.samples(name));
        assertEquals(ref.path("n").asInt(), s.count());
        assertEquals(ref.path("mean").asDouble(), s.mean(), 1e-9);
        assertEquals(ref.path("stdev").asDouble(), s.stdev(), 1e-9);
        assertEquals(ref.path("min").asDouble(), s.min(), 0);
        assertEquals(ref.path("max").asDouble(), s.max(), 0);
        assertEquals(ref.path("range").asDouble(), s.range(), 1e-9);
        assertEquals(ref.path("p50").asDouble(), s.p50(), 1e-9);
        assertEquals(ref.path("p90").asDouble(), s.p90(), 1e-9);
        assertEquals(ref.path("p99").asDouble(), s.p99(), 1e-9);
        assertEquals(ref.path("ksStatistic").asDouble(), s.ksStatistic(), 1e-9);
        // SciPy's kstest p-value is the plain Kolmogorov one, for a normal fixed in advance; ours
        // is Lilliefors' for the fitted normal, so it is lower (LillieforsTest checks it against the tables).
        assertEquals(Lilliefors.pValue(s.ksStatistic(), s.count()), s.ksPValue(), 0);
        assertTrue(s.ksPValue() <= ref.path("ksPValue").asDouble());
    }

    @Test
    public void normalSamplesMatchScipy() {
        assertMatchesScipy("baseline");
        assertMatchesScipy("feature");
    }

    @Test
    public void skewedSampleMatchesScipyAndFailsNormality() {
        assertMatchesScipy("skewed");
        assertTrue(LatencyStatistics.of(StatisticsReference.samples("skewed")).ksPValue() < 0.01);
    }

    @Test
    public void singleSampleHasNoSpread() {
        LatencyStatistics s = LatencyStatistics.of(new double[]{274.96});
        assertEquals(274.96, s.mean(), 0);
        assertEquals(0, s.range(), 0);
        assertTrue(Double.isNaN(s.ksPValue()));
    }

    @Test(expected = IllegalArgumentException.class)
    public void emptySampleIsRefused() {
        LatencyStatistics.of(new double[0]);
    }
}
