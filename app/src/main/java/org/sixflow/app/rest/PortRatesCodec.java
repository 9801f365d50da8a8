// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.PortRates;

import static org.sixflow.app.rest.JsonNumbers.putNullable;

/**
 * JSON of a port's rates at one time; a rate that cannot be derived is null.
 */
public final class PortRatesCodec extends JsonCodec<PortRates> {

    @Override
    public ObjectNode encode(PortRates rates, CodecContext context) {
        ObjectNode node = context.mapper().createObjectNode().put("time", rates.time().toString());
        return putRates(node, rates);
    }

    static ObjectNode putRates(ObjectNode node, PortRates rates) {
        putNullable(node, "inPacketsPerSecond", rates == null ? null : rates.inPacketsPerSecond());
        putNullable(node, "outPacketsPerSecond", rates == null ? null : rates.outPacketsPerSecond());
        putNullable(node, "inBitsPerSecond", rates == null ? null : rates.inBitsPerSecond());
        putNullable(node, "outBitsPerSecond", rates == null ? null : rates.outBitsPerSecond());
        return node;
    }
}
