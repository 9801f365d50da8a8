// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.features;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.servlet.ServletContextHandler;
import org.eclipse.jetty.servlet.ServletHolder;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.servlet.ServletContainer;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.osgi.TestServiceDirectory;
import org.sixflow.app.rest.SixflowWebApplication;
import org.sixflow.app.testing.RawHttp;
import org.sixflow.app.testing.WebHarness;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The real REST application in Jetty under Jersey's servlet, as ONOS mounts it: a feature that
 * registers after the servlet started is served once the container reloads, one that leaves is
 * not, {@code GET features} follows, and the core stays up throughout.
 */
public class FeatureReloaderTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final FeatureCatalog catalog = FeatureCatalog.shared();
    private final LateFeature late = new LateFeature();
    private Server server;
    private String base;

    /** A feature that is not in the app. */
    @Path("late-feature")
    public static class LateResource {
        @GET
        @Produces(MediaType.TEXT_PLAIN)
        public String hello() {
            return "late";
        }
    }

    private static final class LateFeature extends DescribedFeature {
        LateFeature() {
            super("zz-late", "A late feature", List.of(LateResource.class), Map.of(), List.of(), "late");
        }
    }

    @Before
    public void start() throws Exception {
        WebHarness.serveRestFrom(new TestServiceDirectory());
        ServletContextHandler api = new ServletContextHandler();
        api.setContextPath("/api");
        api.addServlet(new ServletHolder(new ServletContainer(
                ResourceConfig.forApplicationClass(SixflowWebApplication.class))), "/*");
        server = WebHarness.server(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        server.setHandler(api);
        server.start();
        base = "http://127.0.0.1:" + ((ServerConnector) server.getConnectors()[0]).getLocalPort() + "/api/";
    }

    @After
    public void stop() throws Exception {
        catalog.remove(late);
        server.stop();
    }

    @Test
    public void aFeatureThatComesIsServedAndOneThatGoesIsNot() throws Exception {
        assertEquals(404, get("late-feature").statusCode());
        assertFalse(listed());

        catalog.add(late);
        assertTrue("the late feature's path never answered", await(200));
        assertEquals("late", get("late-feature").body());
        assertTrue(listed());
        assertEquals(200, get("openapi.json").statusCode());
        assertTrue(MAPPER.readTree(get("openapi.json").body()).path("paths").has("/late-feature"));

        catalog.remove(late);
        assertTrue("the late feature's path still answers", await(404));
        assertFalse(listed());
        assertFalse(MAPPER.readTree(get("openapi.json").body()).path("paths").has("/late-feature"));
    }

    // A request that meets the container's reload may lose its connection (the reload replaces
    // the servlet under it): while waiting for the new state that counts as "not yet".
    private boolean await(int status) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            try {
                if (get("late-feature").statusCode() == status) {
                    return true;
                }
            } catch (IllegalStateException reloading) {
                // try again
            }
            Thread.sleep(50);
        }
        return false;
    }

    private boolean listed() throws Exception {
        JsonNode features = MAPPER.readTree(get("features").body()).path("features");
        for (JsonNode feature : features) {
            if (feature.path("name").asText().equals("zz-late")) {
                assertEquals("late", feature.path("dashboardPage").asText());
                assertEquals("/late-feature", feature.path("paths").path(0).asText());
                return true;
            }
        }
        return false;
    }

    private java.net.http.HttpResponse<String> get(String path) {
        return RawHttp.send("GET", URI.create(base + path), null);
    }
}
