// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonObject;
import org.junit.Test;
import org.sixflow.app.api.DatabaseHealth;
import org.sixflow.app.api.QuarantineStatus;
import org.sixflow.app.api.RetentionStatus;

import java.time.Instant;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * GET /health.
 */
public class HealthWebResourceTest extends SixflowRestTest {

    @Test
    public void reportsDisabledDatabaseWithAHint() {
        JsonObject json = Json.parse(target().path("health").request().get(String.class)).asObject();
        JsonObject database = json.get("database").asObject();
        assertEquals("DISABLED", database.getString("status", null));
        assertTrue(database.getString("message", "").contains("netcfg"));
        assertEquals(0, json.getInt("devices", -1));
    }

    @Test
    public void reportsDownDatabaseWithReason() {
        history.setHealth(DatabaseHealth.down("jdbc:postgresql://db:5432/sixflow", "Connection refused"));
        inventory.devices.addSwitch("device:nanjing", true);
        JsonObject json = Json.parse(target().path("health").request().get(String.class)).asObject();
        JsonObject database = json.get("database").asObject();
        assertEquals("DOWN", database.getString("status", null));
        assertEquals("jdbc:postgresql://db:5432/sixflow", database.getString("url", null));
        assertEquals("Connection refused", database.getString("message", null));
        assertEquals(1, json.getInt("devices", -1));
        assertTrue(database.get("retention").isNull());
        assertTrue(database.get("quarantine").isNull());
    }

    @Test
    public void reportsTheRowsTheDatabaseRefused() {
        history.setHealth(DatabaseHealth.up("jdbc:postgresql://db:5432/sixflow", "7").withQuarantine(
                QuarantineStatus.of(3, Instant.parse("2026-11-23T10:00:01Z"),
                                    "sixflow.latency_samples (sampled_at, ...): ERROR: value too long")));
        JsonObject quarantine = Json.parse(target().path("health").request().get(String.class)).asObject()
                .get("database").asObject().get("quarantine").asObject();
        assertEquals(3, quarantine.getLong("rows", -1));
        assertEquals("2026-11-23T10:00:01Z", quarantine.getString("lastQuarantined", null));
        assertTrue(quarantine.getString("lastReason", "").contains("value too long"));
    }

    @Test
    public void reportsWhatThePartitionMaintenanceDid() {
        history.setHealth(DatabaseHealth.up("jdbc:postgresql://db:5432/sixflow", "6").withRetention(
                RetentionStatus.of(30, Instant.parse("2026-11-23T10:00:00Z"), 32, 36, 4, 120, 7,
                                   "sixflow.port_counters: canceling statement due to lock timeout")));
        JsonObject database = Json.parse(target().path("health").request().get(String.class)).asObject()
                .get("database").asObject();
        assertEquals("UP", database.getString("status", null));
        JsonObject retention = database.get("retention").asObject();
        assertEquals(30, retention.getInt("retentionDays", -1));
        assertEquals("2026-11-23T10:00:00Z", retention.getString("lastRun", null));
        assertEquals(32, retention.getInt("partitions", -1));
        assertEquals(36, retention.getLong("partitionsCreated", -1));
        assertEquals(4, retention.getLong("partitionsDropped", -1));
        assertEquals(120, retention.getLong("rowsMoved", -1));
        assertEquals(7, retention.getLong("rowsExpired", -1));
        assertTrue(retention.getString("error", "").contains("lock timeout"));
    }
}
