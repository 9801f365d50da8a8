// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonObject;
import org.junit.After;
import org.junit.Test;
import org.onlab.osgi.TestServiceDirectory;
import org.sixflow.app.api.ExperimentCell;
import org.sixflow.app.api.ExperimentCellResult;
import org.sixflow.app.api.ExperimentClassResult;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentRunState;
import org.sixflow.app.api.ExperimentSample;
import org.sixflow.app.api.ExperimentService;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySummary;
import org.sixflow.app.api.PacingSummary;
import org.sixflow.app.experiments.impl.ExperimentManagerFixture;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.testing.InMemoryExperimentStore;

import javax.ws.rs.client.Entity;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * /experiments over the real experiment manager on the lab network (another instance leads, so
 * runs stay queued unless a test stores what a run would): create with field errors, validate,
 * list, presets, run, cancel, results with the studies' tables, export, samples, compare, remove,
 * and a 503 without the database.
 */
public class ExperimentWebResourceTest extends SixflowRestTest {

    private static final String EXPERIMENT = "{\"id\": \"apn6-vs-ipv6\", \"name\": \"APN6 vs IPv6\","
            + " \"ingress\": \"device:beijing/1\", \"packetsPerClass\": 2000, \"intervalMicros\": 1000,"
            + " \"classes\": ["
            + "{\"name\": \"ipv6\", \"role\": \"BASELINE\", \"latencyClass\": \"ipv6\","
            + " \"packet\": {\"source\": \"fd00:1:1::10\", \"destination\": \"fd00:1:3::10\"}},"
            + "{\"name\": \"apn6\", \"latencyClass\": \"apn6-insert\","
            + " \"packet\": {\"source\": \"fd00:1:1::10\", \"destination\": \"fd00:1:3::10\", \"destinationPort\": 6100}}]}";

    private ExperimentManagerFixture<InMemoryExperimentStore> experiments;

    @Override
    protected void addServices(TestServiceDirectory directory) {
        experiments = ExperimentManagerFixture.inMemory(trees.lab, trees.manager, policies.manager);
        directory.add(ExperimentService.class, experiments.manager);
    }

    @After
    public void stopManager() {
        experiments.close();
    }

    private Response post(String path, String body) {
        return target().path(path).request().post(Entity.entity(body, MediaType.APPLICATION_JSON));
    }

    private static JsonObject json(Response response) {
        return Json.parse(response.readEntity(String.class)).asObject();
    }

    /** GETs a path with an optional "?name=value&..." query and expects 200. */
    private JsonObject get(String pathAndQuery) {
        String[] parts = pathAndQuery.split("\\?", 2);
        javax.ws.rs.client.WebTarget target = target().path(parts[0]);
        if (parts.length == 2) {
            for (String pair : parts[1].split("&")) {
                String[] nameValue = pair.split("=", 2);
                target = target.queryParam(nameValue[0], nameValue[1]);
            }
        }
        String path = pathAndQuery;
        Response response = target.request().get();
        String body = response.readEntity(String.class);
        assertEquals(path + ": " + body, 200, response.getStatus());
        return Json.parse(body).asObject();
    }

    @Test
    public void createsListsAndShowsAnExperiment() {
        Response created = post("experiments", EXPERIMENT);
        assertEquals(201, created.getStatus());
        JsonObject e = json(created);
        assertEquals("apn6-vs-ipv6", e.getString("id", null));
        assertEquals(4000, e.getLong("packetsInRun", 0));
        assertEquals(1_000_000, e.get("cells").asArray().get(0).asObject().getLong("intervalNanos", 0));
        assertEquals("FEATURE", e.get("classes").asArray().get(1).asObject().getString("role", null));
        assertEquals(6100, e.get("classes").asArray().get(1).asObject().get("packet").asObject()
                .getInt("destinationPort", 0));

        JsonObject list = get("experiments");
        assertEquals(1, list.get("experiments").asArray().size());
        assertTrue(list.get("experiments").asArray().get(0).asObject().get("lastRun").isNull());
        assertEquals(0, get("experiments/apn6-vs-ipv6").get("runs").asArray().size());
        assertEquals(404, target().path("experiments/nope").request().get().getStatus());

        Response again = post("experiments", EXPERIMENT);
        assertEquals(409, again.getStatus());
        assertEquals("experiment id apn6-vs-ipv6 is in use", json(again).getString("message", ""));
        // The running features' presets: the fixture has no tunnel service, so no GTP-U preset.
        assertEquals(List.of("apn6-ietf109", "msr6-ietf119", "load-grid"),
                     get("experiments/presets").get("presets").asArray().values().stream()
                             .map(p -> p.asObject().getString("id", null)).collect(Collectors.toList()));
    }

