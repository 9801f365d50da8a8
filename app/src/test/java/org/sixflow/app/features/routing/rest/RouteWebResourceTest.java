// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonArray;
import com.eclipsesource.json.JsonObject;
import com.eclipsesource.json.JsonValue;
import org.junit.Test;
import org.onlab.osgi.TestServiceDirectory;
import org.sixflow.app.features.routing.api.RoutingService;
import org.sixflow.app.features.routing.impl.RoutingManagerFixture;
import org.sixflow.app.rest.SixflowRestTest;

import javax.ws.rs.core.Response;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * GET /routes over the real routing manager on the lab network.
 */
public class RouteWebResourceTest extends SixflowRestTest {

    private RoutingManagerFixture routing;

    @Override
    protected void addServices(TestServiceDirectory directory) {
        routing = new RoutingManagerFixture();
        directory.add(RoutingService.class, routing.manager);
    }

    private Response get(String device) {
        return device == null ? target().path("routes").request().get()
                : target().path("routes").queryParam("device", device).request().get();
    }

    private static JsonArray routes(Response response) {
        String body = response.readEntity(String.class);
        assertEquals(body, 200, response.getStatus());
        return Json.parse(body).asObject().get("routes").asArray();
    }

    @Test
    public void listsEveryDevicesRoutesInCamelCase() {
        JsonArray routes = routes(get(null));
        assertEquals(routing.manager.routes().size(), routes.size());
        assertEquals("five devices, 24 entries", 24, routes.size());
        JsonObject first = routes.get(0).asObject();
        assertEquals(Set.of("device", "prefix", "kind", "port", "nextHopMac", "nextHops", "state"),
                     Set.copyOf(first.names()));
        assertEquals("device:beijing", first.getString("device", null));
        assertEquals("fd00:1:1::10/128", first.getString("prefix", null));
        assertEquals("HOST", first.getString("kind", null));
        assertEquals(3, first.getInt("port", 0));
        assertEquals("00:00:00:00:01:10", first.getString("nextHopMac", "").toLowerCase());
        assertEquals("INSTALLED", first.getString("state", null));
        assertEquals(1, first.get("nextHops").asArray().size());
        // Wuhan to shanghai's subnet: two equal-cost next hops, the first being port/nextHopMac.
        JsonObject ecmp = routes.values().stream().map(JsonValue::asObject)
                .filter(r -> "device:wuhan".equals(r.getString("device", null))
                        && "fd00:1:4::/64".equals(r.getString("prefix", null))).findFirst().orElseThrow();
        JsonArray hops = ecmp.get("nextHops").asArray();
        assertEquals(2, hops.size());
        assertEquals(2, hops.get(0).asObject().getInt("port", 0));
        assertEquals("00:aa:00:00:00:03", hops.get(0).asObject().getString("nextHopMac", "").toLowerCase());
        assertEquals(3, hops.get(1).asObject().getInt("port", 0));
        assertEquals("00:aa:00:00:00:05", hops.get(1).asObject().getString("nextHopMac", "").toLowerCase());
        assertEquals(2, ecmp.getInt("port", 0));
    }

    @Test
    public void filtersByDevice() {
        JsonArray routes = routes(get("device:wuhan"));
        List<String> prefixes = routes.values().stream().map(JsonValue::asObject)
                .peek(r -> assertEquals("device:wuhan", r.getString("device", null)))
                .map(r -> r.getString("prefix", null)).collect(Collectors.toList());
        assertEquals(List.of("fd00:1:1::/64", "fd00:1:3::/64", "fd00:1:4::/64", "fd00:1:5::/64"), prefixes);
        JsonObject shanghai = routes.get(2).asObject();
        assertEquals("SUBNET", shanghai.getString("kind", null));
        assertEquals(2, shanghai.getInt("port", 0));
        assertEquals("00:aa:00:00:00:03", shanghai.getString("nextHopMac", "").toLowerCase());
    }

    @Test
    public void followsTheNetwork() {
        routing.lab.fail("device:nanjing/3", "device:shanghai/1");
        JsonObject shanghai = routes(get("device:wuhan")).get(2).asObject();
        assertEquals("fd00:1:4::/64", shanghai.getString("prefix", null));
        assertEquals(3, shanghai.getInt("port", 0));
    }

    @Test
    public void aBadDeviceIsA400NamingIt() {
        assertError(get("device:lhasa"), "device:lhasa");
        assertError(get("device lhasa"), "device \"device lhasa\"");
    }

    private static void assertError(Response response, String named) {
        String body = response.readEntity(String.class);
        assertEquals(body, 400, response.getStatus());
        JsonObject json = Json.parse(body).asObject();
        assertEquals(400, json.getInt("code", 0));
        assertTrue(body, json.getString("message", "").contains(named));
    }
}
