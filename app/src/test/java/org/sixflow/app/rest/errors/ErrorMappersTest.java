// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.errors;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonObject;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.test.JerseyTest;
import org.glassfish.jersey.test.TestProperties;
import org.glassfish.jersey.test.jetty.JettyTestContainerFactory;
import org.glassfish.jersey.test.spi.TestContainerFactory;
import org.junit.Test;
import org.onlab.osgi.ServiceNotFoundException;
import org.onlab.rest.AuthorizationFilter;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.net.flow.FlowRuleStoreException;
import org.sixflow.app.api.HistoryUnavailableException;
import org.sixflow.app.api.IdInUseException;
import org.sixflow.app.rest.SixflowWebApplication;
import org.sixflow.app.testing.RawHttp;

import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.WebApplicationException;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.net.ConnectException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Every error the REST application can meet is answered as JSON {"code", "message"} with the
 * right status, and none tells what only the log should know.
 */
public class ErrorMappersTest extends JerseyTest {

    private static final String SECRET = "ERROR: relation sixflow.latency_samples does not exist";

    /** Throws what the test asks for. */
    @Path("failing")
    public static class FailingResource {

        @GET
        @Path("{what}")
        @Produces(MediaType.APPLICATION_JSON)
        public String fail(@PathParam("what") String what) {
            switch (what) {
                case "overflow":
                    throw new StackOverflowError(SECRET);
                case "runtime":
                    throw new NullPointerException(SECRET);
                case "history":
                    throw new HistoryUnavailableException("History database query failed", new SQLException(SECRET));
                case "state":
                    throw new IllegalStateException("run 3 has ended (DONE)");
                case "in-use":
                    throw new IdInUseException("tree id video is in use");
                case "missing":
                    throw new ItemNotFoundException("No tree video");
                case "argument":
                    throw new IllegalArgumentException("device \"x\" is not a device id");
                case "flow-store":
                    throw new FlowRuleStoreException(new ConnectException(SECRET));
                case "service":
                    throw new ServiceNotFoundException("Service org.sixflow.app.api.TelemetryService not found");
                case "too-large":
                    throw new WebApplicationException("request body is larger than 1048576 bytes", 413);
                default:
                    return "{}";
            }
        }

        @GET
        @Path("number")
        @Produces(MediaType.APPLICATION_JSON)
        public String number(@QueryParam("n") int n) {
            return "{}";
        }

        @POST
        @Consumes(MediaType.APPLICATION_JSON)
        @Produces(MediaType.APPLICATION_JSON)
        public String write(String body) {
            return "{}";
        }

        @POST
        @Path("run")
        @Consumes(MediaType.APPLICATION_JSON)
        @Produces(MediaType.APPLICATION_JSON)
        public String run() {
            return "{}";
        }

        @DELETE
        @Path("{what}")
        public Response remove(@PathParam("what") String what) {
            return Response.noContent().build();
        }
    }

    public ErrorMappersTest() {
        super(new ResourceConfig().addProperties(SixflowWebApplication.PROPERTIES)
                      .registerClasses(new SixflowWebApplication().getClasses().stream()
                                               .filter(c -> !c.getSimpleName().endsWith("WebResource"))
                                               .toArray(Class<?>[]::new))
                      .register(FailingResource.class));
        set(TestProperties.CONTAINER_PORT, 0);
        AuthorizationFilter.disableForTests();
    }

    @Override
    protected TestContainerFactory getTestContainerFactory() {
        return new JettyTestContainerFactory();
    }

    private HttpResponse<String> send(String method, String path, String body, String... headers) {
        return RawHttp.send(method, getBaseUri().resolve(path),
                            body == null ? null : body.getBytes(StandardCharsets.UTF_8), headers);
    }

    private static JsonObject error(HttpResponse<String> response, int status) {
        assertEquals(response.body(), status, response.statusCode());
        assertEquals("application/json", response.headers().firstValue("Content-Type").orElse("")
                .split(";")[0]);
        JsonObject json = Json.parse(response.body()).asObject();
        assertEquals(status, json.getInt("code", 0));
        assertFalse(json.getString("message", "").isEmpty());
        assertFalse("no internals: " + response.body(), response.body().contains(SECRET));
        assertFalse("no stack: " + response.body(), response.body().contains("at org."));
        return json;
    }

    @Test
    public void errorsAreOverflowsAndBugsAre500WithAReferenceOnly() {
        assertTrue(error(send("GET", "failing/overflow", null), 500).getString("message", "")
                           .contains("the server log has the details under reference"));
        error(send("GET", "failing/runtime", null), 500);
    }

    @Test
    public void eachExceptionHasItsStatus() {
        assertEquals("run 3 has ended (DONE)", error(send("GET", "failing/state", null), 409).getString("message", ""));
        assertEquals("tree id video is in use", error(send("GET", "failing/in-use", null), 409)
                .getString("message", ""));
        assertEquals("No tree video", error(send("GET", "failing/missing", null), 404).getString("message", ""));
        error(send("GET", "failing/argument", null), 400);
        error(send("GET", "failing/too-large", null), 413);
    }

