// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.InvalidFieldsException;
import org.sixflow.app.api.InvalidFieldsException.FieldError;

import java.time.Instant;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.multihoming.api.StudyBodies.json;
import static org.sixflow.app.features.multihoming.api.StudyBodies.refusal;
import static org.sixflow.app.features.multihoming.api.StudyBodies.refusedFields;
import static org.sixflow.app.features.multihoming.api.StudyBodies.thesisWith;

/**
 * A study's JSON: the contract's body read whole, written back and read again equal, and a bad
 * body refused once with every wrong field named by its path. (The presets' round trip is in
 * StudyPresetsTest, beside them.)
 */
public class MultihomingStudyJsonTest {

    @Test
    public void readsTheContractsStudyWithTheNamesItInstalls() {
        MultihomingStudy study = MultihomingStudyJson.read(json(StudyBodies.THESIS));
        assertEquals("thesis", study.id());
        assertEquals("ILNP thesis grid", study.name());
        assertEquals(List.of(MultihomingProtocol.IPV6, MultihomingProtocol.NPTV6, MultihomingProtocol.ILNP),
                     List.of(study.protocols().get(0).protocol(), study.protocols().get(1).protocol(),
                             study.protocols().get(2).protocol()));
        StudyProtocol nptv6 = study.protocol(MultihomingProtocol.NPTV6).orElseThrow();
        assertEquals(List.of("thesis-nptv6-0", "thesis-nptv6-1"),
                     List.of(nptv6.mappings().get(0).id(), nptv6.mappings().get(1).id()));
        assertEquals(ConnectPoint.deviceConnectPoint("device:sbr/3"), nptv6.mappings().get(1).mapping().uplink());
        StudyProtocol ilnp = study.protocol(MultihomingProtocol.ILNP).orElseThrow();
        assertEquals(Ip6Address.valueOf("fd49:4c4e::b"), ilnp.destination());
        assertEquals("thesis-ilnp", ilnp.site().orElseThrow().name());
        // The site is installed at the first sharing level's weights.
        assertEquals(List.of(100, 0), List.of(ilnp.site().get().uplinks().get(0).weight(),
                                              ilnp.site().get().uplinks().get(1).weight()));
        assertEquals(List.of(10.0, 100.0, 200.0, 500.0, 1000.0), study.loadsMbps().get(1514));
        assertEquals(List.of(List.of(100, 0), List.of(50, 50), List.of(80, 20)), study.sharing());
        assertTrue(study.tcp());
        assertEquals(3, study.repetitions());
        assertEquals(StudyFailover.of(ConnectPoint.deviceConnectPoint("device:sbr/2"), 2, 15),
                     study.failover().orElseThrow());
        assertEquals("createdAt is the server's to write", Instant.EPOCH, study.createdAt());
    }

    @Test
    public void writtenThenReadAsStoredIsTheSameStudy() {
        MultihomingStudy study = MultihomingStudyJson.read(json(StudyBodies.THESIS)).toBuilder()
                .createdAt(Instant.parse("2026-11-30T01:02:03.456789Z")).build();
        ObjectNode written = MultihomingStudyJson.write(study, StudyBodies.MAPPER);
        assertEquals(study, MultihomingStudyJson.readStored(written));
        assertEquals("2026-11-30T01:02:03.456789Z", written.path("createdAt").asText());

        MultihomingStudy small = MultihomingStudyJson.read(json(StudyBodies.SMALL));
        ObjectNode smallJson = MultihomingStudyJson.write(small, StudyBodies.MAPPER);
        assertTrue(smallJson.path("failover").isNull());
        assertEquals(0, smallJson.path("sharing").size());
        assertFalse("only NPTv6 has mappings", smallJson.path("protocols").get(0).has("mappings"));
        assertEquals(small, MultihomingStudyJson.readStored(smallJson));
    }

    @Test
    public void aBodyWithManyWrongFieldsIsOneRefusalNamingEachPath() {
        JsonNode body = thesisWith(json -> {
            json.put("colour", "blue");
            ((ObjectNode) json.path("protocols").get(1).path("mappings").get(0))
                    .put("externalPrefix", "2001:db8:a01::/129");
            ((ObjectNode) json.path("protocols").get(2).path("site").path("uplinks").get(0)).put("speed", 10);
            ((ArrayNode) json.path("loadsMbps").path("128")).set(1, StudyBodies.MAPPER.getNodeFactory()
                    .numberNode(0));
            ((ArrayNode) json.path("sharing")).set(2, json(("[60, 20]")));
            json.put("repetitions", 0);
            ((ObjectNode) json.path("failover")).put("seconds", 2.5);
        });
        List<FieldError> errors = refusal(body);
        assertEquals(List.of("colour", "sharing[2]", "protocols[1].mappings[0].externalPrefix",
                             "protocols[2].site.uplinks[0].speed", "loadsMbps.128[1]", "repetitions",
                             "failover.seconds"),
                     refusedFields(body));
        assertTrue(errors.get(0).message(), errors.get(0).message().startsWith("unknown field; a study has "));
        assertEquals("weights must sum to 100, not 80", errors.get(1).message());
        assertEquals("must be a number 0.01..100000.0, not 0", errors.get(4).message());
        assertEquals("must be at least afterSeconds + 1 (3.0)", errors.get(6).message());
    }

