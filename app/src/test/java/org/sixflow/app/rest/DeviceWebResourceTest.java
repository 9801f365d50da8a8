// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonArray;
import com.eclipsesource.json.JsonObject;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.app.config.SixflowDeviceConfig;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * GET /devices.
 */
public class DeviceWebResourceTest extends SixflowRestTest {

    @Test
    public void listsDevicesWithRoleFromNetcfg() {
        inventory.devices.addSwitch("device:wuhan", false);
        inventory.devices.addSwitch("device:beijing", true);
        inventory.netcfg.applyConfig(DeviceId.deviceId("device:beijing"), SixflowDeviceConfig.class,
                                     inventory.netcfg.json("{\"role\": \"EDGE\", \"locator\": \"fd00:1:1::/64\", "
                                                                   + "\"myStationMac\": \"00:aa:00:00:00:01\"}"));
        JsonArray devices = Json.parse(target().path("devices").request().get(String.class)).asObject()
                .get("devices").asArray();
        assertEquals(2, devices.size());
        JsonObject beijing = devices.get(0).asObject();
        assertEquals("device:beijing", beijing.getString("id", null));
        assertTrue(beijing.getBoolean("available", false));
        assertEquals("EDGE", beijing.getString("role", null));
        assertEquals("fd00:1:1::/64", beijing.getString("locator", null));
        assertEquals("stratum-bmv2", beijing.getString("driver", null));
        JsonObject wuhan = devices.get(1).asObject();
        assertEquals(false, wuhan.getBoolean("available", true));
        assertTrue(wuhan.get("role").isNull());
        assertTrue(wuhan.get("pipeconf").isNull());
    }
}
