// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.Test;
import org.sixflow.app.api.ExperimentClassResult;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.FeatureComparison;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySummary;
import org.sixflow.app.api.OverheadProbability;

import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.experiments.ExperimentReference.JSON;

/**
 * The APN6 study's comparison: its DIFF row and both "K ≤ x" tables, from its own figures
 * (IETF 109: IPv6 364.07436 ns, stdev 0.56514087; APN6 370.63256 ns, stdev 0.611774343).
 */
public class FeatureComparisonsTest {

    private static ExperimentClassResult result(String name, ExperimentClassRole role, LatencyClass c, double mean,
                                                double stdev, double min, double max) {
        return ExperimentClassResult.builder(name, role, c, "device:tofino")
                .latency(LatencySummary.builder().moments(50_000, mean, stdev).extremes(min, max).percentiles(mean, mean, mean).normality(0.01, 0.5).build()).build();
    }

    private static List<Double> thresholds(JsonNode rows) {
        List<Double> values = new ArrayList<>();
        rows.forEach(r -> values.add(r.get(0).asDouble()));
        return values;
    }

    @Test
    public void reproducesTheStudysTables() {
        JsonNode ref = JSON.path("apn6Study");
        ExperimentClassResult ipv6 = result("ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6, 364.07436,
                                            0.56514087, 363, 366);
        ExperimentClassResult apn6 = result("apn6", ExperimentClassRole.FEATURE, LatencyClass.APN6_INSERT, 370.63256,
                                            0.611774343, 369, 373);
        FeatureComparison f = FeatureComparisons.of(0, apn6, ipv6, thresholds(ref.path("onePacket")),
                                                    thresholds(ref.path("meanOfPackets")), 10_000).orElseThrow();
        // The DIFF row as the study printed it: 6.5582, 0.046633473, 7, 6.
        assertEquals(6.5582, f.diffMean(), 1e-9);
        assertEquals(0.046633473, f.diffStdev(), 1e-9);
        assertEquals(7, f.diffMax(), 0);
        assertEquals(6, f.diffMin(), 0);
        assertEquals(ref.path("kMean").asDouble(), f.kMean(), 1e-15);
        assertEquals(ref.path("kStdev").asDouble(), f.kStdev(), 1e-15);
        check(ref.path("onePacket"), ref.path("printed").path("onePacket"), f.onePacket());
        check(ref.path("meanOfPackets"), ref.path("printed").path("meanOfPackets"), f.meanOfPackets());
        assertEquals(10_000, f.meanOf());
    }

    private static void check(JsonNode scipy, JsonNode printed, List<OverheadProbability> rows) {
        assertEquals(scipy.size(), rows.size());
        for (int i = 0; i < rows.size(); i++) {
            OverheadProbability row = rows.get(i);
            assertEquals(scipy.get(i).get(1).asDouble(), row.valueNanos(), 1e-9);
            assertEquals(scipy.get(i).get(2).asDouble(), row.probability(), 1e-9);
            // The study printed percentages cut to two decimals (99.1166% as 99.11%; one row as 99.999987%).
            assertEquals(printed.get(i).asDouble(), row.probability(), 1e-4);
        }
    }

    @Test
    public void thresholdsAreChosenFromTheResultsWhenNoneAreGiven() {
        List<Double> t = FeatureComparisons.automatic(0.0180, 0.00168);
        assertEquals(List.of(0.018, 0.0197, 0.0214, 0.0231), t);
        List<Double> mean = FeatureComparisons.automatic(0.01801, 0.0000168);
        assertEquals(4, mean.size());
        assertTrue(mean.get(0) < mean.get(1) && mean.get(1) < mean.get(2));
        assertEquals(List.of(0.05), FeatureComparisons.automatic(0.05, 0));
    }

    @Test
    public void aStepWithoutVariance() {
        assertEquals(1, FeatureComparisons.probabilityAtMost(0.1, 0.05, 0), 0);
        assertEquals(0, FeatureComparisons.probabilityAtMost(0.01, 0.05, 0), 0);
    }

    @Test
    public void noComparisonWithoutLatencies() {
        ExperimentClassResult empty = ExperimentClassResult.builder("x", ExperimentClassRole.FEATURE,
                                                                    LatencyClass.APN6_INSERT, "d").build();
        ExperimentClassResult ipv6 = result("ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6, 1, 0, 1, 1);
        assertFalse(FeatureComparisons.of(0, empty, ipv6, List.of(), List.of(), 10).isPresent());
    }

    @Test
    public void noComparisonWithAClassTheSwitchQueuedFor() {
        ExperimentClassResult ipv6 = result("ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6, 364, 30, 304, 454);
        ExperimentClassResult apn6 = result("apn6", ExperimentClassRole.FEATURE, LatencyClass.APN6_INSERT, 370, 30,
                                            310, 460);
        assertTrue(FeatureComparisons.of(0, apn6, ipv6, List.of(), List.of(), 10).isPresent());
        String evidence = "mean latency 1.3 send intervals (packets waited behind others)";
        assertFalse(FeatureComparisons.of(0, apn6.toBuilder().queueing(evidence).build(), ipv6, List.of(), List.of(),
                                          10).isPresent());
        assertFalse(FeatureComparisons.of(0, apn6, ipv6.toBuilder().queueing(evidence).build(), List.of(), List.of(),
                                          10).isPresent());
    }
}
