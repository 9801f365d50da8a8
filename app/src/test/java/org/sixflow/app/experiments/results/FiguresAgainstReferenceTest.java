// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.Test;
import org.sixflow.app.api.ConfidenceInterval;
import org.sixflow.app.api.LatencySummary;
import org.sixflow.app.api.StabilitySummary;

import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.experiments.ExperimentReference.JSON;
import static org.sixflow.app.experiments.ExperimentReference.doubles;
import static org.sixflow.app.experiments.ExperimentReference.longs;

/**
 * The result figures against values SciPy, NumPy and plain Python computed from the same inputs
 * (experiments/make_fixture.py): confidence intervals, Welch's test, RFC 3550 jitter, sequence
 * accounting and the stability distribution.
 */
public class FiguresAgainstReferenceTest {

    private static final double TIGHT = 1e-9;

    @Test
    public void confidenceIntervalIsStudentT() {
        JsonNode ref = JSON.path("confidence");
        ConfidenceInterval ci = ConfidenceIntervals.of(doubles(ref.path("means")), ref.path("level").asDouble())
                .orElseThrow();
        assertEquals(5, ci.n());
        assertEquals(ref.path("mean").asDouble(), ci.mean(), TIGHT);
        assertEquals(ref.path("halfWidth").asDouble(), ci.halfWidth(), 1e-9);
        assertEquals(ci.mean() - ci.halfWidth(), ci.low(), 0);
        assertFalse("one repetition has no interval", ConfidenceIntervals.of(new double[]{1.0}, 0.95).isPresent());
    }

    @Test
    public void welchPValueMatchesScipy() {
        JsonNode ref = JSON.path("welch");
        double p = RunComparisons.welchPValue(summary(ref.path("a")), summary(ref.path("b")));
        assertEquals(ref.path("pValue").asDouble(), p, 1e-9);
        assertTrue("no variance, no test", Double.isNaN(RunComparisons.welchPValue(
                LatencySummary.builder().moments(3, 1, 0).extremes(1, 1).percentiles(1, 1, 1).normality(Double.NaN, Double.NaN).build(),
                LatencySummary.builder().moments(3, 2, 0).extremes(2, 2).percentiles(2, 2, 2).normality(Double.NaN, Double.NaN).build())));
    }

    private static LatencySummary summary(JsonNode s) {
        return LatencySummary.builder().moments(s.path("count").asInt(), s.path("mean").asDouble(), s.path("stdev").asDouble()).extremes(0, 0).percentiles(0, 0, 0).normality(Double.NaN, Double.NaN).build();
    }

    @Test
    public void jitterIsRfc3550() {
        JsonNode ref = JSON.path("jitter");
        assertEquals(ref.path("jitter").asDouble(), Rfc3550Jitter.of(doubles(ref.path("transit"))), 1e-6);
        assertEquals(0, Rfc3550Jitter.of(new double[]{5}), 0);
        // A single step of D from a steady stream: J = D / 16.
        assertEquals(100.0 / 16, Rfc3550Jitter.of(new double[]{1000, 1000, 1100}), TIGHT);
    }

    @Test
    public void sequenceAccountingMatchesTheReference() {
        JsonNode ref = JSON.path("sequence");
        SequenceAccounting a = SequenceAccounting.of(ref.path("first").asLong(), ref.path("sent").asLong(),
                                                     longs(ref.path("arrivals")));
        assertEquals(ref.path("received").asLong(), a.received());
        assertEquals(ref.path("lost").asLong(), a.lost());
        assertEquals(ref.path("duplicates").asLong(), a.duplicates());
        assertEquals(ref.path("reordered").asLong(), a.reordered());
        assertEquals(a.sent(), a.received() + a.lost());
    }

    @Test
    public void stabilityDistributionMatchesNumpy() {
        JsonNode ref = JSON.path("stability");
        StabilitySummary s = StabilityDistribution.of(longs(ref.path("ingress")), longs(ref.path("delta")))
                .orElseThrow();
        assertEquals(ref.path("count").asLong(), s.count());
        assertEquals(ref.path("mean").asDouble(), s.mean(), TIGHT);
        assertEquals(ref.path("p50").asDouble(), s.p50(), TIGHT);
        assertEquals(ref.path("p90").asDouble(), s.p90(), TIGHT);
        assertEquals(ref.path("p99").asDouble(), s.p99(), TIGHT);
        assertEquals(ref.path("max").asDouble(), s.max(), TIGHT);
        List<Long> bins = new ArrayList<>();
        ref.path("bins").forEach(b -> bins.add(b.asLong()));
        assertEquals(bins, s.bins());
        assertFalse(StabilityDistribution.of(new long[]{5}, new long[]{1}).isPresent());
    }
}
