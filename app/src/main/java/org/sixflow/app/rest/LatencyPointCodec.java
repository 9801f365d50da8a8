// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.LatencyPoint;

/**
 * JSON of one step of a latency series.
 */
public final class LatencyPointCodec extends JsonCodec<LatencyPoint> {

    @Override
    public ObjectNode encode(LatencyPoint point, CodecContext context) {
        return context.mapper().createObjectNode()
                .put("time", point.time().toString())
                .put("count", point.count())
                .put("meanNs", point.meanNanos())
                .put("minNs", point.minNanos())
                .put("maxNs", point.maxNanos());
    }
}