    @Test
    public void unreadableFieldsAreNamedAtOnce() {
        Response bad = post("experiments", EXPERIMENT.replace("\"fd00:1:3::10\", \"destinationPort\"",
                                                             "\"banana\", \"destinationPort\"")
                .replace("\"latencyClass\": \"ipv6\"", "\"latencyClass\": \"ipv7\"")
                .replace("\"packetsPerClass\": 2000", "\"packetsPerClass\": \"many\""));
        assertEquals(400, bad.getStatus());
        JsonObject body = json(bad);
        assertEquals(400, body.getInt("code", 0));
        JsonObject fields = body.get("fields").asObject();
        assertTrue(fields.toString(), fields.getString("classes[1].packet.destination", "").contains("banana"));
        assertTrue(fields.getString("classes[0].latencyClass", "").contains("unknown latency class"));
        assertEquals("must be a whole number", fields.getString("packetsPerClass", null));
        assertTrue(body.getString("message", "").contains("classes[1].packet.destination"));
        assertEquals(400, post("experiments", "[1, 2]").getStatus());
    }

    @Test
    public void theNetworkMustFitTheExperiment() {
        trees.manager.create(Msr6TreeRequest.of("video", org.onosproject.net.ConnectPoint.deviceConnectPoint(
                "device:beijing/3"), org.onlab.packet.Ip6Address.valueOf("ff3e::1"),
                Set.of(org.onosproject.net.ConnectPoint.deviceConnectPoint("device:nanjing/4")), Msr6Mode.TE,
                Msr6TreeRequest.Algorithm.SHORTEST_PATHS));
        String body = EXPERIMENT.replace("device:beijing/1", "device:beijing/3").replace("]}",
                ", {\"name\": \"te\", \"latencyClass\": \"msr6-rlb-encap\", \"tree\": \"video\"},"
                        + " {\"name\": \"x\", \"latencyClass\": \"apn6-insert\", \"policy\": \"none\", \"packet\":"
                        + " {\"source\": \"fd00::1\", \"destination\": \"fd00::2\"}}]}");
        Response refused = post("experiments", body);
        assertEquals(400, refused.getStatus());
        JsonObject fields = json(refused).get("fields").asObject();
        assertTrue(fields.toString(), fields.getString("ingress", "").contains("has no link into it"));
        assertTrue(fields.getString("classes[2].latencyClass", "").contains("msr6-te-encap"));
        assertTrue(fields.getString("classes[2].packet", "").contains("has no source address"));
        assertEquals("no APN6 policy none", fields.getString("classes[3].policy", null));

        JsonObject checked = json(post("experiments/validate", body));
        assertFalse(checked.getBoolean("valid", true));
        assertEquals(fields, checked.get("fields").asObject());
        assertTrue(json(post("experiments/validate", EXPERIMENT)).getBoolean("valid", false));
    }

    @Test
    public void runActionsTakeNoArgumentsButAcceptAnEmptyObject() {
        post("experiments", EXPERIMENT);
        Response withEmptyObject = post("experiments/apn6-vs-ipv6/runs", "{}");
        assertEquals(202, withEmptyObject.getStatus());
        long id = json(withEmptyObject).getLong("id", 0);
        Response withArguments = post("experiments/apn6-vs-ipv6/runs", "{\"probes\": 5}");
        assertEquals(400, withArguments.getStatus());
        assertEquals("this request takes no body: send none or {}", json(withArguments).getString("message", null));
        assertEquals(400, post("experiments/apn6-vs-ipv6/runs/" + id + "/cancel", "[1]").getStatus());
        assertEquals("CANCELLED", json(post("experiments/apn6-vs-ipv6/runs/" + id + "/cancel", "{}"))
                .getString("state", null));
    }

