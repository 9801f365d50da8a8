// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonObject;
import org.junit.After;
import org.junit.Test;
import org.onlab.osgi.TestServiceDirectory;
import org.onosproject.net.pi.model.PiTableId;
import org.sixflow.app.features.nptv6.api.Nptv6MappingService;
import org.sixflow.app.features.nptv6.impl.Nptv6MappingManagerFixture;
import org.sixflow.app.rest.SixflowRestTest;
import org.sixflow.pipeconf.SixflowPipeconfs;

import javax.ws.rs.client.Entity;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.util.Map;

import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * /nptv6/mappings over the real mapping manager on the lab network.
 */
public class Nptv6MappingWebResourceTest extends SixflowRestTest {

    private static final String ISP1 = "{\"id\": \"isp1\", \"internalPrefix\": \"fd01:203:405::/48\","
            + " \"externalPrefix\": \"2001:db8:1::/48\", \"uplink\": \"device:beijing/2\"}";
    private static final String ISP2 = ISP1.replace("isp1", "isp2").replace("2001:db8:1::", "2001:db8:2::")
            .replace("beijing/2", "beijing/3");

    private Nptv6MappingManagerFixture mappings;

    @Override
    protected void addServices(TestServiceDirectory directory) {
        mappings = new Nptv6MappingManagerFixture();
        directory.add(Nptv6MappingService.class, mappings.manager);
    }

    @After
    public void stopStorage() {
        mappings.storage.shutdown();
    }

    private Response post(String body) {
        return target().path("nptv6/mappings").request().post(Entity.entity(body, MediaType.APPLICATION_JSON));
    }

    private static JsonObject json(Response response) {
        return Json.parse(response.readEntity(String.class)).asObject();
    }

    @Test
    public void createsListsShowsAndDeletesAMapping() {
        Response created = post(ISP1);
        assertEquals(201, created.getStatus());
        assertTrue(created.getLocation().toString(), created.getLocation().getPath()
                .endsWith("/nptv6/mappings/isp1"));
        JsonObject mapping = json(created).get("mapping").asObject();
        assertEquals("isp1", mapping.getString("id", null));
        assertEquals("fd01:203:405::/48", mapping.getString("internalPrefix", null));
        assertEquals("2001:db8:1::/48", mapping.getString("externalPrefix", null));
        assertEquals("device:beijing/2", mapping.getString("uplink", null));
        // The owner installs on its own thread: the answer may already carry its outcome.
        assertTrue(mapping.toString(), Set.of("REQUESTED", "INSTALLED").contains(mapping.getString("state", null)));
        mappings.awaitEvents();

        JsonObject list = Json.parse(target().path("nptv6/mappings").request().get(String.class)).asObject();
        assertEquals(1, list.getInt("total", 0));
        assertTrue(list.get("next").isNull());
        JsonObject listed = list.get("mappings").asArray().get(0).asObject();
        assertEquals("INSTALLED", listed.getString("state", null));
        assertEquals(null, listed.get("failure"));

        JsonObject shown = Json.parse(target().path("nptv6/mappings/isp1").request().get(String.class)).asObject();
        assertEquals("INSTALLED", shown.getString("state", null));
        assertEquals(4, shown.get("entries").asArray().size());

        Response again = post(ISP1);
        assertEquals(409, again.getStatus());
        assertEquals("NPTv6 mapping id isp1 is in use", json(again).getString("message", null));
        assertEquals(204, target().path("nptv6/mappings/isp1").request().delete().getStatus());
        mappings.awaitEvents();
        assertTrue(mappings.rules().isEmpty());
        assertEquals(404, target().path("nptv6/mappings/isp1").request().get().getStatus());
        assertEquals(404, target().path("nptv6/mappings/isp1").request().delete().getStatus());
    }

