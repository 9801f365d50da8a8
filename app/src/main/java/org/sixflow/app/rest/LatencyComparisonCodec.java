// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencyComparison;
import org.sixflow.app.api.LatencySummary;
import org.sixflow.app.api.OverheadSummary;

import static org.sixflow.app.rest.JsonNumbers.putFinite;

/**
 * JSON of a feature-versus-baseline comparison, with the studies' figures. A sample is called
 * normal when the KS test does not reject normality at {@link #NORMALITY_ALPHA}.
 */
public final class LatencyComparisonCodec extends JsonCodec<LatencyComparison> {

    /** Significance level of the normality verdict. */
    public static final double NORMALITY_ALPHA = 0.05;

    @Override
    public ObjectNode encode(LatencyComparison comparison, CodecContext context) {
        ObjectNode node = context.mapper().createObjectNode();
        node.set("feature", classStatistics(context, comparison.feature(), comparison.featureStatistics()));
        node.set("baseline", classStatistics(context, comparison.baseline(), comparison.baselineStatistics()));
        OverheadSummary o = comparison.overhead();
        ObjectNode overhead = node.putObject("overhead");
        putFinite(overhead, "meanRatio", o.meanRatio());
        putFinite(overhead, "kMean", o.kMean());
        putFinite(overhead, "kStdev", o.kStdev());
        ArrayNode probabilities = overhead.putArray("probabilities");
        o.probabilities().forEach((threshold, probability) -> putFinite(
                probabilities.addObject().put("threshold", threshold), "probability", probability));
        if (comparison.stability().isPresent()) {
            LatencyComparison.Stability s = comparison.stability().get();
            ObjectNode stability = node.putObject("stability").put("pairs", s.pairs());
            putFinite(stability, "mean", s.mean());
            putFinite(stability, "max", s.max());
        } else {
            node.putNull("stability");
        }
        return node.put("sampleLimit", comparison.sampleLimit()).put("sampled", comparison.sampled());
    }

    private static ObjectNode classStatistics(CodecContext context, LatencyClass latencyClass, LatencySummary s) {
        ObjectNode node = context.mapper().createObjectNode()
                .put("class", latencyClass.label())
                .put("count", s.count());
        putFinite(node, "meanNs", s.mean());
        putFinite(node, "stdevNs", s.stdev());
        putFinite(node, "minNs", s.min());
        putFinite(node, "maxNs", s.max());
        putFinite(node, "rangeNs", s.range());
        putFinite(node, "p50Ns", s.p50());
        putFinite(node, "p90Ns", s.p90());
        putFinite(node, "p99Ns", s.p99());
        ObjectNode ks = node.putObject("ks");
        putFinite(ks, "statistic", s.ksStatistic());
        putFinite(ks, "pValue", s.ksPValue());
        ks.put("normal", Double.isFinite(s.ksPValue()) && s.ksPValue() >= NORMALITY_ALPHA);
        return node;
    }
}
