// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onlab.osgi.TestServiceDirectory;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.features.multihoming.api.CellLimit;
import org.sixflow.app.features.multihoming.api.FailoverResult;
import org.sixflow.app.features.multihoming.api.GridRow;
import org.sixflow.app.features.multihoming.api.MultihomingProtocol;
import org.sixflow.app.features.multihoming.api.MultihomingStudyService;
import org.sixflow.app.features.multihoming.api.PingSummary;
import org.sixflow.app.features.multihoming.api.PlannedTrial;
import org.sixflow.app.features.multihoming.api.SiteRoutes;
import org.sixflow.app.features.multihoming.api.StudyRun;
import org.sixflow.app.features.multihoming.api.StudyRunDetail;
import org.sixflow.app.features.multihoming.api.StudyRunState;
import org.sixflow.app.features.multihoming.api.StudyTransport;
import org.sixflow.app.features.multihoming.api.SwitchLatency;
import org.sixflow.app.features.multihoming.api.TrialCell;
import org.sixflow.app.features.multihoming.api.UplinkCount;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.app.rest.SixflowRestTest;

import javax.ws.rs.client.Entity;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * /multihoming over a service stub in the real web application: studies added from the presets,
 * listed, shown and removed; a body with wrong fields a 400 naming each; runs queued, listed,
 * shown in the contract's shape, as CSV and cancelled; what names no run a 404.
 */
