// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.model.PiTableModel;
import org.onosproject.p4runtime.model.P4InfoParser;
import org.sixflow.pipeconf.codegen.PipeconfPaths;
import org.sixflow.pipeconf.codegen.SourceHash;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.Set;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assume.assumeTrue;

/**
 * The committed compiled artifacts must come from the committed P4 sources, and ONOS must be
 * able to read them.
 */
public class CompiledArtifactsTest {

    private static final File BMV2 = new File(PipeconfPaths.P4C_OUT, "bmv2");
    private static final File TOFINO = new File(PipeconfPaths.P4C_OUT, "tofino");
    /** Tables only bmv2 has: per-packet telemetry reports are not written for TNA yet. */
    private static final Set<PiTableId> BMV2_ONLY_TABLES = Set.of(P4InfoConstants.SIXFLOW_EGRESS_TELEMETRY_SAMPLING);

    private static String read(File file) throws Exception {
        return new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8).trim();
    }

    @Test
    public void bmv2ArtifactsMatchSources() throws Exception {
        assertEquals("bmv2 artifacts are stale: run `make p4-build` (needs p4c)",
                     SourceHash.of("v1model"), read(new File(BMV2, SixflowPipeconfs.SOURCE_HASH_FILE)));
    }

    @Test
    public void tofinoArtifactsMatchSourcesWhenPresent() throws Exception {
        File hash = new File(TOFINO, SixflowPipeconfs.SOURCE_HASH_FILE);
        assumeTrue("no Tofino artifacts committed", hash.isFile());
        assertEquals("Tofino artifacts are stale: run `make p4-build-tofino` (needs bf-p4c)",
                     SourceHash.of("tna"), read(hash));
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
    public void tofinoP4InfoUsesTheBmv2NamesWhenPresent() throws Exception {
        File p4Info = new File(TOFINO, SixflowPipeconfs.P4INFO_FILE);
        assumeTrue("no Tofino artifacts committed", p4Info.isFile());
        PiPipelineModel tofino = P4InfoParser.parse(p4Info.toURI().toURL());
        PiPipelineModel bmv2 = P4InfoParser.parse(new File(BMV2, SixflowPipeconfs.P4INFO_FILE).toURI().toURL());
        // One Java pipeconf serves both targets only if every table has the same name and keys.
        for (PiTableModel table : bmv2.tables()) {
            if (BMV2_ONLY_TABLES.contains(table.id())) {
                continue;
            }
            PiTableModel other = tofino.table(table.id()).orElse(null);
            assertTrue("Tofino lacks table " + table.id(), other != null);
            assertEquals(table.id() + " keys differ", table.matchFields().size(), other.matchFields().size());
        }
    }

    @Test
    public void cpuPortFilesMatchJava() throws Exception {
        assertEquals(String.valueOf(CpuPorts.BMV2), read(new File(BMV2, SixflowPipeconfs.CPU_PORT_FILE)));
        File tofino = new File(TOFINO, SixflowPipeconfs.CPU_PORT_FILE);
        if (tofino.isFile()) {
            assertEquals(String.valueOf(CpuPorts.TOFINO), read(tofino));
        }
    }
}
