// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.sixflow.app.api.InvalidFieldsException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import static org.junit.Assert.fail;

/**
 * Study bodies as a client sends them (the contract's example: the lab's multihomed site), and
 * what reading one refuses.
 */
public final class StudyBodies {

    static final ObjectMapper MAPPER = new ObjectMapper();

    /** The contract's study: IPv6, NPTv6 and ILNP for the lab's site, every field given. */
    public static final String THESIS = "{\"id\": \"thesis\", \"name\": \"ILNP thesis grid\", \"description\": \"x\","
            + " \"siteHost\": \"h_site\", \"correspondentHost\": \"h_cn\","
            + " \"protocols\": ["
            + "  {\"protocol\": \"IPV6\", \"destination\": \"fd00:5:c::10\"},"
            + "  {\"protocol\": \"NPTV6\", \"destination\": \"fd00:5:c::10\", \"mappings\": ["
            + "    {\"internalPrefix\": \"fd00:5:1::/48\", \"externalPrefix\": \"2001:db8:a01::/48\","
            + "     \"uplink\": \"device:sbr/2\"},"
            + "    {\"internalPrefix\": \"fd00:5:1::/48\", \"externalPrefix\": \"2001:db8:b01::/48\","
            + "     \"uplink\": \"device:sbr/3\"}]},"
            + "  {\"protocol\": \"ILNP\", \"destination\": \"fd49:4c4e::b\", \"site\": {\"device\": \"device:sbr\","
            + "    \"internalLocator\": \"fd00:5:1::/64\", \"uplinks\": ["
            + "      {\"port\": 2, \"locator\": \"2001:db8:a01:1::/64\", \"routerMac\": \"00:aa:00:00:05:01\","
            + "       \"nextHopMac\": \"00:aa:00:00:05:0a\"},"
            + "      {\"port\": 3, \"locator\": \"2001:db8:b01:1::/64\", \"routerMac\": \"00:aa:00:00:05:01\","
            + "       \"nextHopMac\": \"00:aa:00:00:05:0b\"}]}}],"
            + " \"frameSizes\": [128, 1514],"
            + " \"loadsMbps\": {\"128\": [1, 10, 20, 50, 100], \"1514\": [10, 100, 200, 500, 1000]},"
            + " \"sharing\": [[100, 0], [50, 50], [80, 20]],"
            + " \"tcp\": true, \"repetitions\": 3, \"trialSeconds\": 5,"
            + " \"failover\": {\"uplink\": \"device:sbr/2\", \"afterSeconds\": 2, \"seconds\": 15},"
            + " \"createdAt\": \"2026-11-30T01:00:00Z\"}";

    /** Plain IPv6 only: one frame size, one rate, one repetition. */
    public static final String SMALL = "{\"id\": \"small\", \"siteHost\": \"h_site\", \"correspondentHost\": \"h_cn\","
            + " \"protocols\": [{\"protocol\": \"IPV6\", \"destination\": \"fd00:5:c::10\"}],"
            + " \"frameSizes\": [1514], \"loadsMbps\": {\"1514\": [10]}}";

    private StudyBodies() {
    }

    /**
     * Parses a body.
     *
     * @param text JSON
     * @return its tree
     */
    public static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The contract's study with some fields replaced.
     *
     * @param edit changes the object
     * @return the body
     */
    static ObjectNode thesisWith(Consumer<ObjectNode> edit) {
        ObjectNode json = (ObjectNode) json(THESIS);
        edit.accept(json);
        return json;
    }

    /**
     * What reading a body refused: "field: message", in the order the reader found them.
     *
     * @param json the body
     * @return the problems
     */
    static List<InvalidFieldsException.FieldError> refusal(JsonNode json) {
        try {
            MultihomingStudyJson.read(json);
        } catch (InvalidFieldsException e) {
            return e.errors();
        }
        fail("accepted " + json);
        return List.of();
    }

    /**
     * The fields of a refusal.
     *
     * @param json the body
     * @return the fields named, in order
     */
    static List<String> refusedFields(JsonNode json) {
        return refusal(json).stream().map(InvalidFieldsException.FieldError::field).collect(Collectors.toList());
    }
}
