// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.features.multihoming.api.StudyRun;

import java.time.Instant;
import java.util.Optional;

/**
 * JSON of a run: {"id", "studyId", "state", "reason", "node", "createdAt", "startedAt",
 * "finishedAt", "cellsTotal", "cellsDone"} (absent times and reason are null).
 */
public final class StudyRunCodec extends JsonCodec<StudyRun> {

    @Override
    public ObjectNode encode(StudyRun run, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode().put("id", run.id()).put("studyId", run.studyId())
                .put("state", run.state().name()).put("reason", run.reason().orElse(null)).put("node", run.node())
                .put("createdAt", run.createdAt().toString());
        time(json, "startedAt", run.startedAt());
        time(json, "finishedAt", run.finishedAt());
        return json.put("cellsTotal", run.cellsTotal()).put("cellsDone", run.cellsDone());
    }

    private static void time(ObjectNode json, String field, Optional<Instant> time) {
        if (time.isPresent()) {
            json.put(field, time.get().toString());
        } else {
            json.putNull(field);
        }
    }
}
