// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.RunComparison;

/**
 * Two runs compared, in JSON: {"runA", "runB", "rows": [{"cellIndex", "className", "countA",
 * "countB", "meanA", "meanB", "difference", "ratio", "pValue"}], "tables": [{"id", "title",
 * "columns", "rows"}]}, latencies in nanoseconds; tables as a study compares two runs (the PPPoE
 * study's by number of packets), empty when the runs' classes get none.
 */
public final class RunComparisonCodec extends JsonCodec<RunComparison> {

    @Override
    public ObjectNode encode(RunComparison c, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode().put("runA", c.runA()).put("runB", c.runB());
        ArrayNode rows = json.putArray("rows");
        for (RunComparison.Row r : c.rows()) {
            ObjectNode row = rows.addObject().put("cellIndex", r.cellIndex()).put("className", r.className())
                    .put("countA", r.countA()).put("countB", r.countB());
            JsonNumbers.putFinite(row, "meanA", r.meanA());
            JsonNumbers.putFinite(row, "meanB", r.meanB());
            JsonNumbers.putFinite(row, "difference", r.difference());
            JsonNumbers.putFinite(row, "ratio", r.ratio());
            JsonNumbers.putFinite(row, "pValue", r.pValue());
        }
        ArrayNode tables = json.putArray("tables");
        c.tables().forEach(t -> ExperimentResultsCodec.table(tables.addObject(), t));
        return json;
    }
}
