// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentPreset;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;

/**
 * What the core asks of all the bound targets at once: where a class's packets go on to, as the
 * targets measuring it say, and their presets, listed by their order, then id, each id once.
 */
public class ExperimentTargetsTest {

    /** A target measuring its objects as some classes, with where they go on to and presets. */
    private static ExperimentTarget target(ExperimentTarget.Field field, Set<LatencyClass> classes,
                                           Set<LatencyClass> downstream, List<ExperimentPreset> presets) {
        return new ExperimentTarget() {
            @Override
            public Field field() {
                return field;
            }

            @Override
            public Set<LatencyClass> latencyClasses() {
                return classes;
            }

            @Override
            public Set<LatencyClass> downstreamClasses() {
                return downstream;
            }

            @Override
            public List<ExperimentPreset> presets() {
                return presets;
            }

            @Override
            public Optional<ProbePacket> plan(ExperimentClass c, DeviceId ingress, String at,
                                              Map<String, String> problems) {
                return c.packet();
            }
        };
    }

    private static ExperimentPreset preset(int order, String id) {
        return ExperimentPreset.of(order, Experiment.builder(id).build());
    }

    @Test
    public void aClassGoesOnToWhereTheTargetsMeasuringItSay() {
        ExperimentTargets targets = ExperimentTargets.of(List.of(
                target(ExperimentTarget.Field.TREE, Set.of(LatencyClass.MSR6_TE_ENCAP, LatencyClass.MSR6_RLB_ENCAP),
                       Set.of(LatencyClass.MSR6_REPLICATE, LatencyClass.MSR6_DECAP), List.of()),
                target(ExperimentTarget.Field.TUNNEL, Set.of(LatencyClass.GTPU_DECAP), Set.of(), List.of())));
        assertEquals(EnumSet.of(LatencyClass.MSR6_REPLICATE, LatencyClass.MSR6_DECAP),
                     targets.downstreamOf(measuredAs(LatencyClass.MSR6_RLB_ENCAP)));
        assertEquals(Set.of(), targets.downstreamOf(measuredAs(LatencyClass.GTPU_DECAP)));
        assertEquals("no target measures it", Set.of(), targets.downstreamOf(measuredAs(LatencyClass.APN6_INSERT)));
        assertEquals(Set.of(), ExperimentTargets.NONE.downstreamOf(measuredAs(LatencyClass.MSR6_TE_ENCAP)));
    }

    @Test
    public void aTargetMayNameWhereOnlyTheClassesNamingItsObjectsGoOnTo() {
        ExperimentTarget sessions = new ExperimentTarget() {
            @Override
            public Field field() {
                return Field.SESSION;
            }

            @Override
            public Set<LatencyClass> latencyClasses() {
                return Set.of(LatencyClass.IPV6);
            }

            @Override
            public Set<LatencyClass> downstreamClasses(ExperimentClass c) {
                return c.session().isPresent() ? Set.of(LatencyClass.IPV6) : Set.of();
            }

            @Override
            public Optional<ProbePacket> plan(ExperimentClass c, DeviceId ingress, String at,
                                              Map<String, String> problems) {
                return c.packet();
            }
        };
        ExperimentTargets targets = ExperimentTargets.of(List.of(sessions));
        assertEquals(Set.of(LatencyClass.IPV6), targets.downstreamOf(measuredAs(LatencyClass.IPV6).withSession("s")));
        assertEquals("a plain ipv6 class is not the session's", Set.of(),
                     targets.downstreamOf(measuredAs(LatencyClass.IPV6)));
    }

    private static ExperimentClass measuredAs(LatencyClass latencyClass) {
        return ExperimentClass.of("c", ExperimentClassRole.FEATURE, latencyClass, null, null, null);
    }

    @Test
    public void presetsAreListedByTheirOrderThenIdEachIdOnce() {
        ExperimentTargets targets = ExperimentTargets.of(List.of(
                target(ExperimentTarget.Field.TUNNEL, Set.of(), Set.of(), List.of(preset(40, "d"), preset(20, "c"))),
                target(ExperimentTarget.Field.POLICY, Set.of(), Set.of(), List.of(preset(20, "b"), preset(10, "e"))),
                target(ExperimentTarget.Field.POLICY, Set.of(), Set.of(), List.of(preset(50, "b")))));
        assertEquals(List.of("e", "b", "c", "d"),
                     targets.presets().stream().map(Experiment::id).collect(Collectors.toList()));
    }
}
