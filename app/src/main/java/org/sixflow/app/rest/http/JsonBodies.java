// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.sixflow.app.rest.errors.JsonErrors;

import javax.ws.rs.WebApplicationException;
import javax.ws.rs.core.Response;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads JSON request bodies within {@link RequestLimits}. The body is read up to its size bound
 * (413 beyond), decoded as strict UTF-8, then streamed once through Jackson's parser, which keeps
 * no stack of its own, to check nesting depth, array and object sizes, string and number lengths;
 * only then is the tree built. Jackson 2.10/2.11 (what ONOS 2.7 runs) has no such limits and
 * builds trees recursively, so a body 5,000 levels deep would otherwise end in a
 * StackOverflowError. Every refusal is an IllegalArgumentException (400) that names the bound and
 * where in the body it was passed.
 */
public final class JsonBodies {

    /** What a body beyond {@link RequestLimits#MAX_BODY_BYTES} is told. */
    public static final String TOO_LARGE = "request body is larger than " + RequestLimits.MAX_BODY_BYTES + " bytes";

    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonBodies() {
    }

    /**
     * Reads a body that must be one JSON object.
     *
     * @param body   the request body
     * @param mapper the mapper that builds the tree
     * @return the object
     * @throws IllegalArgumentException     when the body is no JSON object or passes a bound
     * @throws WebApplicationException      413 when the body is larger than {@link RequestLimits#MAX_BODY_BYTES}
     */
    public static ObjectNode readObject(InputStream body, ObjectMapper mapper) {
        JsonNode tree = parse(utf8(bounded(body)), mapper);
        if (tree == null || !tree.isObject()) {
            throw new IllegalArgumentException("request body must be a JSON object");
        }
        return (ObjectNode) tree;
    }

    /**
     * Checks the body of an action that takes no arguments: none, or an empty JSON object (what
     * many clients send with every POST). Anything else is refused rather than ignored.
     *
     * @param body   the request body (null is none)
     * @param mapper the mapper that parses it
     * @throws IllegalArgumentException when the body holds anything
     */
    public static void requireNoFields(InputStream body, ObjectMapper mapper) {
        String text = utf8(bounded(body));
        if (text.isBlank()) {
            return;
        }
        JsonNode tree = parse(text, mapper);
        if (tree == null || !tree.isObject() || tree.size() > 0) {
            throw new IllegalArgumentException("this request takes no body: send none or {}");
        }
    }

    // The body's text within the JSON bounds, as a tree (null for an empty text).
    private static JsonNode parse(String text, ObjectMapper mapper) {
        check(text);
        try {
            return mapper.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("request body is not valid JSON: " + e.getOriginalMessage());
        }
    }

    /**
     * Reads a body up to the size bound.
     *
     * @param body the request body (null is empty)
     * @return its bytes
     * @throws WebApplicationException 413 beyond {@link RequestLimits#MAX_BODY_BYTES}
     */
    static byte[] bounded(InputStream body) {
        if (body == null) {
            return new byte[0];
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        try {
            int n;
            while ((n = body.read(chunk)) >= 0) {
                if (out.size() + n > RequestLimits.MAX_BODY_BYTES) {
                    throw tooLarge();
                }
                out.write(chunk, 0, n);
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("request body could not be read: the client stopped sending it");
        } catch (WebApplicationException e) {
            throw e;
        } catch (RuntimeException e) {
            // The container gave up on the body (Jetty: BadMessageException, its minimum request
            // data rate not met): the client's fault, not a 500.
            throw new WebApplicationException(JsonErrors.response(
                    408, "the request body arrived too slowly and was cut off: send it at once").build());
        }
        return out.toByteArray();
    }

    /**
     * The 413 answer to a body beyond the size bound.
     *
     * @return the exception to throw
     */
    public static WebApplicationException tooLarge() {
        return new WebApplicationException(TOO_LARGE, Response.Status.REQUEST_ENTITY_TOO_LARGE);
    }

    private static String utf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("request body is not UTF-8 text: JSON bodies must be UTF-8");
        }
    }

