// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonArray;
import com.eclipsesource.json.JsonObject;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.pipeconf.P4Defines;
import org.sixflow.pipeconf.P4InfoConstants;
import org.sixflow.pipeconf.SixflowPipeconfs;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import javax.ws.rs.NotFoundException;
import javax.ws.rs.client.WebTarget;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * GET /pipeconfs and /pipeconfs/{id}.
 */
public class PipeconfWebResourceTest extends SixflowRestTest {

    private void registerBmv2BoundTo(String device) {
        inventory.pipeconfs.register(BundledPipeconfs.bmv2());
        inventory.devices.addSwitch(device, true);
        inventory.pipeconfs.bindToDevice(SixflowPipeconfs.FULL_BMV2, DeviceId.deviceId(device));
    }

    @Test
    public void listsNothingWhenNothingIsRegistered() {
        JsonObject json = Json.parse(target().path("pipeconfs").request().get(String.class)).asObject();
        assertEquals(0, json.get("pipeconfs").asArray().size());
    }

    @Test
    public void listsTheBmv2PipeconfWithItsDevices() {
        registerBmv2BoundTo("device:beijing");
        JsonArray list = Json.parse(target().path("pipeconfs").request().get(String.class)).asObject()
                .get("pipeconfs").asArray();
        assertEquals(1, list.size());
        JsonObject bmv2 = list.get(0).asObject();
        assertEquals("org.sixflow.full.bmv2", bmv2.getString("id", null));
        assertEquals("bmv2", bmv2.getString("target", null));
        assertEquals("v1model", bmv2.getString("architecture", null));
        assertTrue(bmv2.getInt("tables", 0) >= 2);
        assertEquals("device:beijing", bmv2.get("devices").asArray().get(0).asString());
        assertTrue(bmv2.get("extensions").asArray().values().stream()
                           .anyMatch(v -> v.asString().equals("BMV2_JSON")));
    }

    @Test
    public void showsTablesWithKeysAndActions() {
        registerBmv2BoundTo("device:beijing");
        WebTarget target = target().path("pipeconfs/org.sixflow.full.bmv2");
        JsonObject json = Json.parse(target.request().get(String.class)).asObject();
        JsonObject routing = json.get("tables").asArray().values().stream().map(v -> v.asObject())
                .filter(t -> t.getString("id", "").equals(P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6.id()))
                .findFirst().orElseThrow();
        JsonObject key = routing.get("matchFields").asArray().get(0).asObject();
        assertEquals("ipv6_dst", key.getString("id", null));
        assertEquals(128, key.getInt("bitWidth", 0));
        assertEquals("LPM", key.getString("matchType", null));
        assertTrue(routing.get("actions").toString().contains("set_next_hop"));
        JsonObject drops = json.get("counters").asArray().values().stream().map(v -> v.asObject())
                .filter(c -> c.getString("id", "").equals(P4InfoConstants.SIXFLOW_INGRESS_DROP_COUNTER.id()))
                .findFirst().orElseThrow();
        assertEquals(P4Defines.DROP_REASON_COUNT, drops.getInt("size", 0));
        assertEquals("PACKETS", drops.getString("unit", null));
    }

    @Test
    public void unknownPipeconfIs404WithJsonMessage() {
        try {
            target().path("pipeconfs/org.example.none").request().get(String.class);
            fail("expected 404");
        } catch (NotFoundException e) {
            JsonObject json = Json.parse(e.getResponse().readEntity(String.class)).asObject();
            assertEquals(404, json.getInt("code", 0));
            assertTrue(json.getString("message", "").contains("org.example.none"));
        }
    }
}
