// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.errors;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.sixflow.app.api.InvalidFieldsException;

import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * Sixflow's error answer: {@code {"code": <HTTP status>, "message": "<what is wrong>"}} as
 * application/json, the same from resources, exception mappers and the web context's error page.
 * A request with problems in named fields adds {@code "errors": [{"field", "message"}, …]}, every
 * problem found; "message" joins them for clients that read only it.
 */
public final class JsonErrors {

    /** Seconds a client should wait before retrying a 503. */
    public static final int RETRY_AFTER_SECONDS = 5;
    /** Longest message sent; longer ones (that echo long input) are cut. */
    static final int MAX_MESSAGE_CHARS = 1000;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonErrors() {
    }

    /**
     * Returns an error's JSON text.
     *
     * @param status  HTTP status
     * @param message what is wrong
     * @return {"code", "message"}
     */
    public static String body(int status, String message) {
        ObjectNode json = MAPPER.createObjectNode().put("code", status).put("message", shortened(message));
        return json.toString();
    }

    /**
     * Returns the JSON of a request's problems: {"code": 400, "message", "errors": [{"field", "message"}]}.
     *
     * @param e the problems
     * @return the error's JSON
     */
    public static ObjectNode invalidFields(InvalidFieldsException e) {
        int status = 400;
        ObjectNode json = MAPPER.createObjectNode().put("code", status).put("message", shortened(e.getMessage()));
        ArrayNode errors = json.putArray("errors");
        e.errors().forEach(error -> errors.addObject().put("field", error.field())
                .put("message", shortened(error.message())));
        return json;
    }

    /**
     * Returns an error answer.
     *
     * @param status  HTTP status
     * @param message what is wrong
     * @return the response builder, for headers to be added
     */
    public static Response.ResponseBuilder response(int status, String message) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(body(status, message));
    }

    /**
     * Returns a 503 answer with Retry-After.
     *
     * @param message what is unavailable, and what would help
     * @return the response
     */
    public static Response unavailable(String message) {
        return response(Response.Status.SERVICE_UNAVAILABLE.getStatusCode(), message)
                .header("Retry-After", RETRY_AFTER_SECONDS).build();
    }

    private static String shortened(String message) {
        String text = message == null || message.isEmpty() ? "no details" : message;
        return text.length() <= MAX_MESSAGE_CHARS ? text : text.substring(0, MAX_MESSAGE_CHARS) + "…";
    }
}
