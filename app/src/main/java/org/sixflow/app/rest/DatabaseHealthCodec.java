// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.DatabaseHealth;
import org.sixflow.app.api.QuarantineStatus;
import org.sixflow.app.api.RetentionStatus;

/**
 * JSON of the history database's health: status, where, schema version, why it is down, what the
 * partition maintenance did (retention) and what rows PostgreSQL refused (quarantine), the last
 * two null until known.
 */
public final class DatabaseHealthCodec extends JsonCodec<DatabaseHealth> {

    @Override
    public ObjectNode encode(DatabaseHealth health, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode()
                .put("status", health.status().name())
                .put("url", health.url().orElse(null))
                .put("schemaVersion", health.schemaVersion().orElse(null))
                .put("message", health.message().orElse(null));
        if (health.retention().isPresent()) {
            json.set("retention", encode(health.retention().get(), context));
        } else {
            json.putNull("retention");
        }
        if (health.quarantine().isPresent()) {
            json.set("quarantine", encode(health.quarantine().get(), context));
        } else {
            json.putNull("quarantine");
        }
        return json;
    }

    private static ObjectNode encode(QuarantineStatus quarantine, CodecContext context) {
        return context.mapper().createObjectNode()
                .put("rows", quarantine.rows())
                .put("lastQuarantined", quarantine.lastQuarantined().map(Object::toString).orElse(null))
                .put("lastReason", quarantine.lastReason().orElse(null));
    }

    private static ObjectNode encode(RetentionStatus retention, CodecContext context) {
        return context.mapper().createObjectNode()
                .put("retentionDays", retention.retentionDays())
                .put("lastRun", retention.lastRun().toString())
                .put("partitions", retention.partitions())
                .put("partitionsCreated", retention.partitionsCreated())
                .put("partitionsDropped", retention.partitionsDropped())
                .put("rowsMoved", retention.rowsMoved())
                .put("rowsExpired", retention.rowsExpired())
                .put("error", retention.error().orElse(null));
    }
}
