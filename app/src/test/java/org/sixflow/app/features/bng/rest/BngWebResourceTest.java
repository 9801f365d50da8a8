// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonObject;
import org.junit.Test;
import org.onlab.osgi.TestServiceDirectory;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.features.bng.api.BngService;
import org.sixflow.app.features.bng.api.FakeBngService;
import org.sixflow.app.rest.SixflowRestTest;

import javax.ws.rs.client.Entity;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * /bng/lines, /bng/sessions, /bng/config over a BNG service with one up and one ended session.
 */
public class BngWebResourceTest extends SixflowRestTest {

    private FakeBngService bng;

    @Override
    protected void addServices(TestServiceDirectory directory) {
        bng = new FakeBngService();
        directory.add(BngService.class, bng);
    }

    private JsonObject get(String path) {
        return Json.parse(target().path(path).request().get(String.class)).asObject();
    }

    @Test
    public void listsLinesWithTheirDrops() {
        JsonObject json = get("bng/lines");
        JsonObject line = json.get("lines").asArray().get(0).asObject();
        assertEquals("device:bng/1/100/11", line.getString("name", null));
        assertEquals("device:bng/1", line.getString("port", null));
        assertEquals(100, line.getInt("sTag", 0));
        assertEquals(11, line.getInt("cTag", 0));
        assertEquals(2, line.getInt("lineId", 0));
        assertEquals(17, line.getInt("controlFrames", 0));
        assertEquals("2023-11-14T22:13:20Z", line.getString("lastSeen", null));
        JsonObject unmetered = line.get("meter").asObject();
        assertTrue(unmetered.get("upstream").isNull() && unmetered.get("downstream").isNull());
        JsonObject metered = json.get("lines").asArray().get(1).asObject().get("meter").asObject();
        JsonObject up = metered.get("upstream").asObject();
        assertEquals(1000, up.getInt("cirKbps", 0));
        assertEquals(3000, up.getInt("cbsBytes", 0));
        assertEquals(2000, up.getInt("pirKbps", 0));
        assertEquals(6000, up.getInt("pbsBytes", 0));
        assertTrue(metered.get("downstream").isNull());
        assertEquals(2, json.get("dropped").asObject().getInt("malformed", 0));
    }

    @Test
    public void listsAndShowsSessionsWithCounters() {
        JsonObject list = get("bng/sessions");
        assertEquals(2, list.get("sessions").asArray().size());
        JsonObject up = get("bng/sessions/7");
        assertEquals(7, up.getInt("id", 0));
        assertEquals(1, up.getInt("sessionId", 0));
        assertEquals("UP", up.getString("state", null));
        assertEquals("bob@sixflow", up.getString("user", null));
        assertEquals("10.33.0.10", up.getString("ipv4", null));
        assertEquals("fd33::2:0:0:10:2", up.getString("ipv6", null));
        assertEquals("fd33:0:0:2::/64", up.getString("ipv6Prefix", null));
        assertEquals("52:54:00:5F:00:01", up.getString("subscriberMac", null));
        assertEquals("device:bng/1/100/11", up.get("line").asObject().getString("name", null));
        assertEquals("INSTALLED", up.get("install").asObject().getString("state", null));
        JsonObject rx = up.get("counters").asObject().get("UPSTREAM_RX").asObject();
        assertEquals(5, rx.getInt("packets", 0));
        assertEquals(600, rx.getInt("bytes", 0));
        JsonObject ended = get("bng/sessions/8");
        assertEquals("ENDED", ended.getString("state", null));
        assertEquals("PAP Authenticate-Nak from the server", ended.getString("endReason", null));
        assertEquals(null, ended.get("ipv4"));
        assertTrue(ended.get("counters").asObject().isEmpty());
    }

    @Test
    public void unknownIsA404AndABadIdA400() {
        assertEquals(404, target().path("bng/sessions/9").request().get().getStatus());
        for (String id : new String[]{"x", "-1", "1234567890123456789"}) {
            Response bad = target().path("bng/sessions/" + id).request().get();
            assertEquals(id, 400, bad.getStatus());
            JsonObject error = Json.parse(bad.readEntity(String.class)).asObject();
            assertEquals("id", error.get("errors").asArray().get(0).asObject().getString("field", null));
        }
    }

    @Test
    public void deleteCutsASessionGoing() {
        assertEquals(204, target().path("bng/sessions/7").request().delete().getStatus());
        assertEquals(404, target().path("bng/sessions/8").request().delete().getStatus());
        assertEquals(404, target().path("bng/sessions/9").request().delete().getStatus());
        assertEquals(400, target().path("bng/sessions/seven").request().delete().getStatus());
        assertEquals(List.of(7L, 8L, 9L), bng.cuts);
    }

    @Test
    public void configIsShownAndReplacedAndBadFieldsAreNamed() {
        JsonObject none = get("bng/config");
        assertTrue(none.get("server").isNull());
        assertEquals(30, none.getInt("echoIntervalSeconds", 0));
        String body = "{\"server\": \"device:bng/2\", \"echoIntervalSeconds\": 10, \"echoMisses\": 3,"
                + " \"linePrefixes\": [{\"sTag\": 100, \"cTag\": 10, \"prefix\": \"fd33:0:0:1::/64\"}]}";
        Response put = target().path("bng/config").request().put(Entity.entity(body, MediaType.APPLICATION_JSON));
        assertEquals(200, put.getStatus());
        assertEquals(ConnectPoint.deviceConnectPoint("device:bng/2"), bng.config.server().get());
        assertEquals(10, get("bng/config").getInt("echoIntervalSeconds", 0));

        Response bad = target().path("bng/config").request().put(Entity.entity(
                "{\"echoMisses\": 0, \"prefixPool\": \"fd33::/8\", \"extra\": true}", MediaType.APPLICATION_JSON));
        assertEquals(400, bad.getStatus());
        JsonObject error = Json.parse(bad.readEntity(String.class)).asObject();
        List<String> fields = new java.util.ArrayList<>();
        error.get("errors").asArray().forEach(e -> fields.add(e.asObject().getString("field", null)));
        assertEquals(List.of("extra", "server", "echoMisses", "prefixPool"), fields);
        assertEquals("unchanged", 10, bng.config.echoIntervalSeconds());
        assertEquals(400, target().path("bng/config").request().put(Entity.entity("[1]", MediaType.APPLICATION_JSON))
                .getStatus());
    }
}
