// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonObject;
import org.eclipse.jetty.security.HashLoginService;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.webapp.WebAppContext;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import org.sixflow.app.rest.auth.BasicAuthenticationFilter;
import org.sixflow.app.rest.auth.TestRealm;
import org.sixflow.app.rest.errors.JsonErrorServlet;
import org.sixflow.app.rest.http.BufferedBodyFilter;
import org.sixflow.app.rest.http.SecurityHeadersFilter;
import org.sixflow.app.testing.RawHttp;
import org.sixflow.app.testing.WebHarness;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.File;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The app's web.xml, as ONOS's web container reads it: every path behind ONOS's authentication
 * (basic, realm karaf, roles admin and viewer: BasicAuthenticationFilter), the security headers on
 * every answer, and JSON error pages. The e2e harness runs without the authentication, on
 * loopback, and says so (WebHarness); here the real web.xml runs in Jetty with a JAAS realm karaf
 * of two users (TestRealm), asked as inside ONOS.
 */
public class WebXmlTest {

    private static final File WEB_XML = new File("src/main/webapp/WEB-INF/web.xml");
    private static Server server;
    private static TestRealm realm;

    @BeforeClass
    public static void startTheWebApp() throws Exception {
        WebAppContext context = new WebAppContext();
        context.setContextPath("/onos/sixflow");
        context.setResourceBase(new File("src/main/webapp").getAbsolutePath());
        context.setDescriptor(WEB_XML.getAbsolutePath());
        context.setParentLoaderPriority(true);
        context.setThrowUnavailableOnStartupException(true);
        realm = TestRealm.install();
        // The container's own login service for web.xml's login-config knows nobody: were the
        // container to authenticate a request (as it did per request before), it would refuse it.
        context.getSecurityHandler().setLoginService(new HashLoginService("karaf"));
        server = new Server(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        server.setHandler(context);
        server.start();
    }

    @AfterClass
    public static void stop() throws Exception {
        server.stop();
        realm.close();
    }

    private static HttpResponse<String> get(String path, String... headers) {
        int port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
        return RawHttp.send("GET", URI.create("http://127.0.0.1:" + port + "/onos/sixflow/" + path), null, headers);
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private static void assertSecurityHeaders(HttpResponse<String> answer) {
        assertEquals("nosniff", answer.headers().firstValue("X-Content-Type-Options").orElse(""));
        assertEquals("DENY", answer.headers().firstValue("X-Frame-Options").orElse(""));
        assertTrue(answer.headers().firstValue("Content-Security-Policy").orElse("").contains("frame-ancestors 'none'"));
    }

    @Test
    public void unauthenticatedRequestsAreRefusedEverywhereWithJson() {
        for (String path : new String[]{"v1/openapi.json", "v1/trees", "v1/no/such/path", "ui/", "ui/index.html",
                "errors", "", "anything/else"}) {
            HttpResponse<String> answer = get(path);
            assertEquals(path, 401, answer.statusCode());
            assertTrue(path, answer.headers().firstValue("WWW-Authenticate").orElse("").contains("realm=\"karaf\""));
            JsonObject json = Json.parse(answer.body()).asObject();
            assertEquals(401, json.getInt("code", 0));
            assertSecurityHeaders(answer);
        }
        assertEquals(401, get("v1/openapi.json", "Authorization", basic("onos", "wrong")).statusCode());
    }

    @Test
    public void onosUsersGetThrough() {
        HttpResponse<String> answer = get("v1/openapi.json", "Authorization", basic("onos", "rocks"));
        assertEquals(answer.body(), 200, answer.statusCode());
        assertEquals("3.1.0", Json.parse(answer.body()).asObject().getString("openapi", ""));
        assertSecurityHeaders(answer);
        // A user without ONOS's roles is refused, also as JSON.
        HttpResponse<String> guest = get("v1/openapi.json", "Authorization", basic("guest", "guest"));
        assertEquals(403, guest.statusCode());
        assertEquals(403, Json.parse(guest.body()).asObject().getInt("code", 0));
        // The container's own 404 (a path no servlet serves) is JSON.
        HttpResponse<String> nowhere = get("nowhere", "Authorization", basic("onos", "rocks"));
        assertEquals(404, nowhere.statusCode());
        assertEquals(404, Json.parse(nowhere.body()).asObject().getInt("code", 0));
        // For every method: Jetty's error page has a body only for GET, POST and HEAD (a PATCH to
        // such a path inside ONOS was answered 404 with nothing).
        for (String method : new String[]{"PATCH", "DELETE", "PUT", "PROPFIND", "OPTIONS"}) {
            int port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
            HttpResponse<String> other = RawHttp.send(method, URI.create("http://127.0.0.1:" + port
                    + "/onos/sixflow/v2/trees"), null, "Authorization", basic("onos", "rocks"));
            assertEquals(method, 404, other.statusCode());
            assertEquals(method + ": " + other.body(), 404, Json.parse(other.body()).asObject().getInt("code", 0));
            assertSecurityHeaders(other);
        }
    }

    @Test
    public void manyRequestsWithTheSameCredentialsCostOneLogin() {
        int before = TestRealm.LOGINS.get();
        for (int i = 0; i < 20; i++) {
            assertEquals(200, get("v1/openapi.json", "Authorization", basic("onos", "rocks")).statusCode());
        }
        assertTrue("logins: " + (TestRealm.LOGINS.get() - before), TestRealm.LOGINS.get() - before <= 1);
    }

    @Test
    public void everyPathIsBehindTheAuthenticationFilterBeforeAnyBodyIsRead() throws Exception {
        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(WEB_XML);
        // No container authentication: it ran a JAAS login per request (BasicAuthenticationFilter).
        assertEquals(0, xml.getElementsByTagName("security-constraint").getLength());
        // Its login method stays for pax-web (without one it starts no context), unused.
        assertEquals(Set.of("BASIC"), texts(xml.getDocumentElement(), "auth-method"));
        assertEquals(Set.of("karaf"), texts(xml.getDocumentElement(), "realm-name"));
        List<String> filters = new ArrayList<>();
        NodeList mappings = xml.getElementsByTagName("filter-mapping");
        for (int i = 0; i < mappings.getLength(); i++) {
            Element mapping = (Element) mappings.item(i);
            filters.add(texts(mapping, "filter-name").iterator().next());
            if (texts(mapping, "filter-name").contains("Authentication")) {
                assertEquals(Set.of("/*"), texts(mapping, "url-pattern"));
                assertEquals(Set.of("REQUEST", "ASYNC"), texts(mapping, "dispatcher"));
            }
        }
        assertTrue(texts(xml.getDocumentElement(), "filter-class").contains(BasicAuthenticationFilter.class.getName()));
        assertTrue(filters.toString(), filters.indexOf("Authentication") >= 0
                && filters.indexOf("Authentication") < filters.indexOf("Buffered bodies")
                && filters.indexOf("Authentication") < filters.indexOf("Unparsable requests"));
    }

    @Test
    public void declaresWhatTheHarnessesPutInFrontToo() throws Exception {
        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(WEB_XML);
        Set<String> classes = texts(xml.getDocumentElement(), "filter-class");
        classes.addAll(texts(xml.getDocumentElement(), "servlet-class"));
        assertTrue(classes.contains(SecurityHeadersFilter.class.getName()));
        assertTrue(classes.contains(BufferedBodyFilter.class.getName()));
        assertTrue(classes.contains(JsonErrorServlet.class.getName()));
        assertEquals(Set.of(WebHarness.ERROR_PAGE), texts(xml.getDocumentElement(), "location"));
        Set<String> codes = texts(xml.getDocumentElement(), "error-code");
        for (String code : new String[]{"400", "401", "403", "404", "405", "413", "415", "500", "503"}) {
            assertTrue("error page for " + code, codes.contains(code));
        }
        assertEquals(Set.of("java.lang.Throwable"), texts(xml.getDocumentElement(), "exception-type"));
        // ASYNC: the second dispatch of a request whose body BufferedBodyFilter received.
        assertEquals(Set.of("REQUEST", "ERROR", "ASYNC"), texts(xml.getDocumentElement(), "dispatcher"));
        assertFalse(texts(xml.getDocumentElement(), "url-pattern").isEmpty());
    }

    private static Set<String> texts(Element parent, String tag) {
        Set<String> texts = new TreeSet<>();
        NodeList nodes = parent.getElementsByTagName(tag);
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(nodes.item(i).getTextContent().trim());
        }
        return texts;
    }
}
