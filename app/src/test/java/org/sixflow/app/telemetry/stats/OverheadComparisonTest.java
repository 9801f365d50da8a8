// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.stats;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.Test;

import java.util.Iterator;
import java.util.Map;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;

/**
 * Overhead K and its Z-test probabilities against SciPy; the stability ratio by hand.
 */
public class OverheadComparisonTest {

    @Test
    public void overheadAndProbabilitiesMatchScipy() {
        JsonNode ref = StatisticsReference.JSON.path("overhead");
        OverheadComparison c = OverheadComparison.of(StatisticsReference.samples("feature"),
                                                     StatisticsReference.samples("baseline"));
        assertEquals(ref.path("meanRatio").asDouble(), c.meanRatio(), 1e-12);
        assertEquals(ref.path("kMean").asDouble(), c.kMean(), 1e-12);
        assertEquals(ref.path("kStdev").asDouble(), c.kStdev(), 1e-12);
        Iterator<Map.Entry<String, JsonNode>> probabilities = ref.path("probabilities").fields();
        while (probabilities.hasNext()) {
            Map.Entry<String, JsonNode> p = probabilities.next();
            assertEquals("P(K <= " + p.getKey() + ")", p.getValue().asDouble(),
                         c.probabilityAtMost(Double.parseDouble(p.getKey())), 1e-9);
        }
    }

    @Test
    public void stabilityRatioOfConsecutivePackets() {
        // Sent every 1 ms; the second gap arrives 0.1 ms late, the third on time.
        double[] sent = {0, 1, 2, 3};
        double[] received = {5, 6, 7.1, 8.1};
        assertArrayEquals(new double[]{0, 0.1, 0}, OverheadComparison.stability(sent, received), 1e-12);
    }

    @Test(expected = IllegalArgumentException.class)
    public void mismatchedTimesAreRefused() {
        OverheadComparison.stability(new double[]{0, 1}, new double[]{0});
    }
}
