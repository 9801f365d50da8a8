// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.sixflow.pipeconf.behaviour.PortCounterCells;
import org.onosproject.net.pi.model.PiActionModel;
import org.onosproject.net.pi.model.PiActionParamModel;
import org.onosproject.net.pi.model.PiMatchFieldModel;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.model.PiTableModel;
import org.onosproject.p4runtime.model.P4InfoParser;
import org.sixflow.pipeconf.codegen.PipeconfPaths;
import org.sixflow.pipeconf.codegen.SourceHash;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The committed compiled artifacts of every profile (profiles.json) must come from the committed
 * P4 sources compiled with the profile's flags, and ONOS must be able to read them. Every bmv2
 * profile must be present; a profile's Tofino output may be absent (bf-p4c), and the test says so.
 */
public class CompiledArtifactsTest {

    private static final String BMV2 = PipeconfTarget.BMV2.id();
    private static final String TOFINO = PipeconfTarget.TOFINO.id();
    private static final List<String> BMV2_FILES = List.of(SixflowPipeconfs.BMV2_JSON_FILE,
            SixflowPipeconfs.P4INFO_FILE, SixflowPipeconfs.CPU_PORT_FILE, SixflowPipeconfs.COMPILER_FILE,
            SixflowPipeconfs.SOURCE_HASH_FILE);
    private static final List<String> TOFINO_FILES = List.of(SixflowPipeconfs.P4INFO_FILE,
            SixflowPipeconfs.CPU_PORT_FILE, SixflowPipeconfs.COMPILER_FILE, SixflowPipeconfs.SOURCE_HASH_FILE,
            SixflowPipeconfs.TOFINO_BIN_FILE, SixflowPipeconfs.TOFINO_CONTEXT_FILE + PipeconfArtifacts.PACKED_SUFFIX,
            SixflowPipeconfs.TOFINO_RESOURCES_FILE);
    /** A table each feature has and a profile without it must not. */
    private static final Map<Feature, PiTableId> FEATURE_TABLES = Map.of(
            Feature.APN6, P4InfoConstants.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER,
            Feature.MSR6, P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP,
            Feature.GTPU, P4InfoConstants.SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP,
            Feature.ECMP, P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ECMP,
            // Not in the full profile, whose P4Info the constants come from.
            Feature.NPTV6, PiTableId.of("SixflowIngress.nptv6_inbound.nptv6_inbound"),
            Feature.ILNP, PiTableId.of("SixflowIngress.ilnp_inbound.ilnp_inbound"));

