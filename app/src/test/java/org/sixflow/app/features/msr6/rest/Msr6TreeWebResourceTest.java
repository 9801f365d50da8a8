// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonObject;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.sixflow.app.rest.SixflowRestTest;
import org.sixflow.app.testing.SmallTables;

import javax.ws.rs.client.Entity;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP;

/**
 * /trees over the real tree manager on the lab network.
 */
public class Msr6TreeWebResourceTest extends SixflowRestTest {

    private static final String VIDEO = "{\"id\": \"video\", \"source\": \"device:beijing/3\", \"group\": \"ff3e::1\","
            + " \"receivers\": [\"device:nanjing/4\", \"device:shanghai/3\", \"device:guangzhou/3\"],"
            + " \"mode\": \"TE\", \"algorithm\": \"STEINER\"}";

    private Response post(String body) {
        return target().path("trees").request().post(Entity.entity(body, MediaType.APPLICATION_JSON));
    }

    @Test
    public void createsListsShowsAndDeletesATree() {
        Response created = post(VIDEO);
        assertEquals(201, created.getStatus());
        JsonObject tree = Json.parse(created.readEntity(String.class)).asObject();
        assertEquals("video", tree.getString("id", null));
        assertEquals(3, tree.get("msids").asArray().size());
        assertEquals(3, tree.get("links").asArray().size());
        assertEquals("INSTALLED", tree.getString("state", null));
        assertTrue(tree.get("failure").isNull());
        assertTrue(tree.get("entries").asObject().getInt("device:beijing", 0) > 0);

        JsonObject list = Json.parse(target().path("trees").request().get(String.class)).asObject();
        assertEquals(1, list.get("trees").asArray().size());
        assertEquals(1, list.getInt("total", 0));
        assertTrue(list.get("next").isNull());
        JsonObject beyond = Json.parse(target().path("trees").queryParam("offset", 1).request().get(String.class))
                .asObject();
        assertEquals(0, beyond.get("trees").asArray().size());
        assertEquals(1, beyond.getInt("total", 0));
        assertEquals(400, target().path("trees").queryParam("limit", 1001).request().get().getStatus());
        assertEquals(200, target().path("trees/video").request().get().getStatus());
        assertEquals(204, target().path("trees/video").request().delete().getStatus());
        assertEquals(404, target().path("trees/video").request().get().getStatus());
        assertEquals(404, target().path("trees/video").request().delete().getStatus());
    }

    @Test
    public void theListShowsEachTreeAsItsOwnAnswerDoesBeforeAndAfterAChange() {
        assertEquals(201, post(VIDEO).getStatus());
        for (int i = 0; i < 2; i++) {     // the second list answers from the JSON the first encoded
            assertEquals(target().path("trees/video").request().get(String.class),
                         Json.parse(target().path("trees").request().get(String.class)).asObject()
                                 .get("trees").asArray().get(0).toString());
        }
        Response changed = target().path("trees/video/receivers").request()
                .put(javax.ws.rs.client.Entity.json("{\"receivers\": [\"device:nanjing/4\"]}"));
        assertEquals(200, changed.getStatus());
        String listed = Json.parse(target().path("trees").request().get(String.class)).asObject()
                .get("trees").asArray().get(0).toString();
        assertEquals(target().path("trees/video").request().get(String.class), listed);
        assertEquals(1, Json.parse(listed).asObject().get("receivers").asArray().size());
    }

    @Test
    public void limitsNameTheDevicesThatDecapsulateFewerMsidsAndTheIdIsReserved() {
        JsonObject all = Json.parse(target().path("trees/limits").request().get(String.class)).asObject();
        assertEquals(8, all.getInt("maxMsids", 0));
        assertEquals(0, all.get("localDeliveryMaxMsids").asArray().size());
        trees.pipeconfs.bindToDevice(org.sixflow.pipeconf.SixflowPipeconfs.CORE_TOFINO, DeviceId.deviceId("device:nanjing"));
        JsonObject tofino = Json.parse(target().path("trees/limits").request().get(String.class)).asObject();
        JsonObject nanjing = tofino.get("localDeliveryMaxMsids").asArray().get(0).asObject();
        assertEquals("device:nanjing", nanjing.getString("device", null));
        assertEquals(3, nanjing.getInt("maxMsids", 0));
        assertEquals(org.sixflow.app.features.msr6.api.Msr6TreeRequest.RESERVED_ID, limitsPath());
        Response reserved = post(VIDEO.replace("\"video\"", "\"limits\""));
        assertEquals(400, reserved.getStatus());
        assertTrue(reserved.readEntity(String.class).contains("reserved"));
    }

