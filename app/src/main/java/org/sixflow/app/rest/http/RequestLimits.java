// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.http;

import org.sixflow.app.api.TimeWindow;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The bounds of every REST request, in one place: the checks read them and the OpenAPI
 * description publishes them, so the two cannot disagree. A request past a bound is refused
 * before it costs anything (413 for a body too large, 400 for the rest), naming the bound.
 */
public final class RequestLimits {

    /** Largest request body, in bytes (a policy or tree is a few hundred). */
    public static final int MAX_BODY_BYTES = 1024 * 1024;
    /**
     * How long a request body may take to arrive, from the request's start, in milliseconds
     * (BufferedBodyFilter answers 408 after it). A deadline rather than Jetty's minimum data rate:
     * a rate averaged over a body of a few bytes cut off a two-byte `{}` that arrived a few
     * milliseconds late on a busy machine.
     */
    public static final long BODY_ARRIVAL_MILLIS = 10_000;
    /** Largest refused body still read to its end, so that the client gets its 413 (above: closed). */
    public static final int MAX_DISCARDED_BODY_BYTES = 64 * 1024 * 1024;
    /** Deepest nesting of objects and arrays in a JSON body (Sixflow's deepest is 4). */
    public static final int MAX_JSON_DEPTH = 32;
    /** Most items in one JSON array (receivers, ingress ports, classes, thresholds …). */
    public static final int MAX_ARRAY_ITEMS = 1024;
    /** Most fields in one JSON object. */
    public static final int MAX_OBJECT_FIELDS = 256;
    /** Longest JSON number, in characters (a 64-bit integer or double needs 24). */
    public static final int MAX_NUMBER_CHARS = 64;
    /** Longest JSON string or field name without a bound of its own. */
    public static final int MAX_STRING_CHARS = 256;
    /** Longest "name" field (policies, experiments, classes). */
    public static final int MAX_NAME_CHARS = 100;
    /** Longest "description" field (experiments). */
    public static final int MAX_DESCRIPTION_CHARS = 2000;
    /** Longest path parameter (ids are at most 32 characters, pipeconf ids a little more). */
    public static final int MAX_PATH_PARAMETER_CHARS = 64;
    /** Longest query parameter value. */
    public static final int MAX_QUERY_VALUE_CHARS = 256;
    /** Most query parameters in one request. */
    public static final int MAX_QUERY_PARAMETERS = 32;
    /** Earliest instant a query or body may name. */
    public static final Instant EARLIEST_INSTANT = TimeWindow.EARLIEST;
    /** Latest instant a query or body may name. */
    public static final Instant LATEST_INSTANT = TimeWindow.LATEST;
    /** Widest series step. */
    public static final Duration MAX_STEP = TimeWindow.MAX_STEP;

    private static final Map<String, Integer> STRING_FIELDS = Map.of(
            "name", MAX_NAME_CHARS, "description", MAX_DESCRIPTION_CHARS);

    private RequestLimits() {
    }

    /**
     * Returns the longest value a JSON string field may hold.
     *
     * @param field the field's name, or null for an array item
     * @return characters
     */
    public static int maxStringChars(String field) {
        return field == null ? MAX_STRING_CHARS : STRING_FIELDS.getOrDefault(field, MAX_STRING_CHARS);
    }

    /**
     * Returns every limit by the name the OpenAPI description gives it.
     *
     * @return name to value (numbers, or ISO-8601 text for instants and durations)
     */
    public static Map<String, Object> all() {
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("maxBodyBytes", MAX_BODY_BYTES);
        limits.put("maxJsonDepth", MAX_JSON_DEPTH);
        limits.put("maxArrayItems", MAX_ARRAY_ITEMS);
        limits.put("maxObjectFields", MAX_OBJECT_FIELDS);
        limits.put("maxNumberChars", MAX_NUMBER_CHARS);
        limits.put("maxStringChars", MAX_STRING_CHARS);
        limits.put("maxNameChars", MAX_NAME_CHARS);
        limits.put("maxDescriptionChars", MAX_DESCRIPTION_CHARS);
        limits.put("maxPathParameterChars", MAX_PATH_PARAMETER_CHARS);
        limits.put("maxQueryValueChars", MAX_QUERY_VALUE_CHARS);
        limits.put("maxQueryParameters", MAX_QUERY_PARAMETERS);
        limits.put("earliestInstant", EARLIEST_INSTANT.toString());
        limits.put("latestInstant", LATEST_INSTANT.toString());
        limits.put("maxStep", MAX_STEP.toString());
        return limits;
    }
}
