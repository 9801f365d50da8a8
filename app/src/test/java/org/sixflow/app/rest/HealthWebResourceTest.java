// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonObject;
import org.junit.Test;
import org.sixflow.app.api.DatabaseHealth;

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
    }
}