    @Test
    public void badInputIsA400NamingTheField() {
        String[][] cases = {
                {ISP1.replace("fd01:203:405::/48", "fd01:203:405::1/48"), "internalPrefix",
                        "has bits set past its length"},
                {ISP1.replace("\"isp1\"", "7"), "id", "must be a string"},
                {ISP1.replace("{", "{\"color\": 9, "), "color", "unknown field"},
                {ISP1.replace("{", "{\"state\": \"INSTALLED\", "), "state", "unknown field"},
                {ISP1.replace("2001:db8:1::/48", "2001:db8::/32"), "externalPrefix", "differ in length"},
                {ISP1.replace("beijing/2", "beijing/9"), "", "uplink: device:beijing has no port 9"},
                {ISP1.replace("beijing/2", "atlantis/2"), "", "uplink: device:atlantis is not a device ONOS knows"},
                {ISP1.replace("isp1", "x".repeat(65)), "id", "is 65 characters long; at most 64"},
        };
        for (String[] c : cases) {
            Response refused = post(c[0]);
            assertEquals(c[0], 400, refused.getStatus());
            JsonObject error = json(refused);
            assertEquals(400, error.getInt("code", 0));
            assertTrue(error.toString(), error.getString("message", "").contains(c[2]));
            if (!c[1].isEmpty()) {
                assertEquals(error.toString(), c[1],
                             error.get("errors").asArray().get(0).asObject().getString("field", null));
            }
        }
        Response notJson = post("[1, 2]");
        assertEquals(400, notJson.getStatus());
        Response huge = post(ISP1.replace("fd01:203:405::/48", "f".repeat(1_000_000)));
        assertTrue(String.valueOf(huge.getStatus()), huge.getStatus() == 400 || huge.getStatus() == 413);
        assertTrue(mappings.manager.mappings().isEmpty());
    }

    @Test
    public void aDeviceWhoseProfileHasNoNptv6IsA400NamingTheDeviceAndProfile() {
        mappings.pipeconfs.bindToDevice(SixflowPipeconfs.FULL_BMV2, Nptv6MappingManagerFixture.BEIJING);
        Response refused = post(ISP1);
        assertEquals(400, refused.getStatus());
        assertEquals("mapping isp1: uplink: device:beijing runs profile full, which has no NPTV6",
                     json(refused).getString("message", null));
        assertTrue(mappings.manager.mappings().isEmpty());
    }

    @Test
    public void aMappingWhoseEntriesDoNotFitIs409NamingTheTable() {
        mappings.shrinkTables(Map.of(PiTableId.of("SixflowIngress.nptv6_inbound.nptv6_inbound"), 1L));
        assertEquals(201, post(ISP1).getStatus());
        mappings.awaitEvents();
        Response refused = post(ISP2);
        assertEquals(409, refused.getStatus());
        assertEquals("device:beijing table nptv6_inbound holds 1 entry, 1 in use, this mapping needs 1 more",
                     json(refused).getString("message", null));
    }

    @Test
    public void pagesTheListById() {
        for (int i = 3; i >= 1; i--) {
            assertEquals(201, post(ISP1.replace("isp1", "isp" + i).replace("2001:db8:1::", "2001:db8:" + i + "::")
                                           .replace("beijing/2", "beijing/" + i)).getStatus());
        }
        JsonObject page = Json.parse(target().path("nptv6/mappings").queryParam("limit", 2).request()
                                             .get(String.class)).asObject();
        assertEquals(3, page.getInt("total", 0));
        assertEquals(2, page.getInt("next", 0));
        assertEquals("isp1", page.get("mappings").asArray().get(0).asObject().getString("id", null));
        JsonObject last = Json.parse(target().path("nptv6/mappings").queryParam("limit", 2).queryParam("offset", 2)
                                             .request().get(String.class)).asObject();
        assertEquals("isp3", last.get("mappings").asArray().get(0).asObject().getString("id", null));
        assertTrue(last.get("next").isNull());
        assertEquals(400, target().path("nptv6/mappings").queryParam("limit", 0).request().get().getStatus());
    }
}
