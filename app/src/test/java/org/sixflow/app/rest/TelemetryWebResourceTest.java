// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonArray;
import com.eclipsesource.json.JsonObject;
import com.eclipsesource.json.JsonValue;
import org.junit.After;
import org.junit.AfterClass;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.onlab.junit.TestUtils;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.api.LatencyBatch;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.PortCounters;
import org.sixflow.app.api.PortStatistics;
import org.sixflow.app.api.TableOccupancy;
import org.sixflow.app.api.TelemetryEvent;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.impl.OsgiPropertyConstants;
import org.sixflow.app.testing.PostgresResource;
import org.sixflow.app.testing.TelemetryFixture;

import javax.ws.rs.client.WebTarget;
import javax.ws.rs.core.Response;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.HttpURLConnection;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.testing.TelemetryFixture.LEAF1;
import static org.sixflow.app.testing.TelemetryFixture.SECONDS;
import static org.sixflow.app.testing.TelemetryFixture.T0;

/**
 * The /telemetry endpoints over a real PostgreSQL holding the telemetry fixture, and the event
 * stream receiving posted events.
 */
public class TelemetryWebResourceTest extends SixflowRestTest {

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

    private static final String FROM = T0.toString();
    private static final String TO = T0.plusSeconds(SECONDS).toString();
    private static HistoryDatabase db;

    @BeforeClass
    public static void storeFixture() throws Exception {
        db = HistoryDatabase.open(POSTGRES.server().settings());
        TelemetryFixture.writeSamples(db);
        TelemetryFixture.writePortCounters(db, T0, LEAF1, "1", 1_000L, 2_000L, 100_000L, 200_000L, 0L, 1L, 0L, 0L);
        TelemetryFixture.writePortCounters(db, T0.plusSeconds(10), LEAF1, "1", 2_000L, 2_500L, 250_000L, 260_000L,
                                           0L, 1L, 0L, 2L);
    }

    @AfterClass
    public static void closeDatabase() {
        db.close();
    }

    @Before
    public void useDatabase() {
        telemetry.useDatabase(db);
        TelemetryWebResource.streamHeartbeat = Duration.ofMillis(200);
        TelemetryWebResource.streamHistoryPoll = Duration.ofMillis(50);
    }

    @After
    public void restoreStreamTiming() {
        TelemetryWebResource.streamHeartbeat = Duration.ofSeconds(15);
        TelemetryWebResource.streamHistoryPoll = Duration.ofSeconds(2);
        TelemetryWebResource.streamProbe = Duration.ofMillis(500);
    }

    private JsonObject get(String path, Map<String, Object> query) {
        WebTarget t = target().path("telemetry/" + path);
        for (Map.Entry<String, Object> q : query.entrySet()) {
            t = t.queryParam(q.getKey(), q.getValue());
        }
        return Json.parse(t.request().get(String.class)).asObject();
    }

    private void assertBadRequest(String path, Map<String, Object> query, String parameter) {
        WebTarget t = target().path("telemetry/" + path);
        for (Map.Entry<String, Object> q : query.entrySet()) {
            t = t.queryParam(q.getKey(), q.getValue());
        }
        Response response = t.request().get();
        String body = response.readEntity(String.class);
        assertEquals(body, 400, response.getStatus());
        JsonObject json = Json.parse(body).asObject();
        assertEquals(400, json.getInt("code", 0));
        assertTrue(body, json.getString("message", "").contains(parameter));
    }

