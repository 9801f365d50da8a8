// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;

import java.util.Arrays;

/**
 * JSON of a stored latency sample; the class by its label.
 */
public final class LatencySampleCodec extends JsonCodec<LatencySample> {

    @Override
    public ObjectNode encode(LatencySample sample, CodecContext context) {
        ObjectNode node = context.mapper().createObjectNode()
                .put("time", sample.time().toString())
                .put("device", sample.deviceId())
                .put("class", label(sample.latencyClass()))
                .put("replica", sample.replica())
                .put("ingressPort", sample.ingressPort())
                .put("egressPort", sample.egressPort())
                .put("sequence", sample.sequence())
                .put("deltaNs", sample.deltaNanos());
        if (sample.ingressTimestampNanos().isPresent()) {
            node.put("ingressTimestampNs", sample.ingressTimestampNanos().getAsLong());
        } else {
            node.putNull("ingressTimestampNs");
        }
        return node;
    }

    // A code the data plane may send before Java knows its class still shows, as its number.
    private static String label(int code) {
        return Arrays.stream(LatencyClass.values()).filter(c -> c.code() == code).findFirst()
                .map(LatencyClass::label).orElse(Integer.toString(code));
    }
}
