// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import org.sixflow.app.rest.http.RequestLimits;

import javax.ws.rs.Consumes;
import javax.ws.rs.DefaultValue;
import javax.ws.rs.HttpMethod;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Builds the OpenAPI 3.1 description of /onos/sixflow/v1 from what already describes the API, so
 * that it cannot drift from it: paths, methods, parameters and media types by reflection on the
 * JAX-RS resources; summaries and parameter texts from their javadoc (as ONOS's build extracts
 * it into apidoc/swagger.json, with the request body model of each {@code @onos.rsModel}); the
 * bodies' JSON schemas from definitions/*.json; every bound from {@link RequestLimits}.
 */
public final class OpenApiDocument {

    /** The model of an action's body: none, or an empty object (JsonBodies.requireNoFields). */
    static final String NO_ARGUMENTS = "NoArguments";

    /** Where the API is mounted. */
    public static final String BASE_PATH = "/onos/sixflow/v1";
    static final String JAVADOC = "/apidoc/swagger.json";
    static final String DEFINITIONS = "/definitions/";
    static final String ERROR = "Error";
    /** Response schemas of operations that have one among definitions/*.json. */
    static final Map<String, String> RESPONSE_SCHEMAS = Map.of(
            "GET /telemetry/statistics", "TelemetryStatistics",
            "GET /telemetry/latency", "TelemetryLatencySeries",
            "GET /topology", "NetworkTopology",
            "GET /devices/{id}/capabilities", "DeviceCapabilities",
            "GET /resources/mau", "ResourcesMau",
            "GET /experiments/{id}/runs/{runId}", "ExperimentRun",
            "GET /experiments/{id}/runs/{runId}/results", "ExperimentResults");

    /**
     * The core's schemas in definitions/; each feature names its own (OpenApiDocumentTest checks
     * that together they are the folder).
     */
    static final List<String> CORE_SCHEMAS = List.of(
            "DeviceCapabilities", "Experiment", "ExperimentResults", "ExperimentRun", "NetworkTopology", NO_ARGUMENTS,
            "ResourcesMau", "ResourcesTable", "TelemetryLatencySeries", "TelemetryPort", "TelemetryStatistics");

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private OpenApiDocument() {
    }

    /**
     * Builds the description.
     *
     * @param resources      the JAX-RS resource classes
     * @param featureSchemas the schemas the features name, besides the core's
     * @return the OpenAPI document
     */
    public static ObjectNode build(Collection<Class<?>> resources, Collection<String> featureSchemas) {
        JsonNode javadoc = read(JAVADOC).orElse(MAPPER.createObjectNode());
        ObjectNode doc = MAPPER.createObjectNode().put("openapi", "3.1.0");
        ObjectNode info = doc.putObject("info").put("title", "Sixflow REST API").put("version", "1.0.0")
                .put("description", "MSR6 trees, APN6 policies, telemetry, resources and experiments of Sixflow. "
                        + "Every error is JSON {\"code\", \"message\"}. Requests are bounded (x-request-limits): "
                        + "a body larger than maxBodyBytes is refused with 413; JSON nested deeper than "
                        + "maxJsonDepth, arrays longer than maxArrayItems, strings longer than maxStringChars "
                        + "(names maxNameChars, descriptions maxDescriptionChars), query values longer than "
                        + "maxQueryValueChars and instants outside earliestInstant..latestInstant with 400; "
                        + "writes whose body is not sent as Content-Type: application/json with 415.");
        ObjectNode limits = info.putObject("x-request-limits");
        RequestLimits.all().forEach((name, value) -> limits.set(name, MAPPER.valueToTree(value)));
        doc.putArray("servers").addObject().put("url", BASE_PATH);
        doc.putArray("security").addObject().putArray("basic");
        ObjectNode components = doc.putObject("components");
        ObjectNode schemas = components.putObject("schemas");
        schemas.set(ERROR, errorSchema());
        Stream.concat(CORE_SCHEMAS.stream(), featureSchemas.stream()).sorted().distinct()
                .forEach(name -> addSchema(schemas, name));
        components.putObject("securitySchemes").putObject("basic").put("type", "http").put("scheme", "basic")
                .put("description", "ONOS's users (Karaf realm)");

        Map<String, ObjectNode> paths = new TreeMap<>();
        for (Class<?> resource : resources) {
            String base = pathOf(resource.getAnnotation(Path.class));
            Method[] methods = resource.getMethods();
            Arrays.sort(methods, Comparator.comparing(Method::getName));
            for (Method method : methods) {
                httpMethod(method).ifPresent(verb -> {
                    String path = join(base, pathOf(method.getAnnotation(Path.class)));
                    ObjectNode item = paths.computeIfAbsent(path, p -> MAPPER.createObjectNode());
                    JsonNode prose = javadoc.path("paths").path(path).path(verb.toLowerCase());
                    item.set(verb.toLowerCase(), operation(verb, path, method, prose, schemas));
                });
            }
        }
        ObjectNode pathsNode = doc.putObject("paths");
        paths.forEach(pathsNode::set);
        return doc;
    }