    @Test
    public void latencySeriesHasTheContractsShape() {
        JsonObject series = get("latency", Map.of("device", LEAF1, "class", "ipv6", "from", FROM, "to", TO,
                                                  "step", "PT1M"));
        assertEquals(LEAF1, series.getString("device", null));
        assertEquals("ipv6", series.getString("class", null));
        assertTrue(series.get("port").isNull());
        assertEquals(FROM, series.getString("from", null));
        assertEquals(60, series.getDouble("stepSeconds", 0), 0);
        assertEquals("samples", series.getString("source", null));
        assertEquals("per-step", series.getString("extremes", null));
        assertEquals("the registers' min and max run from the pipeline's start: the series says so",
                     "since-registers-started", get("latency", Map.of("device", LEAF1, "class", "ipv6", "from", FROM,
                                                                      "to", TO, "source", "aggregates"))
                             .getString("extremes", null));
        JsonArray points = series.get("points").asArray();
        assertEquals(10, points.size());
        JsonObject first = points.get(0).asObject();
        assertEquals(FROM, first.getString("time", null));
        assertEquals(60, first.getLong("count", 0));
        assertEquals(1_045.0, first.getDouble("meanNs", 0), 1e-9);
        assertEquals(1_000, first.getLong("minNs", 0));
        assertEquals(1_090, first.getLong("maxNs", 0));
        // Class by code, port filter, step in seconds.
        JsonObject apn6 = get("latency", Map.of("device", LEAF1, "class", "1", "port", 3, "from", FROM, "to", TO,
                                                "step", "300"));
        assertEquals("apn6-insert", apn6.getString("class", null));
        assertEquals(3, apn6.getInt("port", 0));
        assertEquals(150, apn6.get("points").asArray().get(0).asObject().getLong("count", 0));
    }

    @Test
    public void badParametersAre400NamingTheParameter() {
        assertBadRequest("latency", Map.of("class", "ipv6"), "device");
        assertBadRequest("latency", Map.of("device", LEAF1, "class", "warp"), "class");
        assertBadRequest("latency", Map.of("device", LEAF1, "class", "ipv6", "from", "yesterday"), "from");
        assertBadRequest("latency", Map.of("device", LEAF1, "class", "ipv6", "from", TO, "to", FROM), "from");
        assertBadRequest("latency", Map.of("device", LEAF1, "class", "ipv6", "step", "0.5"), "step");
        assertBadRequest("latency", Map.of("device", LEAF1, "class", "ipv6", "step", "fast"), "step");
        assertBadRequest("latency", Map.of("device", LEAF1, "class", "ipv6", "from", "2026-01-01T00:00:00Z",
                                           "to", "2026-11-01T00:00:00Z", "step", "60"), "step");
        assertBadRequest("latency", Map.of("device", LEAF1, "class", "ipv6", "source", "guess"), "source");
        assertBadRequest("latency", Map.of("device", LEAF1, "class", "ipv6", "port", "x"), "port");
        assertBadRequest("samples", Map.of("device", LEAF1, "limit", 10_001), "limit");
        assertBadRequest("histogram", Map.of("device", LEAF1, "class", "ipv6", "buckets", 0), "buckets");
        assertBadRequest("statistics", Map.of("device", LEAF1, "feature", "msr6-decap", "from", FROM, "to", TO),
                         "feature");
        assertBadRequest("statistics", Map.of("device", LEAF1, "feature", "apn6-insert", "thresholds", "a,b"),
                         "thresholds");
        assertBadRequest("ports/history", Map.of("device", LEAF1), "port");
    }

