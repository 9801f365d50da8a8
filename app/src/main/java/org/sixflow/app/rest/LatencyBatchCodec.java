// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.LatencyBatch;

/**
 * JSON of a collected latency batch, as the telemetry stream sends it.
 */
public final class LatencyBatchCodec extends JsonCodec<LatencyBatch> {

    @Override
    public ObjectNode encode(LatencyBatch batch, CodecContext context) {
        return context.mapper().createObjectNode()
                .put("device", batch.deviceId().toString())
                .put("class", batch.latencyClass().label())
                .put("count", batch.count())
                .put("meanNs", batch.meanNanos())
                .put("time", batch.time().toString());
    }
}
