// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.auth;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonObject;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.servlet.FilterHolder;
import org.eclipse.jetty.servlet.ServletContextHandler;
import org.eclipse.jetty.servlet.ServletHolder;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.sixflow.app.testing.RawHttp;

import javax.servlet.DispatcherType;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

public class BasicAuthenticationFilterTest {

    private final AtomicInteger asked = new AtomicInteger();
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private Server server;

    @Before
    public void start() throws Exception {
        Authenticator realm = (user, password) -> {
            asked.incrementAndGet();
            if (failure.get() != null) {
                throw failure.get();
            }
            if (user.equals("onos") && password.equals("rocks")) {
                return Optional.of(new Identity("onos", Set.of("admin", "viewer")));
            }
            return user.equals("guest") && password.equals("guest")
                    ? Optional.of(new Identity("guest", Set.of("guest"))) : Optional.empty();
        };
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/onos/sixflow");
        context.addServlet(new ServletHolder(new HttpServlet() {
            @Override
            protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                response.getWriter().print(request.getRemoteUser() + " " + request.getUserPrincipal().getName() + " "
                        + request.isUserInRole("admin") + " " + request.isUserInRole("guest") + " "
                        + request.getAuthType());
            }
        }), "/*");
        context.addFilter(new FilterHolder(new BasicAuthenticationFilter(realm)), "/*",
                EnumSet.of(DispatcherType.REQUEST));
        server = new Server(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        server.setHandler(context);
        server.start();
    }

    @After
    public void stop() throws Exception {
        server.stop();
    }

    private HttpResponse<String> get(String... headers) {
        int port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
        return RawHttp.send("GET", URI.create("http://127.0.0.1:" + port + "/onos/sixflow/v1/trees"), null, headers);
    }

    private static String basic(String credentials) {
        return "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
    }

    private static void assertJsonError(int status, HttpResponse<String> answer) {
        assertEquals(answer.body(), status, answer.statusCode());
        JsonObject json = Json.parse(answer.body()).asObject();
        assertEquals(status, json.getInt("code", 0));
        assertTrue(answer.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
    }

    @Test
    public void anAcceptedUserReachesTheServletSignedIn() {
        HttpResponse<String> answer = get("Authorization", basic("onos:rocks"));
        assertEquals(200, answer.statusCode());
        assertEquals("onos onos true false BASIC", answer.body());
    }

    @Test
    public void missingMalformedOrRefusedCredentialsAreChallenged() {
        for (String[] headers : new String[][]{{}, {"Authorization", "Bearer x"}, {"Authorization", "Basic %%%"},
                {"Authorization", basic("onos")}, {"Authorization", basic("onos:wrong")}}) {
            HttpResponse<String> answer = get(headers);
            assertJsonError(401, answer);
            assertEquals(BasicAuthenticationFilter.CHALLENGE, answer.headers().firstValue("WWW-Authenticate").orElse(""));
        }
        assertEquals("only well-formed credentials are asked of the realm", 1, asked.get());
    }

    @Test
    public void aUserWithoutOnosRolesIsForbidden() {
        HttpResponse<String> answer = get("Authorization", basic("guest:guest"));
        assertJsonError(403, answer);
        assertTrue(answer.body(), answer.body().contains("neither role admin nor viewer"));
    }

    @Test
    public void aRealmThatCannotBeAskedIsA503NotARefusal() {
        failure.set(new AuthenticationUnavailableException("no realm karaf", null));
        HttpResponse<String> answer = get("Authorization", basic("onos:rocks"));
        assertJsonError(503, answer);
        assertTrue(answer.headers().firstValue("Retry-After").isPresent());
        assertTrue(answer.headers().firstValue("WWW-Authenticate").isEmpty());
    }
}
