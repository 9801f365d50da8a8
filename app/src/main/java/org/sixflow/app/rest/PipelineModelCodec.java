// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.pi.model.PiCounterModel;
import org.onosproject.net.pi.model.PiMatchFieldModel;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiRegisterModel;

import java.util.Comparator;

/**
 * JSON of a pipeline model: tables with their keys and actions, counters and registers.
 */
public final class PipelineModelCodec extends JsonCodec<PiPipelineModel> {

    @Override
    public ObjectNode encode(PiPipelineModel model, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode();
        ArrayNode tables = json.putArray("tables");
        model.tables().stream().sorted(Comparator.comparing(t -> t.id().id())).forEach(table -> {
            ObjectNode node = tables.addObject()
                    .put("id", table.id().id())
                    .put("maxSize", table.maxSize());
            ArrayNode fields = node.putArray("matchFields");
            for (PiMatchFieldModel field : table.matchFields()) {
                fields.addObject().put("id", field.id().id()).put("bitWidth", field.bitWidth())
                        .put("matchType", field.matchType().name());
            }
            ArrayNode actions = node.putArray("actions");
            table.actions().stream().map(action -> action.id().id()).sorted().forEach(actions::add);
        });
        ArrayNode counters = json.putArray("counters");
        model.counters().stream().sorted(Comparator.comparing(c -> c.id().id())).forEach(
                (PiCounterModel counter) -> counters.addObject().put("id", counter.id().id())
                        .put("size", counter.size()).put("unit", counter.unit().name()));
        ArrayNode registers = json.putArray("registers");
        model.registers().stream().sorted(Comparator.comparing(r -> r.id().id())).forEach(
                (PiRegisterModel register) -> registers.addObject().put("id", register.id().id())
                        .put("size", register.size()));
        return json;
    }

}
