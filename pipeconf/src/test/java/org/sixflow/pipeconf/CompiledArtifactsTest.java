// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.onosproject.net.pi.model.PiActionModel;
import org.onosproject.net.pi.model.PiActionParamModel;
import org.onosproject.net.pi.model.PiMatchFieldModel;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiTableModel;
import org.onosproject.p4runtime.model.P4InfoParser;
import org.sixflow.pipeconf.codegen.PipeconfPaths;
import org.sixflow.pipeconf.codegen.SourceHash;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The committed compiled artifacts must come from the committed P4 sources, and ONOS must be
 * able to read them.
 */
public class CompiledArtifactsTest {

    private static final File BMV2 = new File(PipeconfPaths.P4C_OUT, "bmv2");
    private static final File TOFINO = new File(PipeconfPaths.P4C_OUT, "tofino");

    private static String read(File file) throws Exception {
        return new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8).trim();
    }

    @Test
    public void bmv2ArtifactsMatchSources() throws Exception {
        assertEquals("bmv2 artifacts are stale: run `make p4-build` (needs p4c)",
                     SourceHash.of("v1model"), read(new File(BMV2, SixflowPipeconfs.SOURCE_HASH_FILE)));
    }

    @Test
    public void tofinoArtifactsMatchSources() throws Exception {
        assertEquals("Tofino artifacts are stale: run `make p4-build` (needs bf-p4c)",
                     SourceHash.of("tna"), read(new File(TOFINO, SixflowPipeconfs.SOURCE_HASH_FILE)));
        for (String file : List.of(SixflowPipeconfs.TOFINO_BIN_FILE,
                                   SixflowPipeconfs.TOFINO_CONTEXT_FILE + PipeconfArtifacts.PACKED_SUFFIX,
                                   SixflowPipeconfs.TOFINO_RESOURCES_FILE)) {
            assertTrue("Tofino output lacks " + file, new File(TOFINO, file).length() > 0);
        }
    }

    @Test
    public void onosParsesBmv2P4Info() throws Exception {
        PiPipelineModel model = P4InfoParser.parse(new File(BMV2, SixflowPipeconfs.P4INFO_FILE).toURI().toURL());
        assertThat(model.tables().size(), greaterThan(0));
        assertTrue(model.table(P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6).isPresent());
        assertTrue(model.counter(P4InfoConstants.SIXFLOW_INGRESS_DROP_COUNTER).isPresent());
    }

    @Test
    public void bmv2JsonDeclaresEveryP4InfoTable() throws Exception {
        PiPipelineModel model = P4InfoParser.parse(new File(BMV2, SixflowPipeconfs.P4INFO_FILE).toURI().toURL());
        JsonNode json = new ObjectMapper().readTree(new File(BMV2, SixflowPipeconfs.BMV2_JSON_FILE));
        Set<String> jsonTables = new HashSet<>();
        json.path("pipelines").forEach(pipeline -> pipeline.path("tables")
                .forEach(table -> jsonTables.add(table.path("name").asText())));
        for (PiTableModel table : model.tables()) {
            assertThat(jsonTables, hasItem(table.id().id()));
        }
    }

    @Test
    public void tofinoP4InfoUsesTheBmv2Names() throws Exception {
        PiPipelineModel tofino = P4InfoParser.parse(new File(TOFINO, SixflowPipeconfs.P4INFO_FILE).toURI().toURL());
        PiPipelineModel bmv2 = P4InfoParser.parse(new File(BMV2, SixflowPipeconfs.P4INFO_FILE).toURI().toURL());
        // One Java pipeconf serves both targets only if every table, key, action and parameter
        // has the same name and width (sizes may differ: P4Info gives each target's).
        for (PiTableModel table : bmv2.tables()) {
            PiTableModel other = tofino.table(table.id()).orElse(null);
            assertTrue("Tofino lacks table " + table.id(), other != null);
            for (PiMatchFieldModel key : table.matchFields()) {
                PiMatchFieldModel same = other.matchField(key.id()).orElse(null);
                assertTrue(table.id() + " lacks key " + key.id() + " on Tofino", same != null);
                assertEquals(table.id() + "/" + key.id(), key.bitWidth(), same.bitWidth());
                assertEquals(table.id() + "/" + key.id(), key.matchType(), same.matchType());
            }
            for (PiActionModel action : table.actions()) {
                PiActionModel same = other.action(action.id()).orElse(null);
                assertTrue(table.id() + " lacks action " + action.id() + " on Tofino", same != null);
                for (PiActionParamModel param : action.params()) {
                    assertEquals(action.id() + "/" + param.id(), param.bitWidth(),
                                 same.param(param.id()).map(PiActionParamModel::bitWidth).orElse(-1).intValue());
                }
            }
        }
        bmv2.counters().forEach(c -> assertTrue("Tofino lacks counter " + c.id(), tofino.counter(c.id()).isPresent()));
        // The readout-free Tofino reads registers through P4Runtime: it has every one bmv2 has.
        bmv2.registers().forEach(r -> assertTrue("Tofino lacks register " + r.id(), tofino.register(r.id()).isPresent()));
    }

    @Test
    public void cpuPortFilesMatchJava() throws Exception {
        assertEquals(String.valueOf(CpuPorts.BMV2), read(new File(BMV2, SixflowPipeconfs.CPU_PORT_FILE)));
        assertEquals(String.valueOf(CpuPorts.TOFINO), read(new File(TOFINO, SixflowPipeconfs.CPU_PORT_FILE)));
    }
}