public class MultihomingStudyWebResourceTest extends SixflowRestTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ConnectPoint PA = ConnectPoint.deviceConnectPoint("device:sbr/2");
    private static final ConnectPoint PB = ConnectPoint.deviceConnectPoint("device:sbr/3");
    private static final DeviceId SBR = DeviceId.deviceId("device:sbr");

    private StudyServiceStub service;

    @Override
    protected void addServices(TestServiceDirectory directory) {
        service = new StudyServiceStub();
        directory.add(MultihomingStudyService.class, service);
    }

    private Response post(String path, String body) {
        return target().path(path).request().post(Entity.entity(body, MediaType.APPLICATION_JSON));
    }

    private static JsonNode json(Response response) {
        return parse(response.readEntity(String.class));
    }

    private static JsonNode parse(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private JsonNode get(String path) {
        Response response = target().path(path).request().get();
        assertEquals(path, 200, response.getStatus());
        return json(response);
    }

    private static Set<String> fields(JsonNode object) {
        Set<String> names = new TreeSet<>();
        for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        return names;
    }

    private JsonNode thesisPreset() {
        JsonNode presets = get("multihoming/presets").path("presets");
        assertEquals(2, presets.size());
        assertEquals("thesis", presets.get(0).path("id").asText());
        return presets.get(0);
    }

    @Test
    public void aPresetIsAddedListedShownAndRemoved() {
        Response created = post("multihoming/studies", thesisPreset().toString());
        assertEquals(201, created.getStatus());
        assertTrue(created.getLocation().toString(),
                   created.getLocation().getPath().endsWith("/multihoming/studies/thesis"));
        JsonNode study = json(created);
        assertEquals("thesis", study.path("id").asText());
        assertEquals(StudyServiceStub.T0.toString(), study.path("createdAt").asText());
        assertEquals(Set.of("id", "name", "description", "siteHost", "correspondentHost", "protocols", "frameSizes",
                            "loadsMbps", "sharing", "tcp", "repetitions", "trialSeconds", "streams", "failover",
                            "createdAt"), fields(study));
        assertEquals("device:sbr/2", study.path("protocols").get(1).path("mappings").get(0).path("uplink").asText());
        assertEquals(2, study.path("protocols").get(2).path("site").path("uplinks").get(0).path("port").asInt());
        assertEquals("[1.0,10.0,20.0,50.0,100.0]", study.path("loadsMbps").path("128").toString());
        assertEquals(2.0, study.path("failover").path("afterSeconds").asDouble(), 0);

        JsonNode list = get("multihoming/studies");
        assertEquals(1, list.path("studies").size());
        assertEquals(study, list.path("studies").get(0));
        assertEquals(study, get("multihoming/studies/thesis"));
        assertEquals(404, target().path("multihoming/studies/other").request().get().getStatus());

        assertEquals(204, target().path("multihoming/studies/thesis").request().delete().getStatus());
        assertEquals(404, target().path("multihoming/studies/thesis").request().delete().getStatus());
        assertEquals(0, get("multihoming/studies").path("studies").size());
    }

    @Test
    public void aBodyWithWrongFieldsIsA400NamingEachAndATakenIdA409() {
        ObjectNode bad = (ObjectNode) thesisPreset().deepCopy();
        bad.put("repetitions", 0).put("colour", "blue");
        ((ObjectNode) bad.path("failover")).put("seconds", 2.5);
        Response refused = post("multihoming/studies", bad.toString());
        assertEquals(400, refused.getStatus());
        JsonNode error = json(refused);
        assertEquals(400, error.path("code").asInt());
        List<String> fields = new ArrayList<>();
        error.path("errors").forEach(e -> fields.add(e.path("field").asText()));
        assertEquals(List.of("colour", "repetitions", "failover.seconds"), fields);
        assertTrue(error.path("message").asText(), error.path("message").asText().startsWith(
                "colour: unknown field; a study has "));
        assertEquals(400, post("multihoming/studies", "[1]").getStatus());

        assertEquals(201, post("multihoming/studies", thesisPreset().toString()).getStatus());
        Response taken = post("multihoming/studies", thesisPreset().toString());
        assertEquals(409, taken.getStatus());
        assertEquals("A study with id thesis exists", json(taken).path("message").asText());
    }

    @Test
    public void aRunIsQueuedListedAndRefusedWhileTheInstanceLacksACommand() {
        assertEquals(404, post("multihoming/studies/thesis/runs", "").getStatus());
        assertEquals(201, post("multihoming/studies", thesisPreset().toString()).getStatus());
        service.missing = "no hostCommands entry for host h_cn";
        Response lacking = post("multihoming/studies/thesis/runs", "{}");
        assertEquals(409, lacking.getStatus());
        assertEquals("Study thesis cannot run on this instance: no hostCommands entry for host h_cn",
                     json(lacking).path("message").asText());

        service.missing = null;
        Response started = post("multihoming/studies/thesis/runs", "");
        assertEquals(201, started.getStatus());
        assertTrue(started.getLocation().toString(), started.getLocation().getPath().endsWith("/multihoming/runs/7"));
        JsonNode run = json(started);
        assertEquals(Set.of("id", "studyId", "state", "reason", "node", "createdAt", "startedAt", "finishedAt",
                            "cellsTotal", "cellsDone"), fields(run));
        assertEquals(7, run.path("id").asLong());
        assertEquals("QUEUED", run.path("state").asText());
        assertTrue(run.path("reason").isNull());
        assertTrue(run.path("startedAt").isNull());
        assertEquals(165, run.path("cellsTotal").asInt());
        assertEquals(409, post("multihoming/studies/thesis/runs", "").getStatus());
        assertEquals(400, post("multihoming/studies/thesis/runs", "{\"now\": true}").getStatus());
        assertEquals(409, target().path("multihoming/studies/thesis").request().delete().getStatus());

        JsonNode runs = get("multihoming/studies/thesis/runs");
        assertEquals(1, runs.path("runs").size());
        assertEquals(run, runs.path("runs").get(0));
        assertEquals(404, target().path("multihoming/studies/other/runs").request().get().getStatus());
    }

    private static StudyRunDetail detail(StudyRunState state) {
        StudyRun run = new StudyRun(7, "thesis", state, null, "n1",
                                    StudyServiceStub.T0, StudyServiceStub.T0.plusSeconds(1),
                                    state.finished() ? StudyServiceStub.T0.plusSeconds(600) : null, 165, 2);
        TrialCell udp = TrialCell.builder(new PlannedTrial(0, MultihomingProtocol.ILNP, List.of(80, 20), 128,
                                                           StudyTransport.UDP, 10.0, 1),
                                          StudyServiceStub.T0.plusSeconds(2))
                .sent(10.0, 18_939L, 1_249_974L).received(9.5, 947L, 1_187_466L).jitterMs(0.0137).reordered(2L)
                .rtt(new PingSummary(100, 99, 0.026, 0.048, 0.199, 0.035))
                .uplinks(List.of(new UplinkCount(PA, 15_151, 3, 0.8), new UplinkCount(PB, 3788, 0, 0.2)))
                .switchLatency(List.of(new SwitchLatency(SBR, 900, 1850.5))).routes(41, 42)
                .entries(Map.of(SBR, 12), Map.of(SBR, 13))
                .limit(CellLimit.LAB_CAPACITY, "5.0 % lost at 10.00 Mbit/s, 0.10 % at 1.00 Mbit/s").build();
        TrialCell failed = TrialCell.builder(new PlannedTrial(1, MultihomingProtocol.IPV6, List.of(), 1514,
                                                              StudyTransport.TCP, null, 1),
                                             StudyServiceStub.T0.plusSeconds(9))
                .error("iperf3's client: unable to connect to server: Connection refused").build();
        GridRow row = new GridRow(MultihomingProtocol.ILNP, "80/20", StudyTransport.UDP, 128, 10.0, 1, 9.5, null,
                                  5.0, 5.0, 0.0137, 2.0, 0.048, Map.of(PA, 0.8, PB, 0.2), CellLimit.LAB_CAPACITY);
        FailoverResult failover = new FailoverResult(MultihomingProtocol.ILNP, PA, 2.0, 3380.0, 750, 580, "note");
        FailoverResult never = new FailoverResult(MultihomingProtocol.IPV6, PA, 2.0, null, 750, 100, "never");
        SiteRoutes routes = new SiteRoutes(MultihomingProtocol.IPV6, "fd00:5:1::10", SBR, List.of(
                new SiteRoutes.Route(DeviceId.deviceId("device:cn"), Ip6Prefix.valueOf("fd00:5:1::/48"),
                                     Ipv6Route.Kind.DELEGATED),
                new SiteRoutes.Route(SBR, Ip6Prefix.valueOf("fd00:5:1::/64"), Ipv6Route.Kind.SUBNET)));
        return new StudyRunDetail(run, List.of(udp, failed), List.of(row), List.of(failover, never),
                                  List.of(routes));
    }

    @Test
    public void aRunIsShownInTheContractsShape() {
        service.runs.put(7L, detail(StudyRunState.RUNNING));
        JsonNode run = get("multihoming/runs/7");
        assertEquals(Set.of("id", "studyId", "state", "reason", "node", "createdAt", "startedAt", "finishedAt",
                            "cellsTotal", "cellsDone", "cells", "grid", "failovers", "siteRoutes"), fields(run));
        assertEquals("RUNNING", run.path("state").asText());
        assertEquals("2026-11-30T01:00:01Z", run.path("startedAt").asText());
        assertTrue(run.path("finishedAt").isNull());
        assertEquals(2, run.path("cellsDone").asInt());

        JsonNode cell = run.path("cells").get(0);
        Set<String> cellFields = new TreeSet<>(Set.of(
                "protocol", "transport", "frameSize", "loadMbps", "sharing", "repetition", "startedAt", "sentMbps",
                "goodputMbps", "packetsSent", "packetsLost", "lossPercent", "bytesSent", "bytesReceived",
                "byteLossPercent", "jitterMs", "reordered", "retransmits", "rtt", "uplinks", "switchLatency",
                "routesBefore", "routesAfter", "entriesBefore", "entriesAfter", "limit", "limitReason"));
        assertTrue(fields(cell).toString(), fields(cell).containsAll(cellFields));
        assertEquals("ILNP", cell.path("protocol").asText());
        assertEquals("UDP", cell.path("transport").asText());
        assertEquals(128, cell.path("frameSize").asInt());
        assertEquals(10.0, cell.path("loadMbps").asDouble(), 0);
        assertEquals("80/20", cell.path("sharing").asText());
        assertEquals("2026-11-30T01:00:02Z", cell.path("startedAt").asText());
        assertEquals(18_939, cell.path("packetsSent").asLong());
        assertEquals(100.0 * 947 / 18_939, cell.path("lossPercent").asDouble(), 1e-12);
        assertEquals(100.0 * (1_249_974 - 1_187_466) / 1_249_974, cell.path("byteLossPercent").asDouble(), 1e-12);
        assertTrue(cell.path("retransmits").isNull());
        assertEquals(Set.of("sent", "received", "minMs", "meanMs", "maxMs", "mdevMs"), fields(cell.path("rtt")));
        assertEquals(99, cell.path("rtt").path("received").asInt());
        assertEquals(parse("[{\"uplink\": \"device:sbr/2\", \"packetsOut\": 15151, \"packetsIn\": 3, \"shareOut\": 0.8},"
                                   + "{\"uplink\": \"device:sbr/3\", \"packetsOut\": 3788, \"packetsIn\": 0,"
                                   + " \"shareOut\": 0.2}]"), cell.path("uplinks"));
        assertEquals(parse("[{\"device\": \"device:sbr\", \"packets\": 900, \"meanNs\": 1850.5}]"),
                     cell.path("switchLatency"));
        assertEquals(41, cell.path("routesBefore").asInt());
        assertEquals(parse("{\"device:sbr\": 12}"), cell.path("entriesBefore"));
        assertEquals(parse("{\"device:sbr\": 13}"), cell.path("entriesAfter"));
        assertEquals("LAB_CAPACITY", cell.path("limit").asText());

        JsonNode failed = run.path("cells").get(1);
        assertTrue(failed.path("loadMbps").isNull());
        assertTrue(failed.path("sharing").isNull());
        assertTrue(failed.path("goodputMbps").isNull());
        assertTrue(failed.path("rtt").isNull());
        assertTrue(failed.path("limit").isNull());
        assertEquals("iperf3's client: unable to connect to server: Connection refused",
                     failed.path("error").asText());

        JsonNode row = run.path("grid").get(0);
        assertEquals(Set.of("protocol", "sharing", "transport", "frameSize", "loadMbps", "repetitions", "goodputMbps",
                            "goodputCi95", "lossPercent", "byteLossPercent", "jitterMs", "reordered", "rttMeanMs",
                            "uplinkShares", "limit"), fields(row));
        assertTrue(row.path("goodputCi95").isNull());
        assertEquals(parse("{\"device:sbr/2\": 0.8, \"device:sbr/3\": 0.2}"), row.path("uplinkShares"));
        assertEquals("LAB_CAPACITY", row.path("limit").asText());

        JsonNode failover = run.path("failovers").get(0);
        assertEquals(parse("{\"protocol\": \"ILNP\", \"uplink\": \"device:sbr/2\", \"afterSeconds\": 2.0,"
                                   + " \"repairMs\": 3380.0, \"probesSent\": 750, \"probesAnswered\": 580,"
                                   + " \"note\": \"note\"}"), failover);
        assertTrue(run.path("failovers").get(1).path("repairMs").isNull());

        JsonNode routes = run.path("siteRoutes").get(0);
        assertEquals("IPV6", routes.path("protocol").asText());
        assertEquals("fd00:5:1::10", routes.path("address").asText());
        assertEquals(parse("[{\"device\": \"device:cn\", \"prefix\": \"fd00:5:1::/48\", \"kind\": \"DELEGATED\","
                                   + " \"siteSpecific\": true}, {\"device\": \"device:sbr\", \"prefix\": "
                                   + "\"fd00:5:1::/64\", \"kind\": \"SUBNET\", \"siteSpecific\": true}]"),
                     routes.path("routes"));
        assertEquals(1, routes.path("siteSpecificOutsideSite").asInt());
    }

    @Test
    public void aRunsCellsAsCsv() {
        service.runs.put(7L, detail(StudyRunState.DONE));
        Response csv = target().path("multihoming/runs/7/cells.csv").request().get();
        assertEquals(200, csv.getStatus());
        assertTrue(csv.getMediaType().toString(), csv.getMediaType().toString().startsWith("text/csv"));
        assertEquals("attachment; filename=\"multihoming-run-7.csv\"", csv.getHeaderString("Content-Disposition"));
        String[] lines = csv.readEntity(String.class).split("\r\n", -1);
        assertEquals(4, lines.length);
        assertEquals(String.join(",", StudyCsv.HEADER), lines[0]);
        assertEquals("0,ILNP,80/20,128,UDP,10.0,1,2026-11-30T01:00:02Z,10.0,9.5,18939,947,"
                             + (100.0 * 947 / 18_939) + ",1249974,1187466,"
                             + (100.0 * (1_249_974 - 1_187_466) / 1_249_974) + ",0.0137,2,,100,99,0.026,0.048,0.199,"
                             + "0.035,\"device:sbr/2=0.8 device:sbr/3=0.2\",41,42,LAB_CAPACITY,", lines[1]);
        assertEquals("1,IPV6,,1514,TCP,,1,2026-11-30T01:00:09Z,,,,,,,,,,,,,,,,,,,0,0,,"
                             + "\"iperf3's client: unable to connect to server: Connection refused\"", lines[2]);
        assertEquals("", lines[3]);
        assertEquals(StudyCsv.HEADER.size(), lines[2].replaceAll("\"[^\"]*\"", "x").split(",", -1).length);
    }

    @Test
    public void cancelIsA202WhileRunningA409OnceEndedAndA404ForNoRun() {
        service.runs.put(7L, detail(StudyRunState.RUNNING));
        service.runs.put(8L, detail(StudyRunState.DONE));
        Response accepted = post("multihoming/runs/7/cancel", "");
        assertEquals(202, accepted.getStatus());
        assertEquals(7, json(accepted).path("id").asLong());
        Response ended = post("multihoming/runs/8/cancel", "{}");
        assertEquals(409, ended.getStatus());
        assertEquals("Study run 8 has ended (DONE)", json(ended).path("message").asText());
        assertEquals(404, post("multihoming/runs/9/cancel", "").getStatus());
        assertEquals(404, post("multihoming/runs/abc/cancel", "").getStatus());
    }

    @Test
    public void aRunIdThatIsNoNumberNamesNoRun() {
        for (String path : List.of("multihoming/runs/abc", "multihoming/runs/abc/cells.csv", "multihoming/runs/-1",
                                   "multihoming/runs/99999999999999999999", "multihoming/runs/9")) {
            Response response = target().path(path).request().get();
            assertEquals(path, 404, response.getStatus());
            assertTrue(path, json(response).path("message").asText().startsWith("No study run "));
        }
    }
}
