// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonArray;
import com.eclipsesource.json.JsonObject;
import org.junit.After;
import org.junit.Test;
import org.onlab.osgi.TestServiceDirectory;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.sixflow.app.features.ilnp.api.IlnpLocatorUpdateService;
import org.sixflow.app.features.ilnp.api.IlnpSession;
import org.sixflow.app.features.ilnp.api.IlnpSessionService;
import org.sixflow.app.features.ilnp.api.IlnpSiteService;
import org.sixflow.app.features.ilnp.api.LocatorUpdate;
import org.sixflow.app.features.ilnp.api.LocatorUpdateOutcome;
import org.sixflow.app.features.ilnp.api.ReceivedLocatorUpdate;
import org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture;
import org.sixflow.app.rest.SixflowRestTest;
import org.sixflow.pipeconf.SixflowPipeconfs;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;

import javax.ws.rs.client.Entity;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * /ilnp/sites over the real site manager on the lab network.
 */
public class IlnpSiteWebResourceTest extends SixflowRestTest {

    private static final String SITE_A = "{\"name\": \"site-a\", \"device\": \"device:beijing\","
            + " \"internalLocator\": \"fd00:5:1:1::/64\", \"uplinks\": ["
            + "{\"port\": 2, \"locator\": \"2001:db8:a:1::/64\", \"routerMac\": \"00:aa:00:00:02:01\","
            + " \"nextHopMac\": \"00:bb:00:00:00:02\", \"weight\": 50},"
            + " {\"port\": 3, \"locator\": \"2001:db8:b:1::/64\", \"routerMac\": \"00:aa:00:00:03:01\","
            + " \"nextHopMac\": \"00:bb:00:00:00:03\", \"weight\": 50}]}";

    private IlnpSiteManagerFixture sites;

    @Override
    protected void addServices(TestServiceDirectory directory) {
        sites = new IlnpSiteManagerFixture();
        directory.add(IlnpSiteService.class, sites.manager);
        directory.add(IlnpLocatorUpdateService.class, new IlnpLocatorUpdateService() {
            @Override
            public long received(String site) {
                return site.equals("site-a") ? 3 : 0;
            }

            @Override
            public List<ReceivedLocatorUpdate> lastReceived(String site) {
                return List.of(new ReceivedLocatorUpdate(0, ConnectPoint.deviceConnectPoint("device:beijing/2"),
                                                         Ip6Address.valueOf("3fff:0:c:1::99"),
                                                         Ip6Address.valueOf("2001:db8:a:1::42"),
                                                         new LocatorUpdate(1, List.of(new LocatorUpdate.Entry(
                                                                 0x3fff_0000_000d_0001L, 10, 600))),
                                                         LocatorUpdateOutcome.FORWARDED_INTO_SITE));
            }

            @Override
            public Map<LocatorUpdateOutcome, Long> outcomes() {
                return Map.of();
            }
        });
        directory.add(IlnpSessionService.class, new IlnpSessionService() {
            @Override
            public List<IlnpSession> sessions(String site) {
                return List.of(new IlnpSession(site, Ip6Address.valueOf("fd00:5:1:1::42"),
                                               Ip6Address.valueOf("3fff:0:c:1::99"), 4, 1000, 61_000, 3, 62_000,
                                               List.of(new LocatorUpdate.Entry(0x2001_0db8_000b_0001L, 10, 600)),
                                               List.of(new LocatorUpdate.Entry(0x3fff_0000_000d_0001L, 10, 600))),
                               new IlnpSession(site, Ip6Address.valueOf("fd00:5:1:1::43"),
                                               Ip6Address.valueOf("3fff:0:c:1::98"), 12, 0, 2000, 0, 0, List.of(),
                                               List.of()));
            }

            @Override
            public long updatesSent(String site) {
                return 3;
            }
        });
    }

    @After
    public void stopStorage() {
        sites.shutdown();
    }

    private Response post(String body) {
        return target().path("ilnp/sites").request().post(Entity.entity(body, MediaType.APPLICATION_JSON));
    }

    private Response putWeights(String name, String body) {
        return target().path("ilnp/sites/" + name + "/weights").request()
                .put(Entity.entity(body, MediaType.APPLICATION_JSON));
    }

    private static JsonObject json(Response response) {
        return Json.parse(response.readEntity(String.class)).asObject();
    }

    private JsonObject get(String path) {
        return Json.parse(target().path(path).request().get(String.class)).asObject();
    }

