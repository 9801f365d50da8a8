// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.sixflow.app.api.PipeconfInfo;

import java.util.Locale;

/**
 * JSON summary of a pipeconf: what it is, what it carries, and which devices run it.
 */
public final class PipeconfInfoCodec extends JsonCodec<PipeconfInfo> {

    @Override
    public ObjectNode encode(PipeconfInfo info, CodecContext context) {
        PiPipelineModel model = info.model();
        ObjectNode json = context.mapper().createObjectNode()
                .put("id", info.id())
                .put("target", info.target().name().toLowerCase(Locale.ROOT))
                .put("architecture", model.architecture().orElse(null))
                .put("tables", model.tables().size())
                .put("actions", model.tables().stream().mapToInt(t -> t.actions().size()).sum())
                .put("counters", model.counters().size())
                .put("registers", model.registers().size());
        ArrayNode extensions = json.putArray("extensions");
        info.extensions().forEach(type -> extensions.add(type.name()));
        ArrayNode devices = json.putArray("devices");
        info.devices().stream().map(Object::toString).sorted().forEach(devices::add);
        return json;
    }
}
