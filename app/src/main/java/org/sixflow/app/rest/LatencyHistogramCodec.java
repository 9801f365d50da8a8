// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.LatencyHistogram;

/**
 * JSON of a latency histogram: buckets + 1 edges and buckets counts.
 */
public final class LatencyHistogramCodec extends JsonCodec<LatencyHistogram> {

    @Override
    public ObjectNode encode(LatencyHistogram histogram, CodecContext context) {
        ObjectNode node = context.mapper().createObjectNode().put("count", histogram.count());
        ArrayNode edges = node.putArray("edgesNs");
        for (double edge : histogram.edgesNanos()) {
            edges.add(edge);
        }
        ArrayNode counts = node.putArray("counts");
        for (long count : histogram.counts()) {
            counts.add(count);
        }
        return node;
    }
}