    @Test
    public void unavailableIs503WithRetryAfterAndNoDatabaseText() {
        HttpResponse<String> history = send("GET", "failing/history", null);
        assertEquals("History database query failed; try again later", error(history, 503).getString("message", ""));
        assertEquals(String.valueOf(JsonErrors.RETRY_AFTER_SECONDS), history.headers().firstValue("Retry-After")
                .orElse(""));
        HttpResponse<String> service = send("GET", "failing/service", null);
        error(service, 503);
        assertTrue(service.headers().firstValue("Retry-After").isPresent());
        // ONOS's flow-rule store while a device's master is replaced (a cluster run: 500 before).
        HttpResponse<String> store = send("GET", "failing/flow-store", null);
        assertTrue(error(store, 503).getString("message", "").contains("try again later"));
        assertTrue(store.headers().firstValue("Retry-After").isPresent());
    }

    @Test
    public void jerseysOwnErrorsAreJsonToo() {
        assertTrue(error(send("GET", "no/such/path", null), 404).getString("message", "").contains("/no/such/path"));
        HttpResponse<String> notAllowed = send("DELETE", "failing/number", null);
        assertTrue(error(notAllowed, 405).getString("message", "").contains("GET"));
        assertTrue(notAllowed.headers().firstValue("Allow").orElse("").contains("GET"));
        error(send("GET", "failing/x", null, "Accept", "text/html"), 406);
        assertEquals("query parameter n is malformed", error(send("GET", "failing/number?n=abc", null), 400)
                .getString("message", ""));
    }

    @Test
    public void writesMustSayJsonInUtf8() {
        assertTrue(error(send("POST", "failing", "{}"), 415).getString("message", "")
                           .contains("Content-Type: application/json"));
        error(send("POST", "failing", "{}", "Content-Type", "text/plain"), 415);
        error(send("POST", "failing", "{}", "Content-Type", "application/x-www-form-urlencoded"), 415);
        assertEquals("JSON bodies must be UTF-8, not charset=ISO-8859-1",
                     error(send("POST", "failing", "{}", "Content-Type", "application/json; charset=ISO-8859-1"), 415)
                             .getString("message", ""));
        assertEquals(200, send("POST", "failing", "{}", "Content-Type", "application/json; charset=utf-8")
                .statusCode());
        // A write that takes no body may come without one, but not with one that is not JSON.
        assertEquals(200, send("POST", "failing/run", null).statusCode());
        assertEquals(200, send("POST", "failing/run", "{}", "Content-Type", "application/json").statusCode());
        error(send("POST", "failing/run", "x=1", "Content-Type", "application/x-www-form-urlencoded"), 415);
    }

    @Test
    public void theContentTypeOfARequestWithoutBodyIsIgnored() {
        // Clients that send Content-Type: application/json with every request: inside ONOS a GET or
        // DELETE with it was refused 415 (BodilessContentTypeFilterTest says why; the lab's
        // test_rest_api asks the real ONOS).
        for (String type : new String[]{"application/json", "application/json; charset=utf-8", "text/plain"}) {
            assertEquals(type, 200, send("GET", "failing/x", null, "Content-Type", type).statusCode());
            assertEquals(type, 200, send("HEAD", "failing/x", null, "Content-Type", type).statusCode());
            assertEquals(type, 204, send("DELETE", "failing/x", null, "Content-Type", type).statusCode());
        }
        // A write still says what its body is.
        error(send("POST", "failing/run", "x=1", "Content-Type", "text/plain"), 415);
    }

    @Test
    public void optionsTellsTheMethodsNotAWadlDocument() {
        HttpResponse<String> options = send("OPTIONS", "failing/x", null, "Content-Type", "application/json");
        assertTrue(options.body(), options.statusCode() < 300);
        assertTrue(options.headers().firstValue("Allow").orElse("").contains("DELETE"));
        assertFalse(options.body(), options.body().contains("<application"));
    }

    @Test
    public void declaredBodiesBeyondTheBoundAre413BeforeReading() {
        byte[] big = new byte[2 * 1024 * 1024];
        HttpResponse<String> answer = RawHttp.send("POST", getBaseUri().resolve("failing"), big,
                                                   "Content-Type", "application/json");
        error(answer, 413);
    }

    @Test
    public void queryValuesAndPathSegmentsAreBounded() {
        assertTrue(error(send("GET", "failing/number?n=" + "1".repeat(300), null), 400).getString("message", "")
                           .contains("query parameter n is longer than 256 characters"));
        assertTrue(error(send("GET", "failing/" + "x".repeat(65), null), 400).getString("message", "")
                           .contains("path segment is longer than 64 characters"));
        StringBuilder many = new StringBuilder("failing/number?n=1");
        for (int i = 0; i < 40; i++) {
            many.append("&p").append(i).append("=1");
        }
        assertTrue(error(send("GET", many.toString(), null), 400).getString("message", "")
                           .contains("at most 32 query parameters"));
    }
}