    private static String limitsPath() {
        try {
            return Msr6TreeWebResource.class.getMethod("limits").getAnnotation(javax.ws.rs.Path.class).value();
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    public void aTreeADeviceRefusesIsCreatedFailedWithTheDeviceAndReason() {
        trees.refuseEntries.add(org.onosproject.net.DeviceId.deviceId("device:shanghai"));
        Response created = post(VIDEO);
        assertEquals(201, created.getStatus());
        JsonObject tree = Json.parse(created.readEntity(String.class)).asObject();
        assertEquals("FAILED", tree.getString("state", null));
        JsonObject failure = tree.get("failure").asObject();
        assertEquals("device:shanghai", failure.getString("deviceId", null));
        assertTrue(failure.getString("reason", ""), failure.getString("reason", "").contains("refused"));
        JsonObject listed = Json.parse(target().path("trees").request().get(String.class)).asObject()
                .get("trees").asArray().get(0).asObject();
        assertEquals("FAILED", listed.getString("state", null));
    }

    @Test
    public void aTreeWhoseEntriesDoNotFitATableIs409NamingTheDeviceAndTable() {
        PiPipeconf small = SmallTables.bmv2(Map.of(SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP, 1L));
        trees.pipeconfs.register(small);
        trees.pipeconfs.bindToDevice(small.id(), DeviceId.deviceId("device:beijing"));
        assertEquals(201, post(VIDEO).getStatus());
        Response refused = post(VIDEO.replace("\"video\"", "\"audio\"").replace("ff3e::1", "ff3e:2::1"));
        assertEquals(409, refused.getStatus());
        JsonObject error = Json.parse(refused.readEntity(String.class)).asObject();
        assertEquals(409, error.getInt("code", 0));
        assertEquals("device:beijing table msr6_encap holds 1 entry, 1 in use, this tree needs 1 more",
                     error.getString("message", null));
        assertEquals(404, target().path("trees/audio").request().get().getStatus());
        assertEquals(1, Json.parse(target().path("trees").request().get(String.class)).asObject()
                .get("trees").asArray().size());
    }

    @Test
    public void hostsStandForTheirEdgePort() {
        Response created = post(VIDEO.replace("\"device:guangzhou/3\"", "\"host:00:00:00:00:05:10/None\""));
        assertEquals(201, created.getStatus());
        String receivers = Json.parse(created.readEntity(String.class)).asObject().get("receivers").toString();
        assertTrue(receivers, receivers.contains("device:guangzhou/3"));
    }

    @Test
    public void badRequestsAre400WithTheReason() {
        String[][] cases = {
                {"not json", "not valid JSON"},
                {"{\"id\": \"x\", \"source\": \"device:beijing/3\", \"group\": \"ff3e::1\"}", "receivers"},
                {VIDEO.replace("ff3e::1", "fd00::1"), "not an IPv6 multicast"},
                {VIDEO.replace("ff3e::1", "ff02::1:3"), "link-local scope"},
                {VIDEO.replace("ff3e::1", "banana"), "not an IPv6 address"},
                {VIDEO.replace("\"TE\"", "\"FAST\""), "mode must be one of"},
                {VIDEO.replace("device:guangzhou/3", "device:tokyo/1"), "device:tokyo"},
                {VIDEO.replace("device:beijing/3", "beijing"), "is not a port"},
                {VIDEO.replace("\"device:guangzhou/3\"", "\"host:00:00:00:00:00:99/None\""), "knows no host"},
                {VIDEO.replace("\"mode\"", "\"constraints\": {\"maxHops\": \"two\"}, \"mode\""), "must be a whole number"},
                {VIDEO.replace("\"mode\"", "\"constraints\": {\"maxHops\": 1}, \"mode\""), "maxHops 1 exceeded"},
        };
        for (String[] c : cases) {
            Response response = post(c[0]);
            assertEquals(c[0], 400, response.getStatus());
            String message = Json.parse(response.readEntity(String.class)).asObject().getString("message", "");
            assertTrue(message + " should mention " + c[1], message.contains(c[1]));
        }
    }

    @Test
    public void everyBadFieldIsNamedInOneAnswer() {
        String bad = "{\"source\": \"beijing\", \"group\": \"banana\", \"mode\": \"FAST\","
                + " \"receivers\": [\"device:nanjing/4\", \"nanjing\", \"host:00:00:00:00:00:99/None\", \"device:wuhan/1\"],"
                + " \"constraints\": {\"maxHops\": -1}}";
        Response response = post(bad);
        assertEquals(400, response.getStatus());
        JsonObject error = Json.parse(response.readEntity(String.class)).asObject();
        assertEquals(400, error.getInt("code", 0));
        Map<String, String> byField = new java.util.LinkedHashMap<>();
        error.get("errors").asArray().forEach(e -> byField.put(e.asObject().getString("field", null),
                                                                e.asObject().getString("message", null)));
        assertEquals(List.of("id", "source", "group", "receivers[1]", "receivers[2]", "receivers[3]", "mode",
                             "constraints.maxHops"),
                     List.copyOf(byField.keySet()));
        assertTrue(byField.get("id"), byField.get("id").contains("id is required"));
        assertTrue(byField.get("receivers[2]"), byField.get("receivers[2]").contains("knows no host"));
        assertTrue("a link port is named beside the syntax problems", byField.get("receivers[3]")
                .contains("device:wuhan/1 is a link port (to device:beijing/1)"));
        String message = error.getString("message", "");
        byField.values().forEach(m -> assertTrue(message + " should say " + m, message.contains(m)));
        assertEquals(0, trees.manager.trees().size());
    }

    @Test
    public void portsThatDoNotExistOrCarryALinkAreRefusedNamingEach() {
        Response response = post(VIDEO.replace("\"device:nanjing/4\", \"device:shanghai/3\"",
                                               "\"device:nanjing/99\", \"device:shanghai/1\""));
        assertEquals(400, response.getStatus());
        JsonObject error = Json.parse(response.readEntity(String.class)).asObject();
        List<String> fields = new java.util.ArrayList<>();
        List<String> messages = new java.util.ArrayList<>();
        error.get("errors").asArray().forEach(e -> {
            fields.add(e.asObject().getString("field", null));
            messages.add(e.asObject().getString("message", null));
        });
        assertEquals(List.of("receivers[0]", "receivers[1]"), fields);
        assertTrue(messages.toString(), messages.get(0).startsWith("receivers[0]: device:nanjing/99 is no host-facing port"));
        assertEquals("receivers[1]: device:shanghai/1 is a link port (to device:nanjing/3), not a host-facing port",
                     messages.get(1));
        Response linkSource = post(VIDEO.replace("device:beijing/3", "device:beijing/1"));
        assertEquals(400, linkSource.getStatus());
        assertTrue(Json.parse(linkSource.readEntity(String.class)).asObject().get("errors").asArray().get(0)
                           .asObject().getString("field", "").equals("source"));
        assertEquals(0, trees.manager.trees().size());
        assertEquals(201, post(VIDEO).getStatus());
        Response changed = target().path("trees/video/receivers").request()
                .put(Entity.json("{\"receivers\": [\"device:nanjing/4\", \"device:beijing/77\"]}"));
        assertEquals(400, changed.getStatus());
        assertEquals(3, trees.manager.tree("video").orElseThrow().request().receivers().size());
    }

    @Test
    public void noLimitIsNullInAnswersAndZeroStillMeansNoLimit() {
        Response created = post(VIDEO.replace("\"mode\"", "\"constraints\": {\"maxHops\": 0, \"maxCost\": 0},"
                + " \"mode\""));
        assertEquals(201, created.getStatus());
        JsonObject c = Json.parse(target().path("trees/video").request().get(String.class)).asObject()
                .get("constraints").asObject();
        assertTrue(c.toString(), c.get("maxHops").isNull());
        assertTrue(c.toString(), c.get("maxCost").isNull());
        assertTrue(c.toString(), c.get("minBandwidthMbps").isNull());
        Response limited = post(VIDEO.replace("\"video\"", "\"audio\"").replace("ff3e::1", "ff3e::2")
                .replace("\"mode\"", "\"constraints\": {\"maxHops\": 4}, \"mode\""));
        assertEquals(201, limited.getStatus());
        assertEquals(4, Json.parse(limited.readEntity(String.class)).asObject().get("constraints").asObject()
                .getInt("maxHops", 0));
    }
}
