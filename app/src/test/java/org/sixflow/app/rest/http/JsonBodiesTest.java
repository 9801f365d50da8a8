// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;

import javax.ws.rs.WebApplicationException;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.sixflow.app.testing.Rejections.assertRejected;

/**
 * JSON bodies are read within the request limits, and every refusal says which.
 */
public class JsonBodiesTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static InputStream body(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    private static void read(String text) {
        JsonBodies.readObject(body(text), MAPPER);
    }

    private static String nested(int depth) {
        return "{\"a\":".repeat(depth - 1) + "{}" + "}".repeat(depth - 1);
    }

    @Test
    public void readsAnObjectWithinTheLimits() {
        assertEquals("video", JsonBodies.readObject(body("{\"id\": \"video\", \"receivers\": [\"device:wuhan/3\"]}"),
                                                    MAPPER).path("id").asText());
        read(nested(RequestLimits.MAX_JSON_DEPTH));
    }

    @Test
    public void refusesDeepNestingBeforeBuildingATree() {
        // 5,000 levels overflowed Jackson's recursive tree builder (a 500); now a 400 at level 33.
        assertRejected(() -> read(nested(RequestLimits.MAX_JSON_DEPTH + 1)), "nests deeper than 32 levels");
        assertRejected(() -> read(nested(5_000)), "nests deeper than 32 levels");
        assertRejected(() -> read("[".repeat(100_000)), "nests deeper than 32 levels");
    }

    @Test
    public void refusesLongArraysStringsNumbersAndObjects() {
        StringBuilder ports = new StringBuilder("{\"match\": {\"ingressPorts\": [");
        for (int i = 0; i <= RequestLimits.MAX_ARRAY_ITEMS; i++) {
            ports.append(i == 0 ? "" : ",").append("\"device:beijing/").append(i).append('"');
        }
        assertRejected(() -> read(ports + "]}}"), "an array (ingressPorts) has more than 1024 items");
        assertRejected(() -> read("{\"a\": [" + "[],".repeat(RequestLimits.MAX_ARRAY_ITEMS) + "[]]}"),
                       "an array (a) has more than 1024 items");
        assertRejected(() -> read("{\"name\": \"" + "x".repeat(RequestLimits.MAX_NAME_CHARS + 1) + "\"}"),
                       "field name is longer than 100 characters");
        read("{\"name\": \"" + "x".repeat(RequestLimits.MAX_NAME_CHARS) + "\"}");
        read("{\"description\": \"" + "x".repeat(RequestLimits.MAX_DESCRIPTION_CHARS) + "\"}");
        assertRejected(() -> read("{\"source\": \"" + "x".repeat(RequestLimits.MAX_STRING_CHARS + 1) + "\"}"),
                       "field source is longer than 256 characters");
        assertRejected(() -> read("{\"x\": [\"" + "x".repeat(RequestLimits.MAX_STRING_CHARS + 1) + "\"]}"),
                       "an item of x is longer than 256 characters");
        assertRejected(() -> read("{\"priority\": 1" + "0".repeat(RequestLimits.MAX_NUMBER_CHARS) + "}"),
                       "a number longer than 64 characters");
        StringBuilder fields = new StringBuilder("{");
        for (int i = 0; i <= RequestLimits.MAX_OBJECT_FIELDS; i++) {
            fields.append(i == 0 ? "" : ",").append("\"f").append(i).append("\": 1");
        }
        assertRejected(() -> read(fields.append('}').toString()), "more than 256 fields");
        assertRejected(() -> read("{\"" + "k".repeat(RequestLimits.MAX_STRING_CHARS + 1) + "\": 1}"),
                       "a field name is longer than 256 characters");
    }

    @Test
    public void refusesBodiesLargerThanTheBoundWith413() {
        try {
            read("{\"name\": \"" + "x".repeat(10 * 1024 * 1024) + "\"}");
            fail("a 10 MB body was read");
        } catch (WebApplicationException e) {
            assertEquals(413, e.getResponse().getStatus());
            assertEquals("request body is larger than 1048576 bytes", e.getMessage());
        }
    }

    @Test
    public void refusesWhatIsNotOneJsonObjectInUtf8() {
        assertRejected(() -> read(""), "it is empty");
        assertRejected(() -> read("[1, 2]"), "must be a JSON object");
        assertRejected(() -> read("\"text\""), "must be a JSON object");
        assertRejected(() -> read("{} {}"), "one JSON value, not several");
        assertRejected(() -> read("{\"a\": tru}"), "not valid JSON");
        assertRejected(() -> read("{\"a\": 1"), "not valid JSON");
        byte[] latin1 = "{\"name\": \"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1);
        assertRejected(() -> JsonBodies.readObject(new ByteArrayInputStream(latin1), MAPPER), "not UTF-8");
        byte[] utf16 = "{\"name\": \"x\"}".getBytes(StandardCharsets.UTF_16);
        assertRejected(() -> JsonBodies.readObject(new ByteArrayInputStream(utf16), MAPPER), "request body");
    }
}
