// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.features.gtpu.api.GtpuPath;

import java.util.Optional;

/**
 * JSON of a GTP-U path: {"device", "n3Address", "peerAddress", "state" (UNKNOWN, UP, DOWN),
 * "requestsSent", "responses", "missed" (in a row), "lastRequest" and "lastResponse" (ISO-8601, or
 * null), "notEchoed" (why the last round sent it no request, or null when it sent one),
 * "nextRequest" (ISO-8601: when the device's master is next due to send one, as it wrote it; null
 * until a round has visited the path)}.
 */
public final class GtpuPathCodec extends JsonCodec<GtpuPath> {

    @Override
    public ObjectNode encode(GtpuPath path, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode()
                .put("device", path.device().toString()).put("n3Address", path.n3Address().toString())
                .put("peerAddress", path.peerAddress().toString()).put("state", path.state().name())
                .put("requestsSent", path.requestsSent()).put("responses", path.responses())
                .put("missed", path.missed());
        putOrNull(json, "lastRequest", path.lastRequest());
        putOrNull(json, "lastResponse", path.lastResponse());
        putOrNull(json, "notEchoed", path.notEchoed());
        putOrNull(json, "nextRequest", path.nextRequest());
        return json;
    }

    /** Puts the value's text, or null when it is absent. */
    static void putOrNull(ObjectNode json, String field, Optional<?> value) {
        if (value.isPresent()) {
            json.put(field, value.get().toString());
        } else {
            json.putNull(field);
        }
    }
}
