// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonObject;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.sixflow.app.rest.SixflowRestTest;
import org.sixflow.app.testing.SmallTables;
import org.sixflow.pipeconf.testing.BundledPipeconfs;
import org.sixflow.pipeconf.testing.PipelineModelChecker;

import javax.ws.rs.client.Entity;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER;

/**
 * /policies over the real APN6 policy manager on the lab network.
 */
public class Apn6PolicyWebResourceTest extends SixflowRestTest {

    private static final PipelineModelChecker CHECKER =
            new PipelineModelChecker(BundledPipeconfs.bmv2().pipelineModel());

    private static final String VIDEO = "{\"id\": \"video\", \"name\": \"video gold\", \"priority\": 100,"
            + " \"match\": {\"source\": \"fd00:1:1::/64\", \"nextHeader\": 17,"
            + " \"destinationPorts\": {\"low\": 5004, \"high\": 5005}},"
            + " \"option\": {\"slaLevel\": 3, \"appId\": 4660, \"userId\": 7, \"flowId\": 1},"
            + " \"slaPriority\": 5, \"stripAtEgress\": true}";

    private Response post(String path, String body) {
        return target().path(path).request().post(Entity.entity(body, MediaType.APPLICATION_JSON));
    }

    private static JsonObject json(Response response) {
        return Json.parse(response.readEntity(String.class)).asObject();
    }

    @Test
    public void createsListsShowsReplacesAndDeletesAPolicy() {
        Response created = post("policies", VIDEO);
        assertEquals(201, created.getStatus());
        JsonObject answer = json(created);
        assertEquals("video", answer.get("policy").asObject().getString("id", null));
        assertEquals(4660, answer.get("policy").asObject().get("option").asObject().getInt("appId", 0));
        assertTrue(answer.get("validation").asObject().getBoolean("valid", false));
        assertEquals(13, answer.get("validation").asObject().getInt("entries", 0));
        policies.awaitEvents();
        assertEquals(13, policies.rules().size());

        JsonObject list = Json.parse(target().path("policies").request().get(String.class)).asObject();
        assertEquals(1, list.get("policies").asArray().size());
        assertEquals("INSTALLED", list.get("policies").asArray().get(0).asObject().getString("state", null));
        assertEquals(null, list.get("policies").asArray().get(0).asObject().get("failure"));
        JsonObject shown = Json.parse(target().path("policies/video").request().get(String.class)).asObject();
        assertEquals(5, shown.get("deviceEntries").asObject().size());
        assertEquals("INSTALLED", shown.getString("state", null));

        Response replaced = target().path("policies/video").request()
                .put(Entity.entity(VIDEO.replace("fd00:1:1::/64", "fd00:1:2::/64"), MediaType.APPLICATION_JSON));
        assertEquals(200, replaced.getStatus());
        assertEquals("fd00:1:2::/64",
                     json(replaced).get("policy").asObject().get("match").asObject().getString("source", null));
        policies.awaitEvents();
        assertEquals(13, policies.rules().size());

        assertEquals(204, target().path("policies/video").request().delete().getStatus());
        policies.awaitEvents();
        assertTrue(policies.rules().isEmpty());
        assertEquals(404, target().path("policies/video").request().get().getStatus());
        assertEquals(404, target().path("policies/video").request().delete().getStatus());
    }

    @Test
    public void anEmptyOrAbsentMatchIsAMatchAllPolicyInstalledAsRealEntries() {
        String all = "{\"id\": \"all\", \"priority\": 10, \"match\": {},"
                + " \"option\": {\"slaLevel\": 1, \"appId\": 2, \"userId\": 3, \"flowId\": 4}}";
        Response created = post("policies", all);
        assertEquals(201, created.getStatus());
        JsonObject answer = json(created);
        JsonObject match = answer.get("policy").asObject().get("match").asObject();
        assertEquals("::/0", match.getString("source", null));
        assertEquals("::/0", match.getString("destination", null));
        assertEquals(0, match.get("ingressPorts").asArray().size());
        assertEquals(8, answer.get("validation").asObject().getInt("entries", 0));
        policies.awaitEvents();
        assertEquals(8, policies.rules().size());
        policies.rules().forEach(rule -> assertEquals(rule.toString(), List.of(), CHECKER.problems(rule)));

        Response same = post("policies", VIDEO.replace("\"priority\": 100", "\"priority\": 10"));
        assertEquals(400, same.getStatus());
        assertTrue(json(same).getString("message", "").contains("overlaps policy all"));

        String noMatch = all.replace("\"all\"", "\"rest\"").replace("\"match\": {},", "")
                .replace("\"priority\": 10", "\"priority\": 5");
        assertEquals(201, post("policies", noMatch).getStatus());
        policies.awaitEvents();
        assertEquals(16, policies.rules().size());
    }

    @Test
    public void validateChecksWithoutInstalling() {
        Response checked = post("policies/validate", VIDEO);
        assertEquals(200, checked.getStatus());
        assertTrue(json(checked).getBoolean("valid", false));
        policies.awaitEvents();
        assertTrue(policies.rules().isEmpty());

        String transit = VIDEO.replace("\"nextHeader\"", "\"ingressPorts\": [\"device:wuhan/1\"], \"nextHeader\"");
        JsonObject result = json(post("policies/validate", transit));
        assertFalse(result.getBoolean("valid", true));
        assertTrue(result.get("problems").toString(), result.get("problems").toString().contains("device:wuhan/1 is a link port"));
        policies.awaitEvents();
        assertTrue(policies.rules().isEmpty());
    }

