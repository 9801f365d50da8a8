// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonArray;
import com.eclipsesource.json.JsonObject;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.app.config.SixflowDeviceConfig;

import java.io.InputStream;
import java.util.Iterator;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * GET /topology: devices with their role and the links of the lab network.
 */
public class TopologyWebResourceTest extends SixflowRestTest {

    private JsonObject topology() {
        return Json.parse(target().path("topology").request().get(String.class)).asObject();
    }

    @Test
    public void listsDevicesWithRolesAndEveryLinkDirection() {
        inventory.devices.addSwitch("device:wuhan", true);
        inventory.devices.addSwitch("device:beijing", true);
        inventory.netcfg.applyConfig(DeviceId.deviceId("device:beijing"), SixflowDeviceConfig.class,
                                     inventory.netcfg.json("{\"role\": \"EDGE\", \"locator\": \"fd00:1:1::/64\", "
                                                                   + "\"myStationMac\": \"00:aa:00:00:00:01\"}"));
        JsonObject topology = topology();
        JsonArray devices = topology.get("devices").asArray();
        assertEquals(2, devices.size());
        assertEquals("device:beijing", devices.get(0).asObject().getString("id", null));
        assertEquals("EDGE", devices.get(0).asObject().getString("role", null));
        JsonArray links = topology.get("links").asArray();
        assertEquals("six lab links, both directions", 12, links.size());
        JsonObject first = links.get(0).asObject();
        assertEquals("device:beijing/1", first.getString("src", null));
        assertEquals("device:wuhan/1", first.getString("dst", null));
        assertEquals("ACTIVE", first.getString("state", null));
    }

    @Test
    public void aFailedLinkLeavesTheTopology() {
        trees.lab.fail("device:nanjing/3", "device:shanghai/1");
        String links = topology().get("links").toString();
        assertEquals(10, topology().get("links").asArray().size());
        assertTrue(links, !links.contains("device:nanjing/3"));
    }

    @Test
    public void schemaNamesWhatTheResourceWrites() throws Exception {
        JsonNode schema;
        try (InputStream in = getClass().getResourceAsStream("/definitions/NetworkTopology.json")) {
            schema = new ObjectMapper().readTree(in);
        }
        inventory.devices.addSwitch("device:beijing", true);
        JsonNode written = new ObjectMapper().readTree(target().path("topology").request().get(String.class));
        Iterator<String> names = schema.path("properties").fieldNames();
        while (names.hasNext()) {
            assertTrue(written.has(names.next()));
        }
        for (String section : new String[]{"devices", "links"}) {
            Iterator<String> fields = schema.path("properties").path(section).path("items").path("properties")
                    .fieldNames();
            while (fields.hasNext()) {
                String field = fields.next();
                assertTrue(section + "." + field, written.path(section).get(0).has(field));
            }
        }
    }
}