    @Test
    public void createsListsShowsChangesAndDeletesASite() {
        Response created = post(SITE_A);
        assertEquals(201, created.getStatus());
        assertTrue(created.getLocation().getPath().endsWith("/ilnp/sites/site-a"));
        JsonObject site = json(created).get("site").asObject();
        assertEquals("site-a", site.getString("name", null));
        assertEquals(2, site.getInt("siteId", 0));
        assertEquals("2001:db8:b:1::/64", site.get("uplinks").asArray().get(1).asObject().getString("locator", null));
        assertTrue(Set.of("REQUESTED", "INSTALLED").contains(site.getString("state", null)));
        sites.awaitEvents();

        JsonObject list = get("ilnp/sites");
        assertEquals(1, list.getInt("total", 0));
        assertTrue(list.get("next").isNull());
        assertEquals("INSTALLED", list.get("sites").asArray().get(0).asObject().getString("state", null));
        JsonObject shown = get("ilnp/sites/site-a");
        assertEquals(6, shown.get("entries").asArray().size());

        Response changed = putWeights("site-a", "{\"weights\": {\"2\": 80, \"3\": 20}}");
        assertEquals(200, changed.getStatus());
        JsonObject now = json(changed).get("site").asObject();
        assertEquals(1, now.getInt("revision", 0));
        assertEquals(80, now.get("uplinks").asArray().get(0).asObject().getInt("weight", 0));
        sites.awaitEvents();
        assertEquals("INSTALLED", get("ilnp/sites/site-a").getString("state", null));

        Response again = post(SITE_A);
        assertEquals(409, again.getStatus());
        assertEquals("ILNP site site-a exists already", json(again).getString("message", null));
        assertEquals(204, target().path("ilnp/sites/site-a").request().delete().getStatus());
        sites.awaitEvents();
        assertTrue(sites.rules().isEmpty());
        assertEquals(404, target().path("ilnp/sites/site-a").request().get().getStatus());
        assertEquals(404, target().path("ilnp/sites/site-a").request().delete().getStatus());
        assertEquals(404, putWeights("site-a", "{\"weights\": {\"2\": 80, \"3\": 20}}").getStatus());
        assertEquals(404, target().path("ilnp/sites/site-a/counters").request().get().getStatus());
        assertEquals(404, target().path("ilnp/sites/site-a/locator-updates").request().get().getStatus());
        assertEquals(404, target().path("ilnp/sites/site-a/sessions").request().get().getStatus());
    }

    @Test
    public void badInputIsA400NamingTheFields() {
        Response refused = post(SITE_A.replace("\"weight\": 50}]", "\"weight\": 60}]").replace("fd00:5:1:1::/64",
                                                                                            "fd00:5:1:1::/48"));
        assertEquals(400, refused.getStatus());
        JsonArray errors = json(refused).get("errors").asArray();
        // Both problems in one answer: the syntax of one field, the meaning of the others.
        assertEquals(2, errors.size());
        assertEquals("internalLocator", errors.get(0).asObject().getString("field", null));
        assertEquals("uplinks", errors.get(1).asObject().getString("field", null));
        assertEquals("the weights sum to 110, not 100", errors.get(1).asObject().getString("message", null));
        refused = post(SITE_A.replace("\"port\": 3", "\"port\": 4").replace("device:beijing", "device:atlantis"));
        assertEquals(400, refused.getStatus());
        assertEquals("device: device:atlantis is not a device ONOS knows", json(refused).getString("message", null));
        refused = post(SITE_A.replace("\"port\": 3", "\"port\": 9"));
        assertEquals("uplinks[1].port: device:beijing has no port 9", json(refused).getString("message", null));
        assertEquals(400, post("[1]").getStatus());
        assertEquals(201, post(SITE_A).getStatus());
        Response weights = putWeights("site-a", "{\"weights\": {\"2\": 0, \"3\": 0}}");
        assertEquals(400, weights.getStatus());
        String message = json(weights).getString("message", "");
        assertTrue(message, message.startsWith("weights: the weights sum to 0, not 100"));
        assertEquals(400, putWeights("site-a", "{\"weights\": {\"2\": 100}}").getStatus());
        assertEquals(400, putWeights("site-a", "{\"weigths\": {\"2\": 100, \"3\": 0}}").getStatus());
    }

    @Test
    public void aDeviceWhoseProfileHasNoIlnpIsA400NamingTheDeviceAndProfile() {
        sites.pipeconfs.bindToDevice(SixflowPipeconfs.FULL_BMV2, IlnpSiteManagerFixture.BEIJING);
        Response refused = post(SITE_A);
        assertEquals(400, refused.getStatus());
        assertEquals("device: device:beijing runs profile full, which has no ILNP",
                     json(refused).getString("message", null));
        assertTrue(sites.manager.sites().isEmpty());
    }