    @Test
    public void runsAreQueuedCancelledAndRemovedWithTheirExperiment() {
        post("experiments", EXPERIMENT);
        Response started = post("experiments/apn6-vs-ipv6/runs", "");
        assertEquals(202, started.getStatus());
        JsonObject run = json(started);
        assertEquals("QUEUED", run.getString("state", null));
        assertEquals(4000, run.getLong("total", 0));
        long id = run.getLong("id", 0);
        assertEquals("QUEUED", get("experiments/apn6-vs-ipv6/runs/" + id).getString("state", null));
        assertEquals("QUEUED", get("experiments").get("experiments").asArray().get(0).asObject().get("lastRun")
                .asObject().getString("state", null));
        assertEquals("a run is still queued", 409, target().path("experiments/apn6-vs-ipv6").request().delete()
                .getStatus());

        JsonObject cancelled = json(post("experiments/apn6-vs-ipv6/runs/" + id + "/cancel", ""));
        assertEquals("CANCELLED", cancelled.getString("state", null));
        assertEquals("cancelled before it started", cancelled.getString("reason", null));
        assertEquals(409, post("experiments/apn6-vs-ipv6/runs/" + id + "/cancel", "").getStatus());
        assertEquals(404, post("experiments/nope/runs", "").getStatus());
        Response noRuns = target().path("experiments/nope/runs").request().get();
        assertEquals("listing runs says what starting one says", 404, noRuns.getStatus());
        assertEquals("No experiment nope", json(noRuns).getString("message", null));
        assertEquals(404, target().path("experiments/other/runs/" + id).request().get().getStatus());

        assertEquals(204, target().path("experiments/apn6-vs-ipv6").request().delete().getStatus());
        assertEquals(404, target().path("experiments/apn6-vs-ipv6").request().delete().getStatus());
        assertEquals(404, target().path("experiments/apn6-vs-ipv6/runs").request().get().getStatus());
    }

