// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonObject;
import org.junit.After;
import org.junit.Test;
import org.onlab.osgi.TestServiceDirectory;
import org.onosproject.net.DeviceId;
import org.sixflow.app.features.gtpu.api.GtpuTunnelAdminService;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;
import org.sixflow.app.features.gtpu.impl.GtpuTunnelManagerFixture;
import org.sixflow.app.rest.SixflowRestTest;

import java.util.Map;
import javax.ws.rs.client.Entity;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP;

/**
 * /gtpu/tunnels over the real tunnel manager on the lab network.
 */
public class GtpuTunnelWebResourceTest extends SixflowRestTest {

    private static final String UE1 = "{\"id\": \"ue-1\", \"uePrefixes\": [\"fd00:9:1::/64\"],"
            + " \"n3Address\": \"fd00:1:1::ff:1\", \"peerAddress\": \"fd00:1:4::100\", \"downlinkTeid\": 257,"
            + " \"uplinkTeid\": 1, \"qfi\": 9, \"checksumMode\": \"INCREMENTAL\", \"decapDevice\": \"device:beijing\"}";

    private GtpuTunnelManagerFixture tunnels;

    @Override
    protected void addServices(TestServiceDirectory directory) {
        tunnels = new GtpuTunnelManagerFixture();
        directory.add(GtpuTunnelService.class, tunnels.manager).add(GtpuTunnelAdminService.class, tunnels.manager);
    }

    @After
    public void stopStorage() {
        tunnels.storage.shutdown();
    }

    private Response post(String path, String body) {
        return target().path(path).request().post(Entity.entity(body, MediaType.APPLICATION_JSON));
    }

    private static JsonObject json(Response response) {
        return Json.parse(response.readEntity(String.class)).asObject();
    }

    @Test
    public void createsListsShowsAndDeletesATunnel() {
        Response created = post("gtpu/tunnels", UE1);
        assertEquals(201, created.getStatus());
        JsonObject tunnel = json(created).get("tunnel").asObject();
        assertEquals("ue-1", tunnel.getString("id", null));
        assertEquals(0, tunnel.getInt("counterIndex", -1));
        assertEquals(9, tunnel.getInt("qfi", -1));
        assertEquals("INCREMENTAL", tunnel.getString("checksumMode", null));
        assertEquals("device:beijing", tunnel.get("encapDevices").asArray().get(0).asString());
        tunnels.awaitEvents();

        JsonObject list = Json.parse(target().path("gtpu/tunnels").request().get(String.class)).asObject();
        assertEquals(1, list.getInt("total", 0));
        assertTrue(list.get("next").isNull());
        JsonObject listed = list.get("tunnels").asArray().get(0).asObject();
        assertEquals("INSTALLED", listed.getString("state", null));
        assertEquals(null, listed.get("failure"));
        assertEquals(0, listed.get("counters").asObject().getInt("downlinkPackets", -1));
        assertEquals(0, listed.get("counters").asObject().get("unreadDevices").asArray().size());

        JsonObject shown = Json.parse(target().path("gtpu/tunnels/ue-1").request().get(String.class)).asObject();
        assertEquals(5, shown.get("deviceEntries").asObject().get("device:beijing").asArray().size());

        assertEquals(409, post("gtpu/tunnels", UE1).getStatus());
        assertEquals(204, target().path("gtpu/tunnels/ue-1").request().delete().getStatus());
        assertEquals(404, target().path("gtpu/tunnels/ue-1").request().get().getStatus());
        assertEquals(404, target().path("gtpu/tunnels/ue-1").request().delete().getStatus());
    }

