// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.PacingSummary;

import java.time.Instant;
import java.util.Optional;

/**
 * Runs in JSON (definitions/ExperimentRun.json): state, reason, progress, and once done the
 * pacing and how long the results took after the last packet. Times are ISO-8601; absent ones null.
 */
public final class ExperimentRunCodec extends JsonCodec<ExperimentRun> {

    @Override
    public ObjectNode encode(ExperimentRun run, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode().put("id", run.id())
                .put("experimentId", run.experimentId()).put("state", run.state().name());
        text(json, "reason", run.reason());
        text(json, "node", run.node());
        json.put("createdAt", run.createdAt().toString());
        text(json, "startedAt", run.startedAt().map(Instant::toString));
        text(json, "finishedAt", run.finishedAt().map(Instant::toString));
        json.put("sent", run.sent()).put("total", run.total()).put("progress", run.progress())
                .put("cancelRequested", run.cancelRequested());
        if (run.pacing().isPresent()) {
            pacing(json.putObject("pacing"), run.pacing().get());
        } else {
            json.putNull("pacing");
        }
        JsonNumbers.putNullable(json, "resultsMillis", run.resultsMillis().orElse(null));
        return json;
    }

    static ObjectNode pacing(ObjectNode json, PacingSummary p) {
        json.put("requestedIntervalNanos", p.requestedIntervalNanos()).put("packets", p.packets());
        JsonNumbers.putFinite(json, "meanErrorNanos", p.meanErrorNanos());
        JsonNumbers.putFinite(json, "p99ErrorNanos", p.p99ErrorNanos());
        JsonNumbers.putFinite(json, "maxErrorNanos", p.maxErrorNanos());
        JsonNumbers.putFinite(json, "meanLatenessNanos", p.meanLatenessNanos());
        return JsonNumbers.putFinite(json, "achievedPacketsPerSecond", p.achievedPacketsPerSecond());
    }

    private static void text(ObjectNode json, String name, Optional<String> value) {
        if (value.isPresent()) {
            json.put(name, value.get());
        } else {
            json.putNull(name);
        }
    }
}
