// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.MauReport;
import org.sixflow.app.api.MauResource;
import org.sixflow.app.api.MauStage;

import java.util.List;

/**
 * JSON of the Tofino compiler's MAU report (GET /resources/mau): per stage and in total, each
 * resource's camelCase name with its used and capacity units.
 */
public final class MauReportCodec extends JsonCodec<MauReport> {

    @Override
    public ObjectNode encode(MauReport report, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode()
                .put("pipeconf", report.pipeconf().id())
                .put("compiler", report.compiler())
                .put("stageCount", report.stageCount());
        ArrayNode stages = json.putArray("stages");
        for (MauStage stage : report.stages()) {
            ObjectNode s = stages.addObject().put("stage", stage.stage());
            resources(s.putArray("resources"), stage.resources());
        }
        resources(json.putArray("totals"), report.totals());
        return json;
    }

    private static void resources(ArrayNode array, List<MauResource> resources) {
        for (MauResource r : resources) {
            array.addObject().put("name", r.type().label()).put("used", r.used()).put("capacity", r.capacity());
        }
    }
}