    @Test
    public void samplesHistogramReplicasAndPorts() {
        JsonArray samples = get("samples", Map.of("device", LEAF1, "class", "apn6-insert", "from", FROM, "to", TO,
                                                  "limit", 2)).get("samples").asArray();
        assertEquals(2, samples.size());
        JsonObject newest = samples.get(0).asObject();
        assertEquals("apn6-insert", newest.getString("class", null));
        assertEquals(SECONDS - 1, newest.getLong("sequence", 0));
        assertEquals(TelemetryFixture.apn6IngressNanos(SECONDS - 1), newest.getLong("ingressTimestampNs", 0));
        assertEquals(TelemetryFixture.apn6EgressPort(SECONDS - 1), newest.getInt("egressPort", 0));
        assertTrue(get("samples", Map.of("device", LEAF1, "class", "ipv6", "from", FROM, "to", TO, "limit", 1))
                           .get("samples").asArray().get(0).asObject().get("ingressTimestampNs").isNull());

        JsonObject histogram = get("histogram", Map.of("device", LEAF1, "class", "ipv6", "from", FROM, "to", TO,
                                                       "buckets", 9));
        assertEquals(SECONDS, histogram.getLong("count", 0));
        assertEquals(10, histogram.get("edgesNs").asArray().size());
        assertEquals(120, histogram.get("counts").asArray().get(8).asLong());

        JsonObject replicas = get("replicas", Map.of("device", LEAF1, "from", FROM, "to", TO));
        assertEquals("msr6-replicate", replicas.getString("class", null));
        assertEquals(3, replicas.get("replicas").asArray().size());
        assertEquals(2_202.0, replicas.get("replicas").asArray().get(2).asObject().getDouble("meanNs", 0), 1e-9);

        JsonObject port = get("ports", Map.of()).get("ports").asArray().get(0).asObject();
        assertEquals("1", port.getString("port", null));
        assertEquals(100.0, port.getDouble("inPacketsPerSecond", 0), 1e-9);
        assertEquals(120_000.0, port.getDouble("inBitsPerSecond", 0), 1e-9);
        assertEquals(2, port.getLong("outErrors", 0));
        JsonObject history = get("ports/history", Map.of("device", LEAF1, "port", "1", "from", FROM,
                                                         "to", T0.plusSeconds(60).toString(), "step", 10));
        assertEquals(1, history.get("points").asArray().size());
        assertEquals(50.0, history.get("points").asArray().get(0).asObject().getDouble("outPacketsPerSecond", 0),
                     1e-9);
    }

    @Test
    public void statisticsHaveEveryFigureOfTheStudies() {
        JsonObject stats = get("statistics", Map.of("device", LEAF1, "feature", "apn6-insert", "from", FROM,
                                                    "to", TO, "thresholds", "0.05,0.2"));
        JsonObject feature = stats.get("feature").asObject();
        assertEquals("apn6-insert", feature.getString("class", null));
        assertEquals(SECONDS, feature.getLong("count", 0));
        for (String name : new String[]{"meanNs", "stdevNs", "minNs", "maxNs", "rangeNs", "p50Ns", "p90Ns", "p99Ns"}) {
            assertTrue(name, feature.get(name).isNumber());
        }
        JsonObject ks = feature.get("ks").asObject();
        assertTrue(ks.get("statistic").isNumber() && ks.get("pValue").isNumber() && ks.get("normal").isBoolean());
        assertEquals("ipv6", stats.get("baseline").asObject().getString("class", null));
        JsonObject overhead = stats.get("overhead").asObject();
        assertTrue(overhead.getDouble("meanRatio", 0) > 1);
        JsonArray probabilities = overhead.get("probabilities").asArray();
        assertEquals(2, probabilities.size());
        assertEquals(0.2, probabilities.get(1).asObject().getDouble("threshold", 0), 0);
        JsonValue p = probabilities.get(1).asObject().get("probability");
        assertTrue(p.asDouble() >= probabilities.get(0).asObject().getDouble("probability", 2));
        assertEquals(SECONDS - 1, stats.get("stability").asObject().getLong("pairs", 0));
        assertTrue(stats.get("sampled").isBoolean());
    }

