// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.features.bng.api.BngLine;
import org.sixflow.app.features.bng.api.BngMeterJson;

import java.time.Instant;

/**
 * JSON of a subscriber line: {"name", "port": "device/port", "sTag", "cTag" (0: none),
 * "lineId" (the data plane's, 0 until its line map has it), "controlFrames", "lastSeen",
 * "meter": {"upstream", "downstream"}} (each direction {cirKbps, cbsBytes, pirKbps, pbsBytes}, or
 * null for unmetered: the configuration's meter of the line, written while it has a session).
 */
public final class BngLineCodec extends JsonCodec<BngLine> {

    @Override
    public ObjectNode encode(BngLine line, CodecContext context) {
        return context.mapper().createObjectNode().put("name", line.name()).put("port", line.port().toString())
                .put("sTag", line.sVid()).put("cTag", line.cVid()).put("lineId", line.lineId())
                .put("controlFrames", line.controlFrames())
                .put("lastSeen", Instant.ofEpochMilli(line.lastSeenMillis()).toString())
                .set("meter", BngMeterJson.write(line.meter(), context.mapper()));
    }
}