    private static String read(File file) throws Exception {
        return new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8).trim();
    }

    private static PiPipelineModel model(String profile, String target) throws Exception {
        return P4InfoParser.parse(new File(PipeconfPaths.artifacts(profile, target), SixflowPipeconfs.P4INFO_FILE)
                                          .toURI().toURL());
    }

    private static List<PipeconfProfile> profilesFor(PipeconfTarget target) {
        List<PipeconfProfile> profiles = new ArrayList<>();
        PipeconfProfiles.all().stream().filter(p -> p.targets().contains(target)).forEach(profiles::add);
        return profiles;
    }

    /** The profiles whose Tofino output is committed; the others are named on stdout. */
    private static List<String> presentTofinoProfiles() {
        List<String> present = new ArrayList<>();
        for (PipeconfProfile profile : profilesFor(PipeconfTarget.TOFINO)) {
            if (PipeconfPaths.artifacts(profile.name(), TOFINO).isDirectory()) {
                present.add(profile.name());
            } else {
                System.out.println("Tofino output of profile " + profile.name() + " is absent (build it with bf-p4c: "
                                           + "pipeconf/build-p4.sh " + profile.name() + " tofino): pipeconf "
                                           + SixflowPipeconfs.id(profile.name(), PipeconfTarget.TOFINO)
                                           + " is not registered");
            }
        }
        return present;
    }

    @Test
    public void everyBmv2ProfileIsPresentAndCurrent() throws Exception {
        List<String> problems = new ArrayList<>();
        for (PipeconfProfile profile : profilesFor(PipeconfTarget.BMV2)) {
            File dir = PipeconfPaths.artifacts(profile.name(), BMV2);
            for (String file : BMV2_FILES) {
                if (!new File(dir, file).isFile()) {
                    problems.add(profile.name() + "/bmv2 lacks " + file);
                }
            }
            if (new File(dir, SixflowPipeconfs.SOURCE_HASH_FILE).isFile()
                    && !SourceHash.of(profile.name(), BMV2).equals(read(new File(dir, SixflowPipeconfs.SOURCE_HASH_FILE)))) {
                problems.add(profile.name() + "/bmv2 is stale");
            }
        }
        assertTrue("bmv2 artifacts: " + problems + ": run `make p4-build` (needs p4c)", problems.isEmpty());
    }

    @Test
    public void presentTofinoOutputsAreCurrentAndComplete() throws Exception {
        List<String> present = presentTofinoProfiles();
        for (PipeconfProfile profile : PipeconfProfiles.all()) {
            if (profile.targets().contains(PipeconfTarget.TOFINO)) {
                assertThat("the " + profile.name() + " profile's Tofino output is committed", present,
                           hasItem(profile.name()));
            }
        }
        for (String profile : present) {
            File dir = PipeconfPaths.artifacts(profile, TOFINO);
            assertEquals(profile + "/tofino artifacts are stale: run `pipeconf/build-p4.sh " + profile
                                 + " tofino` (needs bf-p4c)",
                         SourceHash.of(profile, TOFINO), read(new File(dir, SixflowPipeconfs.SOURCE_HASH_FILE)));
            for (String file : TOFINO_FILES) {
                assertTrue(profile + "/tofino output lacks " + file, new File(dir, file).length() > 0);
            }
        }
    }

    @Test
    public void eachProfileHasItsFeaturesTablesAndNoOthers() throws Exception {
        for (PipeconfProfile profile : profilesFor(PipeconfTarget.BMV2)) {
            PiPipelineModel model = model(profile.name(), BMV2);
            for (Map.Entry<Feature, PiTableId> feature : FEATURE_TABLES.entrySet()) {
                assertEquals(profile.name() + " " + feature.getKey(), profile.has(feature.getKey()),
                             model.table(feature.getValue()).isPresent());
            }
            // What every profile has.
            for (PiTableId always : List.of(P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6,
                                            P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL,
                                            P4InfoConstants.SIXFLOW_EGRESS_MTU_PORT_MTU,
                                            P4InfoConstants.SIXFLOW_EGRESS_TELEMETRY_SAMPLING)) {
                assertTrue(profile.name() + " lacks " + always, model.table(always).isPresent());
            }
            assertTrue(model.counter(P4InfoConstants.SIXFLOW_INGRESS_DROP_COUNTER).isPresent());
        }
    }

    @Test
    public void bmv2JsonDeclaresEveryP4InfoTable() throws Exception {
        for (PipeconfProfile profile : profilesFor(PipeconfTarget.BMV2)) {
            PiPipelineModel model = model(profile.name(), BMV2);
            assertThat(model.tables().size(), greaterThan(0));
            JsonNode json = new ObjectMapper().readTree(
                    new File(PipeconfPaths.artifacts(profile.name(), BMV2), SixflowPipeconfs.BMV2_JSON_FILE));
            Set<String> jsonTables = new HashSet<>();
            json.path("pipelines").forEach(pipeline -> pipeline.path("tables")
                    .forEach(table -> jsonTables.add(table.path("name").asText())));
            for (PiTableModel table : model.tables()) {
                assertThat(profile.name(), jsonTables, hasItem(table.id().id()));
            }
        }
    }

    @Test
    public void tofinoP4InfoUsesTheBmv2Names() throws Exception {
        for (String profile : presentTofinoProfiles()) {
            PiPipelineModel tofino = model(profile, TOFINO);
            PiPipelineModel bmv2 = model(profile, BMV2);
            // One Java pipeconf serves both targets only if every table, key, action and parameter
            // has the same name and width (sizes may differ: P4Info gives each target's).
            for (PiTableModel table : bmv2.tables()) {
                PiTableModel other = tofino.table(table.id()).orElse(null);
                assertTrue(profile + ": Tofino lacks table " + table.id(), other != null);
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
            // Except the port counters: a Tofino's ports are counted by the switch (gNMI).
            bmv2.counters().stream()
                    .filter(c -> !c.id().equals(PortCounterCells.RECEIVED) && !c.id().equals(PortCounterCells.SENT))
                    .forEach(c -> assertTrue("Tofino lacks counter " + c.id(), tofino.counter(c.id()).isPresent()));
            // The readout-free Tofino reads registers through P4Runtime: it has every one bmv2 has.
            bmv2.registers().forEach(r -> assertTrue("Tofino lacks register " + r.id(),
                                                     tofino.register(r.id()).isPresent()));
        }
    }

    @Test
    public void cpuPortFilesMatchJava() throws Exception {
        for (PipeconfProfile profile : profilesFor(PipeconfTarget.BMV2)) {
            assertEquals(String.valueOf(CpuPorts.BMV2), read(new File(PipeconfPaths.artifacts(profile.name(), BMV2),
                                                                     SixflowPipeconfs.CPU_PORT_FILE)));
        }
        for (String profile : presentTofinoProfiles()) {
            assertEquals(String.valueOf(CpuPorts.TOFINO), read(new File(PipeconfPaths.artifacts(profile, TOFINO),
                                                                       SixflowPipeconfs.CPU_PORT_FILE)));
        }
    }
}
