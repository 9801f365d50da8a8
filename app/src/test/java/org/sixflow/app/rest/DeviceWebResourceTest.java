// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonArray;
import com.eclipsesource.json.JsonObject;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.pipeconf.PipeconfTarget;
import org.sixflow.pipeconf.RecirculationPorts;
import org.sixflow.pipeconf.SixflowPipeconfs;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import javax.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * GET /devices and /devices/{id}/capabilities.
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

    @Test
    public void showsTheCapabilitiesOfADevicesProfile() {
        inventory.pipeconfs.register(BundledPipeconfs.bmv2("gtpu"));
        inventory.devices.addSwitch("device:s1", true);
        inventory.pipeconfs.bindToDevice(SixflowPipeconfs.id("gtpu", PipeconfTarget.BMV2),
                                         DeviceId.deviceId("device:s1"));
        JsonObject json = Json.parse(target().path("devices/device:s1/capabilities").request().get(String.class))
                .asObject();
        assertEquals("org.sixflow.gtpu.bmv2", json.getString("pipeconf", null));
        assertEquals("gtpu", json.getString("profile", null));
        assertEquals("bmv2", json.getString("target", null));
        assertEquals(List.of("GTPU"), strings(json.get("features").asArray()));
        List<String> tables = strings(json.get("tables").asArray());
        assertTrue(tables.toString(), tables.contains("SixflowIngress.gtpu_encap.gtpu_encap"));
        assertFalse(tables.toString(), tables.contains("SixflowIngress.msr6_ingress.msr6_encap"));
        assertEquals(0, json.getInt("maxMsids", -1));
        assertEquals(1000, json.getLong("nanosPerTick", -1));
        assertEquals(RecirculationPorts.BMV2, json.getInt("recirculationPort", -1));
    }

    @Test
    public void capabilitiesOfAnUnknownOrForeignDeviceAreNotFound() {
        Response unknown = target().path("devices/device:nowhere/capabilities").request().get();
        assertEquals(404, unknown.getStatus());
        assertTrue(Json.parse(unknown.readEntity(String.class)).asObject().getString("message", "")
                           .contains("No device device:nowhere"));
        inventory.devices.addSwitch("device:plain", true);
        Response plain = target().path("devices/device:plain/capabilities").request().get();
        assertEquals(404, plain.getStatus());
        assertTrue(Json.parse(plain.readEntity(String.class)).asObject().getString("message", "")
                           .contains("device:plain runs no registered Sixflow pipeconf"));
    }

    private static List<String> strings(JsonArray array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asString()));
        return values;
    }
}
