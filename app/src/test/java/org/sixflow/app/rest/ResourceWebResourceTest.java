// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonArray;
import com.eclipsesource.json.JsonObject;
import com.eclipsesource.json.JsonValue;
import org.junit.After;
import org.junit.Test;
import org.onlab.osgi.TestServiceDirectory;
import org.onosproject.TestApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRuleServiceAdapter;
import org.sixflow.app.api.MauReport;
import org.sixflow.app.api.MauResource;
import org.sixflow.app.api.MauResourceType;
import org.sixflow.app.api.ResourceService;
import org.sixflow.app.resources.ResourceManagerFixture;
import org.sixflow.app.resources.tofino.MauReportParser;
import org.sixflow.app.testing.TestDeviceService;
import org.sixflow.app.testing.TestPipeconfService;
import org.sixflow.app.testing.TofinoArtifacts;
import org.sixflow.pipeconf.P4InfoConstants;
import org.sixflow.pipeconf.SixflowPipeconfs;

import javax.ws.rs.client.WebTarget;
import javax.ws.rs.core.Response;
import java.io.FileInputStream;
import java.io.InputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * GET /resources/mau and /resources/tables over the real resource manager, the pipeconf bundle's
 * loader and the occupancy collector.
 */
public class ResourceWebResourceTest extends SixflowRestTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");

    private final TestDeviceService devices = new TestDeviceService();
    private final TestPipeconfService pipeconfs = new TestPipeconfService();
    private final List<FlowEntry> beijingEntries = new ArrayList<>();
    private ResourceManagerFixture resources;

    @Override
    protected void addServices(TestServiceDirectory directory) {
        resources = new ResourceManagerFixture(devices, pipeconfs, new FlowRuleServiceAdapter() {
            @Override
            public Iterable<FlowEntry> getFlowEntries(DeviceId deviceId) {
                return deviceId.equals(BEIJING) ? List.copyOf(beijingEntries) : List.of();
            }
        }, telemetry.manager, Optional::empty, Duration.ofHours(1), 3600);
        directory.add(ResourceService.class, resources.manager);
    }

    @After
    public void stopResources() {
        resources.stop();
    }

    private Response get(String path, String parameter, String value) {
        WebTarget t = target().path("resources/" + path);
        if (parameter != null) {
            t = t.queryParam(parameter, value);
        }
        return t.request().get();
    }

    private static JsonObject assertError(Response response, int status, String... texts) {
        String body = response.readEntity(String.class);
        assertEquals(body, status, response.getStatus());
        JsonObject json = Json.parse(body).asObject();
        assertEquals(status, json.getInt("code", 0));
        for (String text : texts) {
            assertTrue(body, json.getString("message", "").contains(text));
        }
        return json;
    }

    private void installRoutes(int count) {
        for (int i = 0; i < count; i++) {
            beijingEntries.add(new DefaultFlowEntry(
                    DefaultFlowRule.builder().forDevice(BEIJING)
                            .forTable(P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6)
                            .withSelector(DefaultTrafficSelector.emptySelector())
                            .withTreatment(DefaultTrafficTreatment.emptyTreatment()).withPriority(10 + i)
                            .fromApp(TestApplicationId.create("test")).makePermanent().build(),
                    FlowEntry.FlowEntryState.ADDED, 0, 0, 0));
        }
    }

    @Test
    public void tablesListEachTablesLatestOccupancy() {
        devices.addSwitch(BEIJING.toString(), true);
        pipeconfs.bindToDevice(SixflowPipeconfs.FULL_BMV2, BEIJING);
        assertEquals(0, Json.parse(get("tables", null, null).readEntity(String.class)).asObject()
                .get("tables").asArray().size());
        installRoutes(3);
        int tables = resources.collect().size();
        JsonArray rows = Json.parse(get("tables", null, null).readEntity(String.class)).asObject()
                .get("tables").asArray();
        assertEquals(tables, rows.size());
        JsonObject routing = rows.values().stream().map(JsonValue::asObject)
                .filter(r -> r.getString("table", "").equals(P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6.id()))
                .findFirst().orElseThrow();
        assertEquals("device:beijing", routing.getString("device", null));
        assertEquals(3, routing.getInt("entries", -1));
        assertEquals(pipeconfs.getPipeconf(SixflowPipeconfs.FULL_BMV2).get().pipelineModel()
                             .table(P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6).get().maxSize(),
                     routing.getLong("size", -1));
        Instant.parse(routing.getString("time", ""));
        assertEquals(tables, Json.parse(get("tables", "device", "device:beijing").readEntity(String.class))
                .asObject().get("tables").asArray().size());
        assertEquals(0, Json.parse(get("tables", "device", "device:wuhan").readEntity(String.class))
                .asObject().get("tables").asArray().size());
    }

    @Test
    public void aMalformedDeviceIsA400NamingTheParameter() {
        assertError(get("tables", "device", "device:bei jing"), 400, "device \"device:bei jing\" is not a device id");
    }

    @Test
    public void aMissingReportIsA404SayingWhy() {
        assertError(get("mau", "pipeconf", "org.sixflow.full.bmv2"), 404,
                    "Pipeconf org.sixflow.full.bmv2 came without a Tofino compiler report (pipe/logs/resources.json)",
                    "pipeconf/build-p4.sh tofino");
        assertError(get("mau", "pipeconf", "org.nowhere"), 404, "No pipeconf org.nowhere is registered");
        // An ONOS whose Tofino pipeconf is not registered (e.g. a bundle built without bf-p4c output).
        pipeconfs.unregister(SixflowPipeconfs.CORE_TOFINO);
        assertError(get("mau", null, null), 404, "No pipeconf org.sixflow.core.tofino is registered",
                    "tofinoArtifactsDir");
    }

    @Test
    public void mauDefaultsToTheTofinoPipeconfsReport() throws Exception {
        TofinoArtifacts.requireReport();
        Response response = get("mau", null, null);
        String body = response.readEntity(String.class);
        assertEquals(body, 200, response.getStatus());
        JsonObject json = Json.parse(body).asObject();
        MauReport expected;
        try (InputStream in = new FileInputStream(TofinoArtifacts.RESOURCES_JSON)) {
            expected = MauReportParser.parse(SixflowPipeconfs.CORE_TOFINO, in);
        }
        assertEquals("org.sixflow.core.tofino", json.getString("pipeconf", null));
        assertEquals(expected.compiler(), json.getString("compiler", null));
        assertEquals(expected.stageCount(), json.getInt("stageCount", 0));
        JsonArray stages = json.get("stages").asArray();
        assertEquals(expected.stageCount(), stages.size());
        for (int s = 0; s < stages.size(); s++) {
            JsonObject stage = stages.get(s).asObject();
            assertEquals(s, stage.getInt("stage", -1));
            assertResources(expected.stages().get(s).resources(), stage.get("resources").asArray());
        }
        assertResources(expected.totals(), json.get("totals").asArray());
    }

    private static void assertResources(List<MauResource> expected, JsonArray actual) {
        assertEquals(MauResourceType.values().length, actual.size());
        for (int i = 0; i < expected.size(); i++) {
            JsonObject r = actual.get(i).asObject();
            assertEquals(expected.get(i).type().label(), r.getString("name", null));
            assertEquals(expected.get(i).used(), r.getInt("used", -1));
            assertEquals(expected.get(i).capacity(), r.getInt("capacity", -1));
        }
    }
}