    /**
     * Streams through a JSON text once and refuses it at the first bound it passes.
     *
     * @param text the body
     * @throws IllegalArgumentException naming the bound, or saying what is not JSON
     */
    static void check(String text) {
        if (text.trim().isEmpty()) {
            throw new IllegalArgumentException("request body must be a JSON object; it is empty");
        }
        try (JsonParser parser = FACTORY.createParser(text)) {
            int depth = 0;
            int roots = 0;
            JsonToken token;
            while ((token = parser.nextToken()) != null) {
                JsonStreamContext context = parser.getParsingContext();
                if (depth == 0 && token != JsonToken.END_OBJECT && token != JsonToken.END_ARRAY && ++roots > 1) {
                    throw refused(parser, "request body must hold one JSON value, not several");
                }
                switch (token) {
                    case START_OBJECT:
                    case START_ARRAY:
                        if (++depth > RequestLimits.MAX_JSON_DEPTH) {
                            throw refused(parser, "JSON nests deeper than " + RequestLimits.MAX_JSON_DEPTH + " levels");
                        }
                        break;
                    case END_OBJECT:
                    case END_ARRAY:
                        depth--;
                        break;
                    case FIELD_NAME:
                        if (context.getCurrentIndex() >= RequestLimits.MAX_OBJECT_FIELDS) {
                            throw refused(parser, "a JSON object has more than " + RequestLimits.MAX_OBJECT_FIELDS
                                    + " fields");
                        }
                        if (parser.getTextLength() > RequestLimits.MAX_STRING_CHARS) {
                            throw refused(parser, "a field name is longer than " + RequestLimits.MAX_STRING_CHARS
                                    + " characters");
                        }
                        break;
                    case VALUE_STRING:
                        int max = RequestLimits.maxStringChars(context.inObject() ? context.getCurrentName() : null);
                        if (parser.getTextLength() > max) {
                            throw refused(parser, where(context) + " is longer than " + max + " characters");
                        }
                        break;
                    case VALUE_NUMBER_INT:
                    case VALUE_NUMBER_FLOAT:
                        if (parser.getTextLength() > RequestLimits.MAX_NUMBER_CHARS) {
                            throw refused(parser, where(context) + " is a number longer than "
                                    + RequestLimits.MAX_NUMBER_CHARS + " characters");
                        }
                        break;
                    default:
                        break;
                }
                // A value that opens an object or array is an item of the container around it.
                JsonStreamContext container = token.isStructStart() ? context.getParent() : context;
                if (!token.isStructEnd() && container != null && container.inArray()
                        && container.getCurrentIndex() >= RequestLimits.MAX_ARRAY_ITEMS) {
                    throw refused(parser, "an array" + named(container.getParent()) + " has more than "
                            + RequestLimits.MAX_ARRAY_ITEMS + " items");
                }
            }
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("request body is not valid JSON: " + e.getOriginalMessage()
                                                       + at(e.getLocation()));
        } catch (IOException e) {
            throw new IllegalArgumentException("request body could not be read as JSON");
        }
    }

    private static String where(JsonStreamContext context) {
        if (context == null) {
            return "the body";
        }
        if (context.inObject() && context.getCurrentName() != null) {
            return "field " + context.getCurrentName();
        }
        if (context.inArray() && context.getParent() != null && context.getParent().getCurrentName() != null) {
            return "an item of " + context.getParent().getCurrentName();
        }
        return context.inRoot() ? "the body" : "a value";
    }

    private static String named(JsonStreamContext context) {
        return context != null && context.inObject() && context.getCurrentName() != null
                ? " (" + context.getCurrentName() + ")" : "";
    }

    private static IllegalArgumentException refused(JsonParser parser, String what) {
        return new IllegalArgumentException("request body refused: " + what + at(parser.getCurrentLocation()));
    }

    private static String at(JsonLocation location) {
        return location == null ? "" : " (at line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }
}
