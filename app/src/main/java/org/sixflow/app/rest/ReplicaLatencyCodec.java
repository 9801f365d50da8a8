// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.ReplicaLatency;

import static org.sixflow.app.rest.JsonNumbers.putFinite;

/**
 * JSON of one MSR6 replica's latency; stdevNs is null for a single sample.
 */
public final class ReplicaLatencyCodec extends JsonCodec<ReplicaLatency> {

    @Override
    public ObjectNode encode(ReplicaLatency replica, CodecContext context) {
        ObjectNode node = context.mapper().createObjectNode()
                .put("replica", replica.replica())
                .put("count", replica.count())
                .put("meanNs", replica.meanNanos());
        putFinite(node, "stdevNs", replica.stdevNanos());
        return node.put("minNs", replica.minNanos()).put("maxNs", replica.maxNanos());
    }
}