    private static ObjectNode operation(String verb, String path, Method method, JsonNode prose,
                                        ObjectNode schemas) {
        String key = verb + " " + path;
        ObjectNode op = MAPPER.createObjectNode();
        op.putArray("tags").add(path.split("/")[1]);
        op.put("operationId", method.getDeclaringClass().getSimpleName().replace("WebResource", "") + "."
                + method.getName());
        op.put("summary", prose.path("summary").asText("").replace('\n', ' ').replaceAll(" +", " "));
        ArrayNode parameters = op.putArray("parameters");
        for (Parameter p : method.getParameters()) {
            PathParam pathParam = p.getAnnotation(PathParam.class);
            QueryParam queryParam = p.getAnnotation(QueryParam.class);
            if (pathParam == null && queryParam == null) {
                continue;
            }
            String name = pathParam != null ? pathParam.value() : queryParam.value();
            ObjectNode param = parameters.addObject().put("name", name).put("in", pathParam != null ? "path" : "query")
                    .put("required", pathParam != null || ApiParameters.REQUIRED.contains(key + " " + name))
                    .put("description", javadocText(prose, name).orElse(ApiParameters.fallbackDescription(name)));
            ObjectNode schema = ApiParameters.schema(key, name, p.getType());
            DefaultValue value = p.getAnnotation(DefaultValue.class);
            if (value != null) {
                schema.set("default", "integer".equals(schema.path("type").asText())
                        ? MAPPER.getNodeFactory().numberNode(Long.parseLong(value.value())) : new TextNode(value.value()));
            }
            param.set("schema", schema);
        }
        boolean readsBody = method.isAnnotationPresent(Consumes.class);
        if (readsBody) {
            String model = bodyModel(prose).orElseThrow(() -> new IllegalStateException(
                    key + " reads a body but its javadoc names no @onos.rsModel"));
            addSchema(schemas, model);
            // An action's empty body (NoArguments) may also be left out.
            ObjectNode body = op.putObject("requestBody").put("required", !NO_ARGUMENTS.equals(model))
                    .put("description", "JSON, UTF-8, at most " + RequestLimits.MAX_BODY_BYTES + " bytes and "
                            + RequestLimits.MAX_JSON_DEPTH + " levels deep");
            body.putObject("content").putObject("application/json").putObject("schema")
                    .put("$ref", "#/components/schemas/" + model);
        }
        ObjectNode responses = op.putObject("responses");
        ObjectNode ok = responses.putObject("2XX").put("description", "done");
        Produces produces = method.getAnnotation(Produces.class);
        if (produces != null) {
            ObjectNode content = ok.putObject("content");
            for (String type : produces.value()) {
                ObjectNode media = content.putObject(type);
                String schema = RESPONSE_SCHEMAS.get(key);
                if (schema != null && type.equals("application/json")) {
                    addSchema(schemas, schema);
                    media.putObject("schema").put("$ref", "#/components/schemas/" + schema);
                }
            }
        }
        error(responses, "400", "bad input: the message names the field or parameter");
        error(responses, "404", "no such object or path");
        error(responses, "405", "method not allowed here (see Allow)");
        if (!verb.equals("GET") && !verb.equals("DELETE")) {
            error(responses, "409", "conflict: an id in use, no room left in a P4 table of a device for the"
                    + " entries (trees, policies, GTP-U tunnels, NPTv6 mappings, ILNP sites: the message names the device and the"
                    + " table), or a state that refuses the change");
        }
        if (readsBody) {
            error(responses, "413", "body larger than " + RequestLimits.MAX_BODY_BYTES + " bytes");
            error(responses, "415", "body not sent as Content-Type: application/json (UTF-8)");
        }
        error(responses, "503", "a service or the history database is unavailable; see Retry-After");
        error(responses, "500", "internal error; the server log has the details under the reference given");
        return op;
    }