    @Test
    public void conflictsAndBadBodiesAre400WithTheReasonAndLoseNothing() {
        assertEquals(201, post("policies", VIDEO).getStatus());
        String[][] cases = {
                {"not json", "not valid JSON"},
                {"[1, 2]", "JSON object"},
                {VIDEO.replace("\"video\"", "\"other\""), "overlaps policy video"},
                {VIDEO.replace("fd00:1:1::/64", "10.0.0.0/8"), "match.source"},
                {VIDEO.replace("\"low\": 5004", "\"low\": \"a\""), "match.destinationPorts"},
                {VIDEO.replace("\"high\": 5005", "\"high\": 70000"), "match.destinationPorts"},
                {VIDEO.replace("\"appId\": 4660", "\"appId\": -1"), "appId"},
                {VIDEO.replace("\"appId\": 4660", "\"appId\": \"x\""), "option.appId"},
                {VIDEO.replace("\"priority\": 100", "\"priority\": \"high\""), "priority"},
                {"{\"id\": \"x\", \"priority\": 1}", "option is required"},
                {VIDEO.replace("\"id\": \"video\",", ""), "id is required"},
        };
        for (String[] c : cases) {
            Response response = post("policies", c[0]);
            assertEquals(c[0], 400, response.getStatus());
            String message = json(response).getString("message", "");
            assertTrue(message + " should mention " + c[1], message.contains(c[1]));
        }
        Response mismatched = target().path("policies/video").request()
                .put(Entity.entity(VIDEO.replace("\"video\"", "\"audio\""), MediaType.APPLICATION_JSON));
        assertEquals(400, mismatched.getStatus());
        policies.awaitEvents();
        assertEquals(13, policies.rules().size());
        assertEquals(1, Json.parse(target().path("policies").request().get(String.class)).asObject()
                .get("policies").asArray().size());
    }

    @Test
    public void everyBadFieldIsNamedInOneAnswerAndAMissingOneReadsAsMissing() {
        String bad = "{\"id\": \"Bad Id\", \"priority\": 0, \"match\": {\"source\": \"banana\","
                + " \"ingressPorts\": [\"device:beijing/3\", 7]}, \"option\": {\"slaLevel\": 3, \"userId\": -1,"
                + " \"flowId\": 1}, \"slaPriority\": 9}";
        Response response = post("policies", bad);
        assertEquals(400, response.getStatus());
        JsonObject error = json(response);
        java.util.Map<String, String> byField = new java.util.LinkedHashMap<>();
        error.get("errors").asArray().forEach(e -> byField.put(e.asObject().getString("field", null),
                                                                e.asObject().getString("message", null)));
        assertEquals(java.util.List.of("id", "priority", "match.source", "match.ingressPorts[1]", "option.appId",
                                       "option.userId", "slaPriority"), java.util.List.copyOf(byField.keySet()));
        assertEquals("option.appId is required (a whole number 0..4294967295)", byField.get("option.appId"));
        assertTrue(byField.get("option.userId"), byField.get("option.userId").contains("not -1"));
        assertTrue(error.getString("message", ""), error.getString("message", "").contains("option.appId is required"));
        assertEquals(0, Json.parse(target().path("policies").request().get(String.class)).asObject()
                .get("policies").asArray().size());
    }

    @Test
    public void aPolicyWhoseEntriesDoNotFitATableIs409AndValidateNamesTheTable() {
        PiPipeconf small = SmallTables.bmv2(Map.of(SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER, 1L));
        policies.pipeconfs.register(small);
        policies.pipeconfs.bindToDevice(small.id(), DeviceId.deviceId("device:beijing"));
        assertEquals(201, post("policies", VIDEO).getStatus());
        policies.awaitEvents();
        String full = "device:beijing table apn6_classifier holds 1 entry, 1 in use, this policy needs 1 more";
        String other = VIDEO.replace("\"video\"", "\"other\"").replace("fd00:1:1::/64", "fd00:1:9::/64");

        JsonObject checked = json(post("policies/validate", other));
        assertFalse(checked.getBoolean("valid", true));
        assertEquals(full, checked.get("conflicts").asArray().get(0).asString());
        Response refused = post("policies", other);
        assertEquals(409, refused.getStatus());
        JsonObject error = json(refused);
        assertEquals(409, error.getInt("code", 0));
        assertEquals(full, error.getString("message", null));
        policies.awaitEvents();
        assertEquals(404, target().path("policies/other").request().get().getStatus());
        assertEquals(13, policies.rules().size());
    }

    @Test
    public void aPolicyADeviceRefusedShowsItsStateAndTheDeviceAndReason() {
        policies.flows.refusing.add(DeviceId.deviceId("device:wuhan"));
        assertEquals(201, post("policies", VIDEO).getStatus());
        policies.awaitEvents();
        JsonObject listed = Json.parse(target().path("policies").request().get(String.class)).asObject()
                .get("policies").asArray().get(0).asObject();
        JsonObject shown = Json.parse(target().path("policies/video").request().get(String.class)).asObject();
        for (JsonObject policy : List.of(listed, shown)) {
            assertEquals("FAILED", policy.getString("state", null));
            JsonObject failure = policy.get("failure").asObject();
            assertEquals("device:wuhan", failure.getString("deviceId", null));
            assertTrue(failure.toString(), failure.getString("reason", "").startsWith("refused 1 entry"));
        }
    }
}
