// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.codec.CodecContext;
import org.sixflow.app.api.InvalidFieldsException;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6Mapping;
import org.sixflow.app.testing.PlainCodecContext;

import java.io.IOException;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * JSON of NPTv6 mappings: the round trip, and hostile bodies refused naming each field.
 */
public class Nptv6MappingCodecTest {

    private static final CodecContext CONTEXT = new PlainCodecContext();
    private static final ObjectMapper MAPPER = CONTEXT.mapper();
    private static final String GOOD = "{\"id\": \"site-a.isp_1\", \"internalPrefix\": \"fd01:203:405::/48\","
            + " \"externalPrefix\": \"2001:db8:1::/48\", \"uplink\": \"device:sbr/2\"}";

    private final Nptv6MappingCodec codec = new Nptv6MappingCodec();

    private static ObjectNode json(String text) throws IOException {
        return (ObjectNode) MAPPER.readTree(text);
    }

    /** The fields and messages a body is refused with, "field: message". */
    private List<String> refusals(String body) throws IOException {
        try {
            NamedNptv6Mapping accepted = codec.decode(json(body), CONTEXT);
            fail("accepted " + accepted + " from " + body);
            return List.of();
        } catch (InvalidFieldsException e) {
            return e.errors().stream().map(f -> f.field() + ": " + f.message()).collect(Collectors.toList());
        }
    }

    private void refusedWith(String body, String expected) throws IOException {
        List<String> refusals = refusals(body);
        assertTrue(refusals + " should have " + expected, refusals.stream().anyMatch(r -> r.startsWith(expected)));
    }

    @Test
    public void decodesAndEncodesTheFourFields() throws IOException {
        NamedNptv6Mapping mapping = codec.decode(json(GOOD), CONTEXT);
        assertEquals("site-a.isp_1", mapping.id());
        assertEquals(Nptv6Mapping.of(Nptv6Mapping.prefix("fd01:203:405::/48"), Nptv6Mapping.prefix("2001:db8:1::/48"),
                                     NamedNptv6Mapping.uplink("device:sbr/2")), mapping.mapping());
        assertEquals(json(GOOD), codec.encode(mapping, CONTEXT));
        assertEquals(mapping, codec.decode(codec.encode(mapping, CONTEXT), CONTEXT));
    }

    @Test
    public void missingFieldsAreNamedAllAtOnce() throws IOException {
        assertEquals(List.of("id: is required (a string such as mapping-1)",
                             "internalPrefix: is required (a string such as fd01:203:405::/48)",
                             "externalPrefix: is required (a string such as 2001:db8:1::/48)",
                             "uplink: is required (a string such as device:sbr/2)"),
                     refusals("{}"));
        refusedWith(GOOD.replace("\"device:sbr/2\"", "null"), "uplink: is required");
    }

    @Test
    public void wrongTypesAreNamed() throws IOException {
        refusedWith(GOOD.replace("\"site-a.isp_1\"", "7"), "id: must be a string such as mapping-1, not number");
        refusedWith(GOOD.replace("\"fd01:203:405::/48\"", "[\"fd01:203:405::/48\"]"),
                    "internalPrefix: must be a string such as fd01:203:405::/48, not array");
        refusedWith(GOOD.replace("\"2001:db8:1::/48\"", "{\"prefix\": 1}"), "externalPrefix: must be a string");
        refusedWith(GOOD.replace("\"device:sbr/2\"", "true"), "uplink: must be a string");
    }

    @Test
    public void unknownFieldsAreRefused() throws IOException {
        refusedWith(GOOD.replace("{", "{\"state\": \"INSTALLED\", "),
                    "state: unknown field; a mapping has externalPrefix, id, internalPrefix, uplink");
        String longName = "x".repeat(10_000);
        List<String> refusals = refusals(GOOD.replace("{", "{\"" + longName + "\": 1, "));
        assertEquals(1, refusals.size());
        assertTrue(refusals.get(0), refusals.get(0).length() < 200);
    }

    @Test
    public void hugeStringsAreRefusedWithoutBeingRepeated() throws IOException {
        String huge = "f".repeat(100_000);
        for (String field : new String[]{"site-a.isp_1", "fd01:203:405::/48", "2001:db8:1::/48", "device:sbr/2"}) {
            List<String> refusals = refusals(GOOD.replace("\"" + field + "\"", "\"" + huge + "\""));
            assertEquals(refusals.toString(), 1, refusals.size());
            assertTrue(refusals.get(0), refusals.get(0).contains("is 100000 characters long; at most"));
            assertTrue(refusals.get(0), refusals.get(0).length() < 200);
        }
    }

    @Test
    public void badIdsPrefixesAndUplinksAreNamed() throws IOException {
        refusedWith(GOOD.replace("site-a.isp_1", "a/b"), "id: id must be 1-64 letters");
        refusedWith(GOOD.replace("site-a.isp_1", ".."), "id: id must be 1-64 letters");
        refusedWith(GOOD.replace("site-a.isp_1", "é"), "id: id must be 1-64 letters");
        refusedWith(GOOD.replace("\"site-a.isp_1\"", "\"\""), "id: id must be 1-64 letters");
        refusedWith(GOOD.replace("fd01:203:405::/48", "fd01:203:405::1/48"),
                    "internalPrefix: fd01:203:405::1/48 has bits set past its length (did you mean"
                            + " fd01:203:405::/48?)");
        refusedWith(GOOD.replace("2001:db8:1::/48", "2001:db8:1:8000::/48"),
                    "externalPrefix: 2001:db8:1:8000::/48 has bits set past its length");
        refusedWith(GOOD.replace("2001:db8:1::/48", "2001:db8:1::"), "externalPrefix: 2001:db8:1:: is no IPv6 prefix");
        refusedWith(GOOD.replace("2001:db8:1::/48", "10.0.0.0/8"), "externalPrefix: 10.0.0.0/8 is no IPv6 prefix");
        refusedWith(GOOD.replace("2001:db8:1::/48", "2001:db8:1::/129"), "externalPrefix: 2001:db8:1::/129: length");
        refusedWith(GOOD.replace("2001:db8:1::/48", "2001:db8::/32"), "externalPrefix: internal prefix"
                + " fd01:203:405::/48 and external prefix 2001:db8::/32 differ in length");
        refusedWith(GOOD.replace("fd01:203:405::/48", "fd01:203:405::/56")
                            .replace("2001:db8:1::/48", "2001:db8:1::/56"),
                    "externalPrefix: prefix fd01:203:405::/56 is longer than /48");
        refusedWith(GOOD.replace("\"device:sbr/2\"", "\"device:sbr\""), "uplink: uplink must be device/port");
        refusedWith(GOOD.replace("\"device:sbr/2\"", "\"device:sbr/-1\""), "uplink: uplink must be device/port");
        refusedWith(GOOD.replace("\"device:sbr/2\"", "\"/2\""), "uplink: uplink must be device/port");
        refusedWith(GOOD.replace("\"device:sbr/2\"", "\"device:sbr/99999999999\""), "uplink: uplink must be");
    }
}
