// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.Msr6TreeRequest;
import org.sixflow.app.msr6.encoding.Msr6Mode;

import java.io.InputStream;
import java.util.Iterator;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The REST JSON schemas describe what the codecs read and write.
 */
public class RestSchemasTest {

    private static final CodecContext CONTEXT = new CodecContext() {
        private final ObjectMapper mapper = new ObjectMapper();

        @Override
        public ObjectMapper mapper() {
            return mapper;
        }

        @Override
        public <T> JsonCodec<T> codec(Class<T> entityClass) {
            return null;
        }

        @Override
        public <T> T getService(Class<T> serviceClass) {
            return null;
        }
    };

    private static JsonNode schema(String name) throws Exception {
        try (InputStream in = RestSchemasTest.class.getResourceAsStream("/definitions/" + name + ".json")) {
            return new ObjectMapper().readTree(in);
        }
    }

    @Test
    public void treeRequestSchemaNamesWhatTheCodecWrites() throws Exception {
        JsonNode schema = schema("Msr6TreeRequest");
        assertEquals("Msr6TreeRequest", schema.path("title").asText());
        JsonNode encoded = new Msr6TreeRequestCodec().encode(Msr6TreeRequest.of(
                "video", ConnectPoint.deviceConnectPoint("device:beijing/3"), Ip6Address.valueOf("ff3e::1"),
                Set.of(ConnectPoint.deviceConnectPoint("device:wuhan/3")), Msr6Mode.TE,
                Msr6TreeRequest.Algorithm.STEINER).withSourceAddress(Ip6Address.valueOf("fd00:1:1::10")), CONTEXT);
        Iterator<String> names = schema.path("properties").fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            assertTrue("codec writes " + name, encoded.has(name));
        }
        Iterator<String> constraints = schema.path("properties").path("constraints").path("properties").fieldNames();
        while (constraints.hasNext()) {
            String name = constraints.next();
            assertTrue("codec writes constraints." + name, encoded.path("constraints").has(name));
        }
        assertEquals(4, schema.path("required").size());
        assertEquals("receivers", schema("Msr6TreeReceivers").path("required").get(0).asText());
    }
}