    @Test
    public void aSiteWhoseEntriesDoNotFitIs409NamingTheTable() {
        sites.shrinkTables(Map.of(PiTableId.of("SixflowIngress.ilnp_outbound.ilnp_uplink"), 3L));
        assertEquals(201, post(SITE_A).getStatus());
        sites.awaitEvents();
        Response refused = putWeights("site-a", "{\"weights\": {\"2\": 80, \"3\": 20}}");
        assertEquals(409, refused.getStatus());
        assertEquals("device:beijing table ilnp_uplink holds 3 entries, 2 in use, this weight change needs 2 more",
                     json(refused).getString("message", null));
    }

    @Test
    public void countersAndLocatorUpdatesPerSite() {
        assertEquals(201, post(SITE_A).getStatus());
        sites.cells.put("device:beijing SixflowIngress.ilnp_outbound.ilnp_uplink_out",
                        Map.of(2, new PiCounterCellData(4, 400), 3, new PiCounterCellData(1, 100)));
        JsonObject counters = get("ilnp/sites/site-a/counters");
        JsonArray uplinks = counters.get("uplinks").asArray();
        assertEquals(2, uplinks.get(0).asObject().getInt("port", 0));
        assertEquals(4, uplinks.get(0).asObject().getInt("outPackets", 0));
        assertEquals(100, uplinks.get(1).asObject().getInt("outBytes", 0));
        assertEquals(0, uplinks.get(1).asObject().getInt("inPackets", -1));
        assertEquals(50, uplinks.get(1).asObject().getInt("weight", 0));
        sites.unreadable.add(IlnpSiteManagerFixture.BEIJING);
        Response unreadable = target().path("ilnp/sites/site-a/counters").request().get();
        assertEquals(503, unreadable.getStatus());

        JsonObject updates = get("ilnp/sites/site-a/locator-updates");
        assertEquals(3, updates.getInt("received", 0));
        JsonObject last = updates.get("last").asArray().get(0).asObject();
        assertEquals("advertisement", last.getString("operation", null));
        assertEquals("FORWARDED_INTO_SITE", last.getString("outcome", null));
        assertEquals("1970-01-01T00:00:00Z", last.getString("received", null));
        JsonObject locator = last.get("locators").asArray().get(0).asObject();
        assertEquals("3fff:0:d:1", locator.getString("locator", null));
        assertEquals(10, locator.getInt("preference", 0));
        assertEquals(600, locator.getInt("lifetime", 0));

        JsonObject sessions = get("ilnp/sites/site-a/sessions");
        assertEquals(3, sessions.getInt("updatesSent", 0));
        JsonObject told = sessions.get("sessions").asArray().get(0).asObject();
        assertEquals("fd00:5:1:1::42", told.getString("host", null));
        assertEquals("3fff:0:c:1::99", told.getString("correspondent", null));
        assertEquals(4, told.getInt("nonceOctets", 0));
        assertEquals("1970-01-01T00:01:01Z", told.getString("lastSeen", null));
        assertEquals("1970-01-01T00:01:02Z", told.getString("lastUpdate", null));
        assertEquals("2001:db8:b:1", told.get("lastAdvertised").asArray().get(0).asObject().getString("locator", null));
        assertEquals(null, told.get("nonce"));   // the session's secret stays in the controller
        assertEquals("3fff:0:d:1", told.get("correspondentLocators").asArray().get(0).asObject()
                .getString("locator", null));
        JsonObject quiet = sessions.get("sessions").asArray().get(1).asObject();
        assertTrue(quiet.get("lastUpdate").isNull());
        assertEquals(0, quiet.get("lastAdvertised").asArray().size());
    }

    @Test
    public void pagesTheListByName() {
        for (int i = 3; i >= 1; i--) {
            String site = "{\"name\": \"site" + i + "\", \"device\": \"device:beijing\", \"internalLocator\":"
                    + " \"fd00:5:1:" + i + "::/64\", \"uplinks\": [{\"port\": " + i + ", \"locator\": \"2001:db8:a:" + i
                    + "::/64\", \"routerMac\": \"00:aa:00:00:02:01\", \"nextHopMac\": \"00:bb:00:00:00:02\","
                    + " \"weight\": 100}]}";
            assertEquals(site, 201, post(site).getStatus());
        }
        JsonObject page = Json.parse(target().path("ilnp/sites").queryParam("limit", 2).request()
                                             .get(String.class)).asObject();
        assertEquals(3, page.getInt("total", 0));
        assertEquals(2, page.getInt("next", 0));
        assertEquals("site1", page.get("sites").asArray().get(0).asObject().getString("name", null));
        JsonObject last = Json.parse(target().path("ilnp/sites").queryParam("limit", 2).queryParam("offset", 2)
                                             .request().get(String.class)).asObject();
        assertEquals("site3", last.get("sites").asArray().get(0).asObject().getString("name", null));
        assertTrue(last.get("next").isNull());
        assertEquals(400, target().path("ilnp/sites").queryParam("limit", 0).request().get().getStatus());
    }
}
