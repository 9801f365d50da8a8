// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.codec.CodecContext;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentValidationException;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.testing.FeatureExperimentTargets;
import org.sixflow.app.testing.PlainCodecContext;

import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * A class's GTP-U tunnel and an uplink probe's G-PDU survive the codec both ways, and what cannot
 * be read is named by its path.
 */
public class ExperimentCodecTest {

    private static final CodecContext CONTEXT = new PlainCodecContext();
    private static final ObjectMapper MAPPER = CONTEXT.mapper();
    private static final Experiment MURAKAMI = FeatureExperimentTargets.preset("gtpu-murakami");

    @Test
    public void tunnelsAndGpdusRoundTrip() {
        ExperimentCodec codec = new ExperimentCodec();
        ObjectNode json = codec.encode(MURAKAMI, CONTEXT);
        ObjectNode decap = (ObjectNode) json.path("classes").get(4);
        assertEquals("murakami-zero", decap.path("tunnel").asText());
        assertEquals("fd00:1:1::2152", decap.path("packet").path("gtpu").path("n3Address").asText());
        assertEquals("fd00:1:3::10", decap.path("packet").path("gtpu").path("peerAddress").asText());
        assertEquals(4097, decap.path("packet").path("gtpu").path("teid").asLong());
        assertEquals(2152, decap.path("packet").path("gtpu").path("sourcePort").asInt());
        assertTrue(json.path("classes").get(0).path("tunnel").isNull());
        assertTrue(json.path("classes").get(1).path("packet").path("gtpu").isNull());
        assertEquals(MURAKAMI, codec.decode(json, CONTEXT));
        ExperimentClass decoded = codec.decode(json, CONTEXT).classes().get(1);
        assertEquals("murakami-zero", decoded.tunnel().orElseThrow());
    }

    @Test
    public void theSourcePortDefaultsTo2152AndTeidsReachThirtyTwoBits() throws Exception {
        ObjectNode json = new ExperimentCodec().encode(MURAKAMI, CONTEXT);
        ObjectNode gtpu = (ObjectNode) json.path("classes").get(4).path("packet").path("gtpu");
        gtpu.remove("sourcePort");
        gtpu.put("teid", 4294967295L);
        ProbePacket.Gtpu decoded = new ExperimentCodec().decode(json, CONTEXT).classes().get(4).packet()
                .orElseThrow().gtpu().orElseThrow();
        assertEquals(ProbePacket.GTPU_PORT, decoded.sourcePort());
        assertEquals(4294967295L, decoded.teid());
    }

    @Test
    public void wrongGtpuFieldsAreNamed() {
        ObjectNode json = new ExperimentCodec().encode(MURAKAMI, CONTEXT);
        ObjectNode decap = (ObjectNode) json.path("classes").get(4);
        ObjectNode gtpu = (ObjectNode) decap.path("packet").path("gtpu");
        gtpu.put("peerAddress", "banana").put("teid", 0);
        gtpu.remove("n3Address");
        decap.put("tunnel", 7);
        Map<String, String> fields = refused(json);
        assertTrue(fields.toString(), fields.get("classes[4].packet.gtpu.peerAddress").contains("not an IPv6 address"));
        assertTrue(fields.toString(), fields.get("classes[4].packet.gtpu.n3Address").startsWith("required"));
        assertEquals("must be a string", fields.get("classes[4].tunnel"));

        json = new ExperimentCodec().encode(MURAKAMI, CONTEXT);
        gtpu = (ObjectNode) json.path("classes").get(4).path("packet").path("gtpu");
        gtpu.put("teid", 0).put("n3Address", "ff02::2");
        fields = refused(json);
        assertTrue(fields.toString(), fields.get("classes[4].packet.gtpu.teid").contains("1..4294967295"));
        assertTrue(fields.toString(), fields.get("classes[4].packet.gtpu.n3Address").contains("not a unicast"));

        json = new ExperimentCodec().encode(MURAKAMI, CONTEXT);
        ((ObjectNode) json.path("classes").get(4).path("packet")).put("gtpu", "yes");
        assertTrue(refused(json).get("classes[4].packet.gtpu").startsWith("must be an object"));
        json = new ExperimentCodec().encode(MURAKAMI, CONTEXT);
        ((ObjectNode) json.path("classes").get(4).path("packet").path("gtpu")).remove("teid");
        assertTrue(refused(json).get("classes[4].packet.gtpu.teid").startsWith("required"));
    }

    private static Map<String, String> refused(ObjectNode json) {
        try {
            new ExperimentCodec().decode(json, CONTEXT);
            fail("accepted");
            return Map.of();
        } catch (ExperimentValidationException e) {
            return e.fields();
        }
    }
}
