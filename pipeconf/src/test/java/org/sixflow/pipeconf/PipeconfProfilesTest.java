// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.sixflow.pipeconf.codegen.PipeconfPaths;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The bundle's profiles are pipeconf/profiles.json's, the file build-p4.sh compiles from.
 */
public class PipeconfProfilesTest {

    @Test
    public void theBundleCarriesProfilesJson() throws Exception {
        assertEquals(PipeconfProfiles.parse(new ObjectMapper().readTree(PipeconfPaths.PROFILES_JSON)),
                     PipeconfProfiles.all().stream().collect(Collectors.toMap(PipeconfProfile::name, p -> p)));
        assertEquals(List.of("full", "ipv6", "core", "gtpu", "nptv6", "bng", "bng-access", "bng-forward"),
                     PipeconfProfiles.all().stream().map(PipeconfProfile::name).collect(Collectors.toList()));
    }

    @Test
    public void theProfilesHaveTheirFeatures() {
        // full: every feature but the BNG's, which no other feature is built with.
        assertEquals(Set.of(Feature.APN6, Feature.MSR6, Feature.GTPU, Feature.ECMP),
                     PipeconfProfiles.named("full").orElseThrow().features());
        assertEquals(Set.of(Feature.BNG_ACCESS, Feature.BNG_FORWARD),
                     PipeconfProfiles.named("bng").orElseThrow().features());
        assertEquals(Set.of(Feature.BNG_ACCESS), PipeconfProfiles.named("bng-access").orElseThrow().features());
        assertEquals(Set.of(Feature.BNG_FORWARD), PipeconfProfiles.named("bng-forward").orElseThrow().features());
        assertEquals(Set.of(Feature.APN6, Feature.MSR6), PipeconfProfiles.named("core").orElseThrow().features());
        assertEquals(Set.of(Feature.GTPU), PipeconfProfiles.named("gtpu").orElseThrow().features());
        assertEquals(Set.of(Feature.NPTV6, Feature.ILNP), PipeconfProfiles.named("nptv6").orElseThrow().features());
        assertTrue(PipeconfProfiles.named("nosuch").isEmpty());
    }

    @Test
    public void profileNamesAreLowerCaseWordsJoinedByHyphens() {
        new PipeconfProfile("bng-access", Set.of(), Set.of(PipeconfTarget.BMV2));
        for (String bad : new String[]{"-bng", "bng-", "bng--access", "Bng", "bng_access", "1bng"}) {
            try {
                new PipeconfProfile(bad, Set.of(), Set.of(PipeconfTarget.BMV2));
                fail("accepted profile name " + bad);
            } catch (IllegalArgumentException expected) {
                assertTrue(expected.getMessage().contains(bad));
            }
        }
    }

    @Test
    public void aProfileNamingAnUnknownTargetIsRefused() throws Exception {
        try {
            PipeconfProfiles.parse(new ObjectMapper().readTree(
                    "{\"profiles\": {\"x\": {\"features\": [\"GTPU\"], \"targets\": [\"tofino2\"]}}}"));
            fail("parsed an unknown target");
        } catch (IllegalArgumentException expected) {
            assertTrue(expected.getMessage().contains("tofino2"));
        }
    }
}
