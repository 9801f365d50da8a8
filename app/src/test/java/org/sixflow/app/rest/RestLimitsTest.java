// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonObject;
import org.junit.Test;
import org.sixflow.app.testing.RawHttp;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The real resources refuse hostile input with a JSON 4xx that names the bound, as the fuzz
 * suite first found them not to: deep JSON, huge lists and names, extreme times and steps.
 */
public class RestLimitsTest extends SixflowRestTest {

    private static final String POLICY = "{\"id\": \"video\", \"name\": \"NAME\", \"priority\": 100,"
            + " \"match\": {\"source\": \"fd00:1:1::/64\"}, \"option\": {\"slaLevel\": 3, \"appId\": 4660,"
            + " \"userId\": 7, \"flowId\": 1}}";
    private static final String TREE = "{\"id\": \"video\", \"source\": \"device:beijing/3\", \"group\": \"ff3e::1\","
            + " \"receivers\": [\"device:guangzhou/3\"], \"mode\": \"TE\"}";

    private HttpResponse<String> send(String method, String path, String body) {
        return RawHttp.send(method, getBaseUri().resolve(path), body == null ? null
                : body.getBytes(StandardCharsets.UTF_8), "Content-Type", "application/json");
    }

    private static JsonObject error(HttpResponse<String> response, int status) {
        assertEquals(response.body(), status, response.statusCode());
        JsonObject json = Json.parse(response.body()).asObject();
        assertEquals(status, json.getInt("code", 0));
        return json;
    }

    private static String nested(int depth) {
        return "{\"a\":".repeat(depth - 1) + "{}" + "}".repeat(depth - 1);
    }

    @Test
    public void deeplyNestedBodiesAre400OnEveryEndpointThatReadsOne() {
        String deep = nested(5_000);
        for (String[] write : new String[][]{{"POST", "trees"}, {"PUT", "trees/video/receivers"},
                {"POST", "policies"}, {"POST", "policies/validate"}, {"PUT", "policies/video"}}) {
            assertTrue(write[1], error(send(write[0], write[1], deep), 400).getString("message", "")
                    .contains("nests deeper than 32 levels"));
        }
    }

    @Test
    public void hugeListsAndNamesAreRefusedBeforeValidation() {
        StringBuilder ports = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            ports.append(i == 0 ? "" : ",").append("\"device:beijing/").append(i % 60_000 + 1).append('"');
        }
        String manyPorts = POLICY.replace("\"source\": \"fd00:1:1::/64\"", "\"ingressPorts\": [" + ports + "]");
        error(send("POST", "policies/validate", manyPorts), 413);
        String thousands = POLICY.replace("\"source\": \"fd00:1:1::/64\"",
                                          "\"ingressPorts\": [" + ports.substring(0, ports.indexOf("/2000\"")) + "]");
        assertTrue(error(send("POST", "policies/validate", thousands), 400).getString("message", "")
                           .contains("has more than 1024 items"));
        error(send("POST", "policies", POLICY.replace("NAME", "n".repeat(10 * 1024 * 1024))), 413);
        assertTrue(error(send("POST", "policies", POLICY.replace("NAME", "n".repeat(101))), 400)
                           .getString("message", "").contains("longer than 100 characters"));
        assertEquals(0, policies.manager.policies().size());
    }

    @Test
    public void idsInUseAre409() {
        assertEquals(201, send("POST", "policies", POLICY).statusCode());
        assertEquals("policy id video is in use", error(send("POST", "policies", POLICY), 409)
                .getString("message", ""));
        assertEquals(201, send("POST", "trees", TREE).statusCode());
        assertEquals("tree id video is in use", error(send("POST", "trees", TREE.replace("ff3e::1", "ff3e::2")), 409)
                .getString("message", ""));
    }

    @Test
    public void extremeTimesAndStepsAre400NotDatabaseErrors() {
        String device = "device=device:beijing&class=ipv6";
        for (String query : new String[]{
                "telemetry/samples?" + device + "&to=-1000000000-01-01T00:00:00Z",
                "telemetry/samples?" + device + "&from=-1000000000-01-01T00:00:00Z",
                "telemetry/latency?" + device + "&from=%2B1000000000-01-01T00:00:00Z",
                "telemetry/histogram?" + device + "&from=1960-01-01T00:00:00Z",
                "telemetry/replicas?" + device + "&to=%2B10000-01-01T00:00:00Z",
                "telemetry/statistics?device=device:beijing&feature=apn6-insert&to=-1000000000-01-01T00:00:00Z",
                "telemetry/ports/history?device=device:beijing&port=1&from=-1000000000-01-01T00:00:00Z"}) {
            assertTrue(query, error(send("GET", query, null), 400).getString("message", "").contains("must be between"));
        }
        assertTrue(error(send("GET", "telemetry/latency?" + device + "&step=P100000000000D", null), 400)
                           .getString("message", "").contains("step must be 0..3650 days"));
        assertTrue(error(send("GET", "telemetry/ports/history?device=device:beijing&port=1&step=P100000000000D", null),
                         400).getString("message", "").contains("step must be 0..3650 days"));
    }

    @Test
    public void telemetryWithoutItsDatabaseIs503WithRetryAfter() {
        HttpResponse<String> answer = send("GET", "telemetry/samples?device=device:beijing", null);
        assertEquals("History database is not connected; try again later", error(answer, 503)
                .getString("message", ""));
        assertTrue(answer.headers().firstValue("Retry-After").isPresent());
    }

    @Test
    public void theOpenApiDescriptionIsServed() {
        JsonObject doc = Json.parse(send("GET", "openapi.json", null).body()).asObject();
        assertEquals("3.1.0", doc.getString("openapi", ""));
        assertEquals(1024 * 1024, doc.get("info").asObject().get("x-request-limits").asObject()
                .getInt("maxBodyBytes", 0));
    }
}