    @Test
    public void aFieldNamedInAPathIsNotQuoted() {
        JsonNode body = thesisWith(json -> {
            json.put("speed", 1);
            ((ObjectNode) json.path("loadsMbps")).putArray("256");
            ((ObjectNode) json.path("protocols").get(0)).put("mtu", 1500);
        });
        assertEquals(List.of("speed", "protocols[0].mtu", "loadsMbps.256"), refusedFields(body));
    }

    @Test
    public void theIlnpSitesOwnErrorsCarryTheirProtocolsPrefix() {
        JsonNode body = thesisWith(json -> {
            ObjectNode site = (ObjectNode) json.path("protocols").get(2).path("site");
            site.put("internalLocator", "fd00:5:1::/48");
            ((ObjectNode) site.path("uplinks").get(1)).put("locator", "2001:db8:a01:1::/64");
        });
        List<FieldError> errors = refusal(body);
        // Only the site's fields: the study's sharing levels are ILNP's, whether its site is valid or not.
        assertEquals(List.of("protocols[2].site.internalLocator", "protocols[2].site.uplinks[1].locator"),
                     refusedFields(body));
        assertTrue(errors.get(1).message(), errors.get(1).message().contains("another uplink's already"));
    }

    @Test
    public void aSiteDeviceThatIsNoDeviceIdIsAFieldError() {
        JsonNode body = thesisWith(json -> ((ObjectNode) json.path("protocols").get(2).path("site"))
                .put("device", "device sbr"));
        assertEquals(List.of("protocols[2].site.device"), refusedFields(body));
    }

    @Test
    public void sharingIsForIlnpOnlyAndIlnpNeedsALevelForEachOfItsUplinks() {
        JsonNode withoutIlnp = thesisWith(json -> ((ArrayNode) json.path("protocols")).remove(2));
        List<FieldError> errors = refusal(withoutIlnp);
        assertEquals(List.of(new FieldError("sharing", "is for ILNP only; the study has no ILNP protocol")), errors);
        ObjectNode plain = thesisWith(json -> ((ArrayNode) json.path("protocols")).remove(2));
        plain.remove("sharing");
        assertEquals(2, MultihomingStudyJson.read(plain).protocols().size());
        // A list of protocols that cannot be read is its own error, not a reason to refuse sharing.
        assertEquals(List.of("protocols"), refusedFields(thesisWith(json -> json.put("protocols", "ILNP"))));

        assertEquals(List.of("sharing"), refusedFields(thesisWith(json -> json.remove("sharing"))));
        assertEquals(List.of("sharing"), refusedFields(thesisWith(json -> json.putArray("sharing"))));
        assertEquals(List.of("sharing[1]"), refusedFields(thesisWith(
                json -> ((ArrayNode) json.path("sharing")).set(1, json("[50, 25, 25]")))));
    }

    @Test
    public void aProtocolTwiceIsRefusedAtItsSecondPlace() {
        JsonNode body = thesisWith(json -> ((ArrayNode) json.path("protocols"))
                .set(1, json("{\"protocol\": \"ipv6\", \"destination\": \"fd00:5:c::11\"}")));
        List<FieldError> errors = refusal(body);
        assertEquals(List.of(new FieldError("protocols[1].protocol", "IPV6 appears twice")), errors);
    }

    @Test
    public void everyFrameSizeNeedsItsLoadsAndOnlyThoseAreTaken() {
        JsonNode missing = thesisWith(json -> ((ObjectNode) json.path("loadsMbps")).remove("1514"));
        List<FieldError> errors = refusal(missing);
        assertEquals(List.of("loadsMbps.1514"), refusedFields(missing));
        assertTrue(errors.get(0).message(), errors.get(0).message().contains("(may be [])"));

        JsonNode empty = thesisWith(json -> ((ObjectNode) json.path("loadsMbps")).putArray("1514"));
        MultihomingStudy tcpOnly = MultihomingStudyJson.read(empty);
        assertEquals(List.of(), tcpOnly.loadsMbps().get(1514));

        JsonNode other = thesisWith(json -> ((ObjectNode) json.path("loadsMbps")).putArray("9000"));
        assertEquals(List.of("loadsMbps.9000"), refusedFields(other));
    }

    @Test
    public void aBodyThatIsNoObjectIsRefusedAsAWhole() {
        for (String text : List.of("[]", "\"thesis\"", "7", "null")) {
            List<FieldError> errors = refusal(json(text));
            assertEquals(text, List.of(new FieldError("", "a study must be a JSON object")), errors);
        }
        assertEquals(List.of(new FieldError("", "a study must be a JSON object")),
                     refusalOfNull());
    }

    private static List<FieldError> refusalOfNull() {
        try {
            MultihomingStudyJson.read(null);
        } catch (InvalidFieldsException e) {
            return e.errors();
        }
        return List.of();
    }

    @Test
    public void theRequiredFieldsAreNamedWhenMissing() {
        assertEquals(List.of("id", "siteHost", "correspondentHost", "frameSizes", "protocols", "loadsMbps"),
                     refusedFields(json("{}")));
    }

    @Test
    public void defaultsAreOneRepetitionOfFiveSecondsOneStreamNoTcpNoFailover() {
        MultihomingStudy small = MultihomingStudyJson.read(json(StudyBodies.SMALL));
        assertEquals(1, small.repetitions());
        assertEquals(5, small.trialSeconds());
        assertEquals(1, small.streams());
        assertFalse(small.tcp());
        assertTrue(small.failover().isEmpty());
        assertEquals("the id stands for the name", "small", small.name());
    }
}