    @Test
    public void badInputIsA400NamingTheField() {
        String[][] cases = {
                {UE1.replace("\"qfi\": 9", "\"qfi\": 64"), "qfi"},
                {UE1.replace("\"qfi\": 9", "\"color\": 9"), "unknown field \"color\""},
                {UE1.replace("\"qfi\": 9", "\"counterIndex\": 9"), "unknown field \"counterIndex\""},
                {UE1.replace("INCREMENTAL", "SOME"), "checksumMode"},
                {UE1.replace("fd00:1:1::ff:1", "fd00:1:2::1"), "n3Address fd00:1:2::1 is not inside"},
                {UE1.replace("\"uplinkTeid\": 1", "\"uplinkTeid\": 0"), "uplinkTeid"},
        };
        for (String[] c : cases) {
            Response refused = post("gtpu/tunnels", c[0]);
            assertEquals(c[0], 400, refused.getStatus());
            JsonObject error = json(refused);
            assertEquals(400, error.getInt("code", 0));
            assertTrue(error.getString("message", ""), error.getString("message", "").contains(c[1]));
        }
        assertTrue(tunnels.manager.tunnels().isEmpty());
    }

    @Test
    public void validateChecksWithoutStoring() {
        JsonObject ok = json(post("gtpu/tunnels/validate", UE1));
        assertTrue(ok.getBoolean("valid", false));
        assertEquals(0, ok.get("problems").asArray().size());
        JsonObject bad = json(post("gtpu/tunnels/validate", UE1.replace("fd00:1:1::ff:1", "fd00:1:1::10")));
        assertFalse(bad.getBoolean("valid", true));
        assertTrue(bad.toString(), bad.get("problems").asArray().get(0).asString().contains("host"));
        assertEquals(0, bad.get("conflicts").asArray().size());
        assertTrue(tunnels.manager.tunnels().isEmpty());
    }

    @Test
    public void aTunnelWhoseEntriesDoNotFitATableIs409AndValidateNamesTheTable() {
        tunnels.shrinkTables(Map.of(SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP, 1L));
        assertEquals(201, post("gtpu/tunnels", UE1).getStatus());
        tunnels.awaitEvents();
        String full = "device:beijing table gtpu_encap holds 1 entry, 1 in use, this tunnel needs 1 more";
        String other = UE1.replace("ue-1", "ue-2").replace("fd00:9:1::", "fd00:9:2::")
                .replace("\"uplinkTeid\": 1", "\"uplinkTeid\": 2");

        JsonObject checked = json(post("gtpu/tunnels/validate", other));
        assertFalse(checked.getBoolean("valid", true));
        assertEquals(0, checked.get("problems").asArray().size());
        assertEquals(full, checked.get("conflicts").asArray().get(0).asString());
        Response refused = post("gtpu/tunnels", other);
        assertEquals(409, refused.getStatus());
        JsonObject error = json(refused);
        assertEquals(409, error.getInt("code", 0));
        assertEquals(full, error.getString("message", null));
        tunnels.awaitEvents();
        assertEquals(404, target().path("gtpu/tunnels/ue-2").request().get().getStatus());
        assertEquals(5, tunnels.flows.on(DeviceId.deviceId("device:beijing")).size());
    }

    @Test
    public void pagesTheListById() {
        for (int i = 3; i >= 1; i--) {
            assertEquals(201, post("gtpu/tunnels", UE1.replace("ue-1", "ue-" + i).replace("fd00:9:1::", "fd00:9:" + i + "::")
                    .replace("\"uplinkTeid\": 1", "\"uplinkTeid\": " + i)).getStatus());
        }
        JsonObject page = Json.parse(target().path("gtpu/tunnels").queryParam("limit", 2).request().get(String.class))
                .asObject();
        assertEquals(3, page.getInt("total", 0));
        assertEquals(2, page.getInt("next", 0));
        assertEquals("ue-1", page.get("tunnels").asArray().get(0).asObject().getString("id", null));
        JsonObject last = Json.parse(target().path("gtpu/tunnels").queryParam("limit", 2).queryParam("offset", 2)
                                             .request().get(String.class)).asObject();
        assertEquals("ue-3", last.get("tunnels").asArray().get(0).asObject().getString("id", null));
        assertTrue(last.get("next").isNull());
        assertEquals(400, target().path("gtpu/tunnels").queryParam("limit", 0).request().get().getStatus());
    }
}
