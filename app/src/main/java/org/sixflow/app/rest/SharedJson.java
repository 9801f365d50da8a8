// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;

import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Supplier;

/**
 * The JSON of answers the telemetry service shares: identical queries within its sharing time
 * get the same answer object, and each such answer is written to JSON once, not once per
 * request (an hour's series of 60 points cost as much to write as the rest of its request).
 * Keyed by the answer's identity, so an answer the service no longer holds is collected with its
 * JSON; the request's parameters are checked too, as one answer object (an empty list) may serve
 * different requests.
 */
final class SharedJson {

    private static final int MAX_ANSWERS = 1_000;

    private final Cache<Object, Written> written = CacheBuilder.newBuilder().weakKeys().maximumSize(MAX_ANSWERS)
            .build();

    /**
     * A 200 response with an answer's JSON.
     *
     * @param answer     the service's answer, shared between identical queries
     * @param parameters everything else the JSON depends on (the request's parsed parameters)
     * @param encode     writes the JSON
     * @param mapper     the mapper to write it with
     * @return the response
     */
    Response ok(Object answer, List<Object> parameters, Supplier<ObjectNode> encode, ObjectMapper mapper) {
        Written w = written.getIfPresent(answer);
        if (w == null || !w.parameters.equals(parameters)) {
            try {
                w = new Written(parameters, mapper.writeValueAsBytes(encode.get()));
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException(e);
            }
            written.put(answer, w);
        }
        return Response.ok(w.json, MediaType.APPLICATION_JSON_TYPE).build();
    }

    private static final class Written {
        final List<Object> parameters;
        final byte[] json;

        Written(List<Object> parameters, byte[] json) {
            this.parameters = parameters;
            this.json = json;
        }
    }
}
