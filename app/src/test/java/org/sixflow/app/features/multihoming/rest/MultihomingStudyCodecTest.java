// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.codec.CodecContext;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.MultihomingStudyJson;
import org.sixflow.app.features.multihoming.impl.MultihomingStudyManager;
import org.sixflow.app.testing.Definitions;
import org.sixflow.app.testing.PlainCodecContext;

import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.Assert.assertEquals;

/**
 * The study's JSON schema (definitions/MultihomingStudy.json, which the OpenAPI document serves
 * and refuses unknown fields by) names exactly what the codec writes and reads, at every level;
 * what the codec writes it reads back the same.
 */
public class MultihomingStudyCodecTest {

    private static final CodecContext CONTEXT = new PlainCodecContext();

    private static JsonNode schema() {
        return Definitions.schema("MultihomingStudy");
    }

    private static Set<String> names(JsonNode object) {
        Set<String> names = new TreeSet<>();
        for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        return names;
    }

    @Test
    public void theSchemaNamesEveryFieldTheCodecWritesAndReads() throws Exception {
        JsonNode schema = schema();
        MultihomingStudy thesis = new MultihomingStudyManager().presets().get(0);
        ObjectNode encoded = new MultihomingStudyCodec().encode(thesis, CONTEXT);

        assertEquals(names(schema.path("properties")), names(encoded));
        assertEquals(new TreeSet<>(MultihomingStudyJson.FIELDS), names(schema.path("properties")));
        JsonNode protocol = schema.path("properties").path("protocols").path("items");
        Set<String> written = new TreeSet<>();
        encoded.path("protocols").forEach(p -> written.addAll(names(p)));
        assertEquals(names(protocol.path("properties")), written);
        JsonNode nptv6 = encoded.path("protocols").get(1);
        assertEquals(names(protocol.path("properties").path("mappings").path("items").path("properties")),
                     names(nptv6.path("mappings").get(0)));
        JsonNode site = protocol.path("properties").path("site");
        JsonNode ilnp = encoded.path("protocols").get(2);
        assertEquals(names(site.path("properties")), names(ilnp.path("site")));
        assertEquals(names(site.path("properties").path("uplinks").path("items").path("properties")),
                     names(ilnp.path("site").path("uplinks").get(0)));
        assertEquals(names(schema.path("properties").path("failover").path("properties")),
                     names(encoded.path("failover")));
    }

    @Test
    public void whatTheCodecWritesItReadsBack() {
        MultihomingStudyCodec codec = new MultihomingStudyCodec();
        for (MultihomingStudy preset : new MultihomingStudyManager().presets()) {
            assertEquals(preset.id(), preset, codec.decode(codec.encode(preset, CONTEXT), CONTEXT));
        }
    }
}
