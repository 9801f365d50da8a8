// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.HistoryEvent;

/**
 * JSON of a history event; time in ISO-8601 UTC.
 */
public final class HistoryEventCodec extends JsonCodec<HistoryEvent> {

    @Override
    public ObjectNode encode(HistoryEvent event, CodecContext context) {
        return context.mapper().createObjectNode()
                .put("time", event.time().toString())
                .put("kind", event.kind())
                .put("subject", event.subject())
                .put("detail", event.detail());
    }
}
