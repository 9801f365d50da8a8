// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.servlet.ServletContextHandler;
import org.eclipse.jetty.servlet.ServletHolder;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

/**
 * The dashboard servlet mounted as web.xml mounts it (context /onos/sixflow, /ui/*), in Jetty:
 * files, deep links, the base href, what it refuses, and a bundle without a dashboard.
 */
public class DashboardServletTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private Server server;
    private File root;

    @Before
    public void setUp() throws Exception {
        root = folder.newFolder("browser");
        Files.writeString(root.toPath().resolve("index.html"),
                          "<html><head><base href=\"/\"><style nonce=\"SIXFLOW_CSP_NONCE\"></style></head><body>"
                                  + "<sixflow-root ngcspnonce=\"SIXFLOW_CSP_NONCE\"></sixflow-root></body></html>");
        Files.writeString(root.toPath().resolve("main-ABC123.js"), "console.log('sixflow');");
        Files.writeString(folder.getRoot().toPath().resolve("secret.txt"), "outside");
    }

    @After
    public void tearDown() throws Exception {
        if (server != null) {
            server.stop();
        }
    }

    private String start(DashboardServlet servlet) throws Exception {
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/onos/sixflow");
        context.addServlet(new ServletHolder(servlet), "/ui/*");
        server = new Server(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        server.setHandler(context);
        server.start();
        return "http://127.0.0.1:" + ((ServerConnector) server.getConnectors()[0]).getLocalPort() + "/onos/sixflow";
    }

    private DashboardServlet fromFolder() {
        return new DashboardServlet(path -> {
            File file = new File(root, path);
            try {
                return file.isFile() ? Optional.of(file.toURI().toURL()) : Optional.empty();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static HttpURLConnection get(String url) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) new URL(url).openConnection();
        connection.setInstanceFollowRedirects(false);
        return connection;
    }

    private static String body(HttpURLConnection connection) throws IOException {
        try (InputStream in = connection.getResponseCode() < 400 ? connection.getInputStream()
                : connection.getErrorStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    public void indexGetsTheBaseItIsMountedAt() throws Exception {
        String base = start(fromFolder());
        HttpURLConnection index = get(base + "/ui/");
        assertEquals(200, index.getResponseCode());
        assertEquals("text/html;charset=utf-8", index.getContentType().replace(" ", "").toLowerCase());
        assertEquals("no-cache", index.getHeaderField("Cache-Control"));
        assertTrue(body(index).contains("<base href=\"/onos/sixflow/ui/\">"));
    }

    @Test
    public void filesAreServedWithTheirType() throws Exception {
        String base = start(fromFolder());
        HttpURLConnection script = get(base + "/ui/main-ABC123.js");
        assertEquals(200, script.getResponseCode());
        assertTrue(script.getContentType().startsWith("text/javascript"));
        assertEquals("console.log('sixflow');", body(script));
    }

    @Test
    public void deepLinksGetTheIndexForTheAngularRouter() throws Exception {
        String base = start(fromFolder());
        HttpURLConnection deep = get(base + "/ui/trees?tree=video");
        assertEquals(200, deep.getResponseCode());
        assertTrue(body(deep).contains("<sixflow-root "));
    }

    @Test
    public void theUiPathWithoutItsSlashIsRedirected() throws Exception {
        String base = start(fromFolder());
        HttpURLConnection bare = get(base + "/ui");
        assertEquals(302, bare.getResponseCode());
        assertTrue(bare.getHeaderField("Location").endsWith("/onos/sixflow/ui/"));
    }

    @Test
    public void nothingOutsideTheDashboardIsServed() throws Exception {
        String base = start(fromFolder());
        HttpURLConnection escape = get(base + "/ui/%2e%2e/secret.txt");
        String text = body(escape);
        assertTrue("served a file outside the dashboard: " + text, !text.contains("outside"));
    }

    @Test
    public void aBundleWithoutDashboardSaysHowToBuildIt() throws Exception {
        String base = start(new DashboardServlet(path -> Optional.empty()));
        HttpURLConnection missing = get(base + "/ui/");
        assertEquals(404, missing.getResponseCode());
        assertTrue(body(missing).contains("This Sixflow app bundle carries no dashboard: build web/ (make build)"));
        assertEquals("application/json", missing.getContentType());
    }

    @Test
    public void thePageCarriesAPolicyWithAFreshNonce() throws Exception {
        String base = start(fromFolder());
        List<String> nonces = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            HttpURLConnection index = get(base + "/ui/");
            String page = body(index);
            assertFalse(page.contains("SIXFLOW_CSP_NONCE"));
            Matcher nonce = Pattern.compile("ngcspnonce=\"([A-Za-z0-9+/=]{24})\"").matcher(page);
            assertTrue(page, nonce.find());
            assertTrue(page.contains("<style nonce=\"" + nonce.group(1) + "\">"));
            String policy = index.getHeaderField("Content-Security-Policy");
            assertTrue(policy, policy.contains("script-src 'self' 'nonce-" + nonce.group(1) + "'"));
            // The topology graph library inserts a style element no nonce reaches: styles inline, scripts not.
            assertTrue(policy, policy.contains("style-src-elem 'self' 'unsafe-inline'"));
            assertTrue(policy, policy.contains("frame-ancestors 'none'"));
            assertFalse(policy, policy.contains("script-src 'self' 'unsafe-inline'"));
            assertEquals("nosniff", index.getHeaderField("X-Content-Type-Options"));
            assertEquals("DENY", index.getHeaderField("X-Frame-Options"));
            nonces.add(nonce.group(1));
        }
        assertNotEquals(nonces.get(0), nonces.get(1));
        HttpURLConnection script = get(base + "/ui/main-ABC123.js");
        assertEquals("nosniff", script.getHeaderField("X-Content-Type-Options"));
    }

    @Test
    public void onlyGetAndHeadAreServed() throws Exception {
        String base = start(fromFolder());
        HttpURLConnection post = get(base + "/ui/");
        post.setRequestMethod("POST");
        assertEquals(405, post.getResponseCode());
        assertEquals("GET, HEAD", post.getHeaderField("Allow"));
        assertTrue(body(post).startsWith("{\"code\":405,"));
    }
}
