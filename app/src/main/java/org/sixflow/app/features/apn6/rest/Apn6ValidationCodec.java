// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.features.apn6.api.Apn6Validation;

/**
 * JSON of a policy check: {"valid", "problems", "conflicts", "warnings", "entries"}.
 */
public final class Apn6ValidationCodec extends JsonCodec<Apn6Validation> {

    @Override
    public ObjectNode encode(Apn6Validation v, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode().put("valid", v.valid()).put("entries", v.entries());
        ArrayNode problems = json.putArray("problems");
        v.problems().forEach(problems::add);
        ArrayNode conflicts = json.putArray("conflicts");
        v.conflicts().forEach(conflicts::add);
        ArrayNode warnings = json.putArray("warnings");
        v.warnings().forEach(warnings::add);
        return json;
    }
}
