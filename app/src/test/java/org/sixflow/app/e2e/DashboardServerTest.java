// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.e2e;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonObject;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.onlab.osgi.TestServiceDirectory;
import org.onosproject.codec.CodecService;
import org.sixflow.app.api.EventStreamService;
import org.sixflow.app.api.HistoryService;
import org.sixflow.app.api.InventoryService;
import org.sixflow.app.api.TelemetryService;
import org.sixflow.app.impl.EventStreamManagerFixture;
import org.sixflow.app.impl.InventoryManagerFixture;
import org.sixflow.app.telemetry.TelemetryManagerFixture;
import org.sixflow.app.testing.RestTestSupport;
import org.sixflow.app.testing.TestHistoryService;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The e2e harness's server: the REST API under Jersey's servlet container, as ONOS mounts it, and
 * the dashboard's files with deep links falling back to index.html.
 */
public class DashboardServerTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private DashboardServer server;

    @Before
    public void setUp() throws Exception {
        Path dashboard = folder.newFolder("browser").toPath();
        Files.writeString(dashboard.resolve("index.html"), "<app-root></app-root>");
        Files.writeString(dashboard.resolve("main.js"), "console.log('sixflow')");
        server = new DashboardServer(new TestServiceDirectory()
                                             .add(TelemetryService.class, new TelemetryManagerFixture().manager)
                                             .add(EventStreamService.class, new EventStreamManagerFixture().manager)
                                             .add(HistoryService.class, new TestHistoryService())
                                             .add(InventoryService.class, new InventoryManagerFixture().manager)
                                             .add(CodecService.class, RestTestSupport.codecService()),
                                     dashboard);
    }

    @After
    public void tearDown() throws Exception {
        server.close();
    }

    private HttpURLConnection open(String path) throws Exception {
        HttpURLConnection connection = (HttpURLConnection) new URL(server.url() + path).openConnection();
        connection.setReadTimeout(5_000);
        return connection;
    }

    @Test
    public void servesFilesAndSendsDeepLinksToIndex() throws Exception {
        HttpURLConnection js = open("main.js");
        assertEquals(200, js.getResponseCode());
        assertTrue(js.getContentType().startsWith("text/javascript"));
        HttpURLConnection deepLink = open("trees?tree=video");
        assertEquals(200, deepLink.getResponseCode());
        assertTrue(deepLink.getContentType().startsWith("text/html"));
        assertEquals(404, open("onos/sixflow/v1/no-such-resource").getResponseCode());
    }

    /** The dashboard learns from health that it runs over the simulated core, and says so on every page. */
    @Test
    public void healthSaysTheEnvironmentIsSimulated() throws Exception {
        HttpURLConnection health = open("onos/sixflow/v1/health");
        assertEquals(200, health.getResponseCode());
        JsonObject environment;
        try (InputStreamReader in = new InputStreamReader(health.getInputStream(), StandardCharsets.UTF_8)) {
            environment = Json.parse(in).asObject().get("environment").asObject();
        }
        assertEquals("simulated", environment.getString("kind", null));
        assertTrue(environment.getString("note", "").contains("make lab"));
        assertTrue("the demo says its runs never start", environment.getString("note", "").contains("runs stay Queued"));
    }

    /** Under the servlet container a stream's first lines must arrive before 8 KB were written. */
    @Test
    public void telemetryStreamDeliversAtOnceUnderTheServletContainer() throws Exception {
        HttpURLConnection stream = open("onos/sixflow/v1/telemetry/stream");
        assertEquals(200, stream.getResponseCode());
        try (BufferedReader in = new BufferedReader(new InputStreamReader(stream.getInputStream(),
                                                                          StandardCharsets.UTF_8))) {
            assertEquals("retry: 3000", in.readLine());
            assertEquals(": connected", in.readLine());
        } finally {
            stream.disconnect();
        }
    }
}
