// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.experiments;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentPreset;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.features.apn6.api.Apn6Match;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.Apn6PolicyService;
import org.sixflow.app.features.apn6.api.ApplicationAwareId;

import java.lang.reflect.Proxy;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A class naming an APN6 policy is checked, as a run is planned, for the policy's existence, and
 * keeps its own packet; its packets are also measured in transit. The target offers the presets
 * whose feature class is APN6's.
 */
public class Apn6PolicyTargetTest {

    private static final ProbePacket PACKET = ProbePacket.of(Ip6Address.valueOf("fd00:1:1::10"),
                                                             Ip6Address.valueOf("fd00:1:3::10"), 40000, 6100, 64);

    private static final Apn6Policy P = Apn6Policy.of("p", null, 100, Apn6Match.builder()
            .source(Ip6Prefix.valueOf("fd00:1:1::/64")).build(), ApplicationAwareId.of(1, 1, 1, 1), null, false);

    /** A policy service holding policy p alone; nothing but looking a policy up is asked of it. */
    private static final Apn6PolicyService POLICIES = (Apn6PolicyService) Proxy.newProxyInstance(
            Apn6PolicyService.class.getClassLoader(), new Class<?>[]{Apn6PolicyService.class},
            (proxy, method, args) -> {
                if (!method.getName().equals("policy")) {
                    throw new UnsupportedOperationException(method.getName());
                }
                return P.id().equals(args[0]) ? Optional.of(P) : Optional.empty();
            });

    private static Map<String, String> plan(String policy) {
        Map<String, String> problems = new LinkedHashMap<>();
        ExperimentClass c = ExperimentClass.of("apn6", ExperimentClassRole.FEATURE, LatencyClass.APN6_INSERT,
                                               PACKET, null, policy);
        assertEquals("the class keeps its packet", Optional.of(PACKET),
                     new Apn6PolicyTarget(POLICIES).plan(c, DeviceId.deviceId("device:beijing"), "classes[3]",
                                                         problems));
        return problems;
    }

    @Test
    public void thePolicyMustExist() {
        Apn6PolicyTarget target = new Apn6PolicyTarget(POLICIES);
        assertEquals(ExperimentTarget.Field.POLICY, target.field());
        assertEquals(Set.of(LatencyClass.APN6_INSERT), target.latencyClasses());
        assertEquals(Map.of(), plan("p"));
        assertEquals(Map.of("classes[3].policy", "no APN6 policy none"), plan("none"));
    }

    @Test
    public void insertedPacketsAreAlsoMeasuredInTransit() {
        assertEquals(Set.of(LatencyClass.APN6_TRANSIT), new Apn6PolicyTarget(POLICIES).downstreamClasses());
    }

    @Test
    public void itOffersThePresetsWhoseFeatureClassIsApn6s() {
        List<ExperimentPreset> presets = new Apn6PolicyTarget(POLICIES).presets();
        assertEquals(List.of(ExperimentPreset.of(Apn6Presets.IETF109_ORDER, Apn6Presets.ietf109()),
                             ExperimentPreset.of(Apn6Presets.LOAD_GRID_ORDER, Apn6Presets.loadGrid())), presets);
        for (ExperimentPreset p : presets) {
            ExperimentClass apn6 = p.experiment().classes().get(1);
            assertEquals(p.experiment().id(), LatencyClass.APN6_INSERT, apn6.latencyClass());
            assertEquals(Optional.of(Apn6Presets.POLICY), apn6.policy());
            assertEquals(Apn6Presets.APN6_PORT, apn6.packet().orElseThrow().destinationPort());
        }
        assertTrue("it says which policy it needs", Apn6Presets.ietf109().description()
                .contains("needs APN6 policy " + Apn6Presets.POLICY));
    }
}