    /** Stores what a finished run of the experiment would have stored. */
    private long finishedRun(double baselineMean, double featureMean) {
        long id = json(post("experiments/apn6-vs-ipv6/runs", "")).getLong("id", 0);
        Instant t = Instant.parse("2026-11-24T10:00:00Z");
        experiments.store.transition(id, ExperimentRunState.QUEUED, ExperimentRunState.RUNNING, "n1", null, t);
        experiments.store.transition(id, ExperimentRunState.RUNNING, ExperimentRunState.DONE, "n1", null, t);
        experiments.store.saveResults(id, List.of(ExperimentCellResult.of(
                ExperimentCell.of(0, 128, 1_000_000, null),
                List.of(result("ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6, baselineMean),
                        result("apn6", ExperimentClassRole.FEATURE, LatencyClass.APN6_INSERT, featureMean)))),
                                      PacingSummary.of(1_000_000, 4000, 5, 20, 90, 2, 1000), 120L);
        experiments.store.saveSamples(List.of(ExperimentSample.builder(id).probe(0, 0, 1, 5, false)
                                                      .measured("device:beijing", LatencyClass.APN6_INSERT, 0, 1, 2)
                                                      .timing(5_000_000_000L, 73_000, 0).build()));
        return id;
    }

    private static ExperimentClassResult result(String name, ExperimentClassRole role, LatencyClass c, double mean) {
        return ExperimentClassResult.builder(name, role, c, "device:beijing")
                .counts(2000, 1999, 1, ExperimentClassResult.LossBasis.PROBES)
                .latency(LatencySummary.builder().moments(1999, mean, 30_000).extremes(26_000, 900_000).percentiles(mean, mean, mean).normality(0.2, Double.NaN).build())
                .build();
    }

    @Test
    public void resultsTablesExportSamplesAndComparison() {
        post("experiments", EXPERIMENT);
        long queued = json(post("experiments/apn6-vs-ipv6/runs", "")).getLong("id", 0);
        Response none = target().path("experiments/apn6-vs-ipv6/runs/" + queued + "/results").request().get();
        assertEquals(404, none.getStatus());
        assertTrue(json(none).getString("message", "").contains("has no results (it is QUEUED)"));
        post("experiments/apn6-vs-ipv6/runs/" + queued + "/cancel", "");

        long a = finishedRun(64_000, 73_000);
        long b = finishedRun(64_000, 70_000);
        JsonObject results = get("experiments/apn6-vs-ipv6/runs/" + a + "/results");
        JsonObject apn6 = results.get("cells").asArray().get(0).asObject().get("classes").asArray().get(1).asObject();
        assertEquals(1, apn6.getLong("lost", 0));
        assertTrue("NaN is null", apn6.get("latency").asObject().get("ksPValue").isNull());
        JsonObject comparison = results.get("comparisons").asArray().get(0).asObject();
        assertEquals(9000, comparison.get("diff").asObject().getDouble("mean", 0), 1e-9);
        assertEquals(4, comparison.get("onePacket").asArray().size());
        assertEquals("latency", results.get("tables").asArray().get(0).asObject().getString("id", null));
        assertEquals(20, results.get("pacing").asObject().getDouble("p99ErrorNanos", 0), 0);

        Response csv = target().path("experiments/apn6-vs-ipv6/runs/" + a + "/export").request().get();
        assertEquals(200, csv.getStatus());
        assertTrue(csv.getMediaType().toString().startsWith("text/csv"));
        assertTrue(csv.getHeaderString("Content-Disposition").contains("apn6-vs-ipv6-run-" + a + ".csv"));
        String text = csv.readEntity(String.class);
        assertTrue(text, text.contains("Experiment,Mean,STDEV,MAX,MIN,Range\r\n1 (ipv6),64000.0,30000.0,"));
        assertTrue(text.contains("DIFF (apn6 − ipv6),9000.0,0.0,0.0,0.0,\r\n"));
        Response exported = target().path("experiments/apn6-vs-ipv6/runs/" + a + "/export")
                .queryParam("format", "json").request().get();
        assertEquals(results.get("tables"), json(exported).get("tables"));
        assertEquals(400, target().path("experiments/apn6-vs-ipv6/runs/" + a + "/export")
                .queryParam("format", "xml").request().get().getStatus());

        JsonObject samples = get("experiments/apn6-vs-ipv6/runs/" + a + "/samples?class=apn6");
        assertEquals(73_000, samples.get("samples").asArray().get(0).asObject().getLong("deltaNanos", 0));
        assertEquals(400, target().path("experiments/apn6-vs-ipv6/runs/" + a + "/samples")
                .queryParam("class", "nope").request().get().getStatus());

        JsonObject compared = get("experiments/compare?a=" + a + "&b=" + b);
        JsonObject row = compared.get("rows").asArray().get(1).asObject();
        assertEquals("apn6", row.getString("className", null));
        assertEquals(-3000, row.getDouble("difference", 0), 1e-9);
        assertEquals("Welch: t = 3000 / (30000 · √(2 / 1999)) = 3.16", 0.0016, row.getDouble("pValue", 1), 1e-4);
        assertEquals(400, target().path("experiments/compare").queryParam("a", a).request().get().getStatus());
        assertEquals(404, target().path("experiments/compare").queryParam("a", a).queryParam("b", queued)
                .request().get().getStatus());
    }

    @Test
    public void withoutTheDatabaseTheAnswerSaysSo() {
        experiments.store.down = true;
        Response list = target().path("experiments").request().get();
        assertEquals(503, list.getStatus());
        assertTrue(json(list).getString("message", "").contains("history database"));
        assertEquals(503, post("experiments", EXPERIMENT).getStatus());
        assertEquals(200, target().path("experiments/presets").request().get().getStatus());
    }
}
