// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.openapi;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.sixflow.app.api.ExperimentService;
import org.sixflow.app.api.HistoryService;
import org.sixflow.app.api.LatencySource;
import org.sixflow.app.api.TelemetryService;
import org.sixflow.app.rest.http.RequestLimits;

import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What reflection cannot tell about the API's parameters: their value types and bounds (from
 * {@link RequestLimits} and the services' constants), and which query parameters an operation
 * requires. Operations are named "METHOD /path" as in the OpenAPI paths.
 */
final class ApiParameters {

    /** Query parameters without which an operation answers 400. */
    static final Set<String> REQUIRED = Set.of(
            "GET /telemetry/latency device", "GET /telemetry/latency class",
            "GET /telemetry/samples device",
            "GET /telemetry/histogram device", "GET /telemetry/histogram class",
            "GET /telemetry/statistics device", "GET /telemetry/statistics feature",
            "GET /telemetry/replicas device",
            "GET /telemetry/ports/history device", "GET /telemetry/ports/history port",
            "GET /experiments/compare a", "GET /experiments/compare b");

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ApiParameters() {
    }

    /**
     * Returns a parameter's schema.
     *
     * @param operation "METHOD /path"
     * @param name      the parameter
     * @param javaType  its Java type
     * @return JSON schema
     */
    static ObjectNode schema(String operation, String name, Class<?> javaType) {
        ObjectNode s = MAPPER.createObjectNode();
        boolean path = operation.contains("{" + name + "}");
        switch (name) {
            case "from":
            case "to":
                return s.put("type", "string").put("format", "date-time")
                        .put("x-earliest", RequestLimits.EARLIEST_INSTANT.toString())
                        .put("x-latest", RequestLimits.LATEST_INSTANT.toString());
            case "step":
                return s.put("type", "string").put("maxLength", RequestLimits.MAX_QUERY_VALUE_CHARS)
                        .put("x-maximum-duration", RequestLimits.MAX_STEP.toString());
            case "limit":
                return integer(s, 1, operation.startsWith("GET /events") ? HistoryService.MAX_EVENTS
                        : operation.startsWith("GET /experiments") ? ExperimentService.MAX_SAMPLES
                        : TelemetryService.MAX_SAMPLES);
            case "buckets":
                return integer(s, 1, TelemetryService.MAX_BUCKETS);
            case "source":
                s.put("type", "string");
                s.putArray("enum").addAll(Arrays.stream(LatencySource.values())
                                                  .map(v -> MAPPER.getNodeFactory().textNode(v.label()))
                                                  .collect(Collectors.toList()));
                return s;
            case "format":
                s.put("type", "string");
                s.putArray("enum").add("csv").add("json");
                return s;
            default:
                break;
        }
        if (javaType == int.class || javaType == Integer.class || javaType == long.class || javaType == Long.class
                || (name.equals("port") && operation.equals("GET /telemetry/latency"))) {
            return s.put("type", "integer").put("format", javaType == int.class ? "int32" : "int64");
        }
        return s.put("type", "string").put("maxLength", path ? RequestLimits.MAX_PATH_PARAMETER_CHARS
                : RequestLimits.MAX_QUERY_VALUE_CHARS);
    }

    private static ObjectNode integer(ObjectNode s, int minimum, int maximum) {
        return s.put("type", "integer").put("minimum", minimum).put("maximum", maximum);
    }

    /**
     * Returns a description for a parameter the javadoc says nothing about.
     *
     * @param name the parameter
     * @return text
     */
    static String fallbackDescription(String name) {
        Map<String, String> known = Map.of("id", "the object's id", "runId", "the run's number");
        return known.getOrDefault(name, name);
    }
}
