// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.sixflow.app.features.multihoming.api.MultihomingProtocol;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.MultihomingStudyJson;
import org.sixflow.app.features.multihoming.api.PlannedTrial;
import org.sixflow.app.features.multihoming.api.StudyTransport;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The presets are bodies ready to POST: written, read as a client's body and as stored, they are
 * the same studies; the thesis grid plans the thesis's trials.
 */
public class StudyPresetsTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    public void presetsRoundTripAsBodiesAndAsStored() {
        List<MultihomingStudy> presets = StudyPresets.all();
        assertEquals(List.of("thesis", "thesis-quick"),
                     presets.stream().map(MultihomingStudy::id).collect(Collectors.toList()));
        for (MultihomingStudy preset : presets) {
            ObjectNode json = MultihomingStudyJson.write(preset, MAPPER);
            assertEquals(preset.id(), preset, MultihomingStudyJson.readStored(json));
            assertEquals(preset.id(), preset, MultihomingStudyJson.read(json));
        }
    }

    @Test
    public void theThesisGridPlansItsTrials() {
        MultihomingStudy thesis = StudyPresets.thesis();
        List<PlannedTrial> plan = thesis.plan();
        // Per protocol and sharing level (5 + 5 rates) x 3 repetitions of UDP and 3 of TCP at 1514
        // octets (128 leaves no MSS): 33; IPv6 and NPTv6 once, ILNP at 100/0, 50/50 and 80/20.
        assertEquals(165, plan.size());
        assertTrue(plan.stream().noneMatch(t -> t.frameSize() == 128 && t.transport() == StudyTransport.TCP));
        assertEquals(List.of(List.of(100, 0), List.of(50, 50), List.of(80, 20)), plan.stream()
                .filter(t -> t.protocol() == MultihomingProtocol.ILNP).map(PlannedTrial::sharing).distinct()
                .collect(Collectors.toList()));
        assertEquals(15, StudyPresets.quick().plan().size());
        assertTrue("ILNP's site starts at the first sharing level", thesis.protocol(MultihomingProtocol.ILNP)
                .orElseThrow().site().orElseThrow().uplinks().get(0).weight() == 100);
    }
}