    @Test
    public void streamSendsPostedEventsHistoryAndHeartbeats() throws Exception {
        HttpURLConnection connection = (HttpURLConnection) getBaseUri().resolve("telemetry/stream").toURL()
                .openConnection();
        connection.setReadTimeout(10_000);
        assertEquals(200, connection.getResponseCode());
        assertTrue(connection.getContentType().startsWith("text/event-stream"));
        DeviceId leaf1 = DeviceId.deviceId(LEAF1);
        Instant now = Instant.now();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(connection.getInputStream(),
                                                                          StandardCharsets.UTF_8))) {
            assertEquals("retry: 3000", in.readLine());
            assertEquals(": connected", in.readLine());
            telemetry.manager.post(TelemetryEvent.of(LatencyBatch.of(leaf1, LatencyClass.APN6_INSERT, now, 64,
                                                                     1_234.5)));
            telemetry.manager.post(TelemetryEvent.of(PortStatistics.of(
                    PortCounters.builder(leaf1, "1", now).inPackets(5L).build(), Optional.empty())));
            telemetry.manager.post(TelemetryEvent.of(TableOccupancy.of(leaf1, "IngressPipe.routing_v6", now, 3,
                                                                       1024)));
            history.record(HistoryEvent.of(now.plusSeconds(1), "DEVICE_ADDED", LEAF1, ""));

            JsonObject latency = nextEvent(in, "latency");
            assertEquals("apn6-insert", latency.getString("class", null));
            assertEquals(64, latency.getLong("count", 0));
            assertEquals(1_234.5, latency.getDouble("meanNs", 0), 0);
            assertEquals(now.toString(), latency.getString("time", null));
            JsonObject ports = nextEvent(in, "ports");
            assertEquals(5, ports.getLong("inPackets", 0));
            assertTrue(ports.get("outPackets").isNull() && ports.get("inPacketsPerSecond").isNull());
            assertEquals(1024, nextEvent(in, "occupancy").getInt("size", 0));
            assertEquals("DEVICE_ADDED", nextEvent(in, "event").getString("kind", null));
            String line;
            do {
                line = in.readLine();
            } while (line != null && !line.startsWith(": heartbeat"));
            assertTrue("heartbeat", line != null);
        } finally {
            connection.disconnect();
        }
    }

    @Test
    public void aClientThatLeavesFreesItsSlotAndListenerWithoutWaitingForAHeartbeat() throws Exception {
        TelemetryWebResource.streamHeartbeat = Duration.ofHours(1);
        TelemetryWebResource.streamProbe = Duration.ofMillis(20);
        try (Socket client = openStream()) {
            assertEquals(1, listeners());
            assertEquals(1, streams.manager.openStreams());
        }
        // No heartbeat is due and no event comes: the probes find the client gone.
        awaitNoStreams();
        assertEquals(0, listeners());
    }

    @Test
    public void theNumberOfStreamsIsAComponentPropertyAndOneTooManyIs503WithRetryAfter() throws Exception {
        streams.configure(Map.of(OsgiPropertyConstants.MAX_EVENT_STREAMS, "1"));
        TelemetryWebResource.streamProbe = Duration.ofMillis(20);
        try (Socket first = openStream()) {
            Response refused = target().path("telemetry/stream").request().get();
            assertEquals(503, refused.getStatus());
            assertEquals("5", refused.getHeaderString("Retry-After"));
            JsonObject error = Json.parse(refused.readEntity(String.class)).asObject();
            assertEquals(503, error.getInt("code", 0));
            assertTrue(error.getString("message", ""), error.getString("message", "").contains("(1)"));
        }
        awaitNoStreams();
        streams.configure(Map.of(OsgiPropertyConstants.MAX_EVENT_STREAMS, "2"));
        try (Socket again = openStream(); Socket second = openStream()) {
            assertEquals(2, streams.manager.openStreams());
        }
        awaitNoStreams();
    }

    /** Opens a stream on a bare socket and reads up to its greeting. */
    private Socket openStream() throws Exception {
        Socket socket = new Socket(getBaseUri().getHost(), getBaseUri().getPort());
        socket.setSoTimeout(10_000);
        String path = getBaseUri().resolve("telemetry/stream").getRawPath();
        socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream"
                + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        String status = in.readLine();
        assertTrue(status, status.contains(" 200 "));
        String line;
        do {
            line = in.readLine();
        } while (line != null && !line.equals(": connected"));
        assertEquals(": connected", line);
        return socket;
    }

    private void awaitNoStreams() throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (streams.manager.openStreams() > 0) {
            assertTrue("a closed client's slot is freed", System.currentTimeMillis() < deadline);
            Thread.sleep(10);
        }
    }

    private int listeners() throws Exception {
        Object registry = TestUtils.getField(telemetry.manager, "listenerRegistry");
        return ((Set<?>) TestUtils.getField(registry, "listeners")).size();
    }

    private static JsonObject nextEvent(BufferedReader in, String name) throws Exception {
        String line;
        while ((line = in.readLine()) != null) {
            if (line.equals("event: " + name)) {
                String data = in.readLine();
                assertTrue(data, data.startsWith("data: "));
                return Json.parse(data.substring("data: ".length())).asObject();
            }
        }
        throw new AssertionError("stream ended before a " + name + " event");
    }
}