    private static void error(ObjectNode responses, String status, String description) {
        responses.putObject(status).put("description", description).putObject("content")
                .putObject("application/json").putObject("schema").put("$ref", "#/components/schemas/" + ERROR);
    }

    private static ObjectNode errorSchema() {
        ObjectNode schema = MAPPER.createObjectNode().put("type", "object");
        schema.putArray("required").add("code").add("message");
        ObjectNode properties = schema.putObject("properties");
        properties.putObject("code").put("type", "integer").put("description", "the HTTP status");
        properties.putObject("message").put("type", "string").put("description", "what is wrong");
        properties.putObject("fields").put("type", "object").put("description", "experiments: problem per field");
        ObjectNode error = properties.putObject("errors").put("type", "array")
                .put("description", "a 400's every problem, each naming its field by JSON path (\"receivers[1]\")")
                .putObject("items").put("type", "object");
        error.putArray("required").add("field").add("message");
        error.putObject("properties").putObject("field").put("type", "string");
        ((ObjectNode) error.get("properties")).putObject("message").put("type", "string");
        return schema;
    }

    /**
     * Adds a schema from definitions/, with its own definitions reachable from the document
     * (their references rewritten from the file to the component).
     */
    private static void addSchema(ObjectNode schemas, String name) {
        if (schemas.has(name)) {
            return;
        }
        String text = read(DEFINITIONS + name + ".json").map(JsonNode::toString)
                .orElseThrow(() -> new IllegalStateException("no schema " + DEFINITIONS + name + ".json"));
        try {
            schemas.set(name, MAPPER.readTree(text.replace("\"#/definitions/",
                                                           "\"#/components/schemas/" + name + "/definitions/")));
        } catch (IOException e) {
            throw new IllegalStateException("schema " + name + " is not JSON", e);
        }
    }

    private static Optional<String> bodyModel(JsonNode prose) {
        for (JsonNode parameter : prose.path("parameters")) {
            String ref = parameter.path("schema").path("$ref").asText("");
            if (parameter.path("in").asText().equals("body") && ref.startsWith("#/definitions/")) {
                return Optional.of(ref.substring("#/definitions/".length()));
            }
        }
        return Optional.empty();
    }

    private static Optional<String> javadocText(JsonNode prose, String name) {
        for (JsonNode parameter : prose.path("parameters")) {
            if (parameter.path("name").asText().equals(name) && !parameter.path("in").asText().equals("body")) {
                String text = parameter.path("description").asText("").replace('\n', ' ').replaceAll(" +", " ");
                return text.isEmpty() ? Optional.empty() : Optional.of(text);
            }
        }
        return Optional.empty();
    }

    private static Optional<String> httpMethod(Method method) {
        for (Annotation annotation : method.getAnnotations()) {
            HttpMethod verb = annotation.annotationType().getAnnotation(HttpMethod.class);
            if (verb != null) {
                return Optional.of(verb.value());
            }
        }
        return Optional.empty();
    }

    private static String pathOf(Path path) {
        if (path == null) {
            return "";
        }
        // JAX-RS templates may carry a regular expression ({id: [a-z]+}); OpenAPI names only the variable.
        return path.value().replaceAll("\\{\\s*([^:}\\s]+)\\s*:[^}]*}", "{$1}");
    }

    private static String join(String base, String sub) {
        String path = ("/" + base + "/" + sub).replaceAll("/+", "/");
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    private static Optional<JsonNode> read(String resource) {
        try (InputStream in = OpenApiDocument.class.getResourceAsStream(resource)) {
            return in == null ? Optional.empty() : Optional.of(MAPPER.readTree(in));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + resource, e);
        }
    }

    /**
     * Names every operation of a document, "METHOD /path".
     *
     * @param doc an OpenAPI document
     * @return the operations
     */
    public static List<String> operations(JsonNode doc) {
        List<String> operations = new java.util.ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> paths = doc.path("paths").fields();
        while (paths.hasNext()) {
            Map.Entry<String, JsonNode> path = paths.next();
            path.getValue().fieldNames().forEachRemaining(verb -> operations.add(verb.toUpperCase() + " " + path.getKey()));
        }
        return operations;
    }
}
