// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.TableOccupancy;

/**
 * JSON of a P4 table's occupancy (a /resources/tables row).
 */
public final class TableOccupancyCodec extends JsonCodec<TableOccupancy> {

    @Override
    public ObjectNode encode(TableOccupancy occupancy, CodecContext context) {
        return context.mapper().createObjectNode()
                .put("device", occupancy.deviceId().toString())
                .put("table", occupancy.table())
                .put("entries", occupancy.entries())
                .put("size", occupancy.size())
                .put("time", occupancy.time().toString());
    }
}
