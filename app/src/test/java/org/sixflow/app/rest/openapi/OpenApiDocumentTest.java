// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.BeforeClass;
import org.junit.Test;
import org.sixflow.app.api.ExperimentService;
import org.sixflow.app.api.HistoryService;
import org.sixflow.app.api.TelemetryService;
import org.sixflow.app.rest.OpenApiWebResource;
import org.sixflow.app.rest.SixflowWebApplication;
import org.sixflow.app.testing.AllFeatures;
import org.sixflow.app.rest.http.RequestLimits;

import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.QueryParam;
import java.io.File;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The OpenAPI description cannot drift from the API: checked here against the JAX-RS resources
 * by a reflection of its own (every operation and parameter both ways), against the JSON schemas
 * in definitions/, and against the request limits.
 */
public class OpenApiDocumentTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static ObjectNode doc;

    @BeforeClass
    public static void build() {
        doc = OpenApiWebResource.describe(AllFeatures.list());
    }

    /** The core's resources and every feature's. */
    private static List<Class<?>> resources() {
        List<Class<?>> resources = new ArrayList<>(SixflowWebApplication.CORE_RESOURCES);
        AllFeatures.list().forEach(f -> resources.addAll(f.resources()));
        return resources;
    }

    /** "METHOD /path" to its parameters, "in:name", read from the resources independently. */
    private static Map<String, Set<String>> resourceOperations() {
        Map<String, Set<String>> operations = new TreeMap<>();
        for (Class<?> resource : resources()) {
            String base = resource.getAnnotation(Path.class).value();
            for (Method m : resource.getDeclaredMethods()) {
                String verb = m.isAnnotationPresent(GET.class) ? "GET" : m.isAnnotationPresent(POST.class) ? "POST"
                        : m.isAnnotationPresent(PUT.class) ? "PUT" : m.isAnnotationPresent(DELETE.class) ? "DELETE"
                        : null;
                if (verb == null) {
                    continue;
                }
                Path sub = m.getAnnotation(Path.class);
                String path = "/" + base + (sub == null ? "" : "/" + sub.value());
                Set<String> params = new TreeSet<>();
                for (Parameter p : m.getParameters()) {
                    if (p.isAnnotationPresent(PathParam.class)) {
                        params.add("path:" + p.getAnnotation(PathParam.class).value());
                    } else if (p.isAnnotationPresent(QueryParam.class)) {
                        params.add("query:" + p.getAnnotation(QueryParam.class).value());
                    }
                }
                if (m.isAnnotationPresent(Consumes.class)) {
                    params.add("body");
                }
                operations.put(verb + " " + path, params);
            }
        }
        return operations;
    }

    private static Map<String, Set<String>> documentOperations() {
        Map<String, Set<String>> operations = new TreeMap<>();
        doc.path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
            Set<String> params = new TreeSet<>();
            op.getValue().path("parameters").forEach(p -> params.add(p.path("in").asText() + ":"
                                                                              + p.path("name").asText()));
            if (op.getValue().has("requestBody")) {
                params.add("body");
            }
            operations.put(op.getKey().toUpperCase() + " " + path.getKey(), params);
        }));
        return operations;
    }

    @Test
    public void everyOperationAndParameterOfTheResourcesIsDescribedAndNothingElse() {
        Map<String, Set<String>> resources = resourceOperations();
        assertTrue(resources.size() >= 35);
        assertEquals(resources, documentOperations());
        assertEquals(resources.keySet(), Set.copyOf(OpenApiDocument.operations(doc)));
    }

    @Test
    public void everyOperationHasItsJavadocSummaryAndEveryParameterItsText() {
        doc.path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
            String name = op.getKey().toUpperCase() + " " + path.getKey();
            assertFalse(name + " has no summary (javadoc)", op.getValue().path("summary").asText().isEmpty());
            op.getValue().path("parameters").forEach(p -> {
                assertTrue(name + " " + p, p.path("schema").has("type"));
                if (p.path("in").asText().equals("query")) {
                    assertFalse(name + " " + p.path("name") + " has no javadoc text",
                                p.path("description").asText().equals(p.path("name").asText()));
                }
            });
            assertTrue(name, op.getValue().path("responses").has("2XX"));
            assertTrue(name, op.getValue().path("responses").has("400"));
        }));
        assertEquals(OpenApiDocument.operations(doc).size(), Set.copyOf(doc.findValuesAsText("operationId")).size());
    }

    @Test
    public void requiredQueryParametersExist() {
        Map<String, Set<String>> operations = resourceOperations();
        for (String required : ApiParameters.REQUIRED) {
            String operation = required.substring(0, required.lastIndexOf(' '));
            String name = required.substring(required.lastIndexOf(' ') + 1);
            assertTrue(required, operations.getOrDefault(operation, Set.of()).contains("query:" + name));
        }
        for (String operation : OpenApiDocument.RESPONSE_SCHEMAS.keySet()) {
            assertTrue(operation, operations.containsKey(operation));
        }
    }

    @Test
    public void bodiesAndSchemasAreTheFilesInDefinitions() throws Exception {
        File[] files = new File("src/main/resources/definitions").listFiles((dir, name) -> name.endsWith(".json"));
        Set<String> names = Arrays.stream(files).map(f -> f.getName().replace(".json", ""))
                .collect(Collectors.toCollection(TreeSet::new));
        List<String> named = new ArrayList<>(OpenApiDocument.CORE_SCHEMAS);
        AllFeatures.list().forEach(f -> named.addAll(f.schemas()));
        assertEquals("schemas named twice: " + named, named.size(), new TreeSet<>(named).size());
        assertEquals("the core's and the features' schemas", names, new TreeSet<>(named));
        JsonNode schemas = doc.path("components").path("schemas");
        for (File file : files) {
            String name = file.getName().replace(".json", "");
            JsonNode expected = MAPPER.readTree(MAPPER.readTree(file).toString()
                    .replace("\"#/definitions/", "\"#/components/schemas/" + name + "/definitions/"));
            assertEquals(name, expected, schemas.path(name));
        }
        // Each body names the schema the resource's javadoc gives (@onos.rsModel).
        assertEquals("#/components/schemas/Apn6Policy", doc.at("/paths/~1policies/post/requestBody/content"
                                                                   + "/application~1json/schema/$ref").asText());
        assertEquals("#/components/schemas/Msr6TreeReceivers", doc.at("/paths/~1trees~1{id}~1receivers/put"
                                                                          + "/requestBody/content/application~1json"
                                                                          + "/schema/$ref").asText());
        assertEquals("#/components/schemas/Nptv6Mapping", doc.at("/paths/~1nptv6~1mappings/post/requestBody/content"
                                                                     + "/application~1json/schema/$ref").asText());
        // An action without arguments takes no body or an empty object.
        JsonNode start = doc.at("/paths/~1experiments~1{id}~1runs/post/requestBody");
        assertFalse(start.path("required").asBoolean(true));
        assertEquals("#/components/schemas/NoArguments",
                     start.at("/content/application~1json/schema/$ref").asText());
        // Every reference resolves inside the document.
        for (JsonNode ref : doc.findValues("$ref")) {
            assertFalse(ref.asText(), doc.at(ref.asText().substring(1)).isMissingNode());
        }
    }

    @Test
    public void creatingATreeAPolicyOrATunnelMayBeRefusedForTableRoom() {
        for (String path : new String[]{"/trees", "/policies", "/gtpu/tunnels", "/nptv6/mappings"}) {
            String conflict = doc.path("paths").path(path).path("post").path("responses").path("409")
                    .path("description").asText();
            assertTrue(path + ": " + conflict, conflict.contains("no room left in a P4 table"));
        }
    }

    @Test
    public void theBoundsAreTheRequestLimitsAndTheServices() {
        JsonNode limits = doc.path("info").path("x-request-limits");
        assertEquals(MAPPER.valueToTree(RequestLimits.all()), limits);
        assertEquals(RequestLimits.MAX_BODY_BYTES, limits.path("maxBodyBytes").asInt());
        assertEquals(TelemetryService.MAX_SAMPLES, limit("/telemetry/samples"));
        assertEquals(HistoryService.MAX_EVENTS, limit("/events"));
        assertEquals(ExperimentService.MAX_SAMPLES, limit("/experiments/{id}/runs/{runId}/samples"));
        JsonNode from = parameter("/telemetry/latency", "from");
        assertEquals("date-time", from.path("format").asText());
        assertEquals(RequestLimits.EARLIEST_INSTANT.toString(), from.path("x-earliest").asText());
        assertEquals(RequestLimits.MAX_STEP.toString(), parameter("/telemetry/latency", "step")
                .path("x-maximum-duration").asText());
        assertEquals(RequestLimits.MAX_PATH_PARAMETER_CHARS, parameter("/trees/{id}", "id").path("maxLength").asInt());
        assertTrue(doc.at("/paths/~1policies/post/responses").has("413"));
        assertTrue(doc.at("/paths/~1policies/post/responses").has("415"));
    }

    private static int limit(String path) {
        return parameter(path, "limit").path("maximum").asInt();
    }

    private static JsonNode parameter(String path, String name) {
        for (JsonNode p : doc.path("paths").path(path).path("get").path("parameters")) {
            if (p.path("name").asText().equals(name)) {
                return p.path("schema");
            }
        }
        throw new AssertionError("no parameter " + name + " of GET " + path);
    }
}
