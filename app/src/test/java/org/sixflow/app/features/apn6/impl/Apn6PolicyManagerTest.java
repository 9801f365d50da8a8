// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

import org.junit.After;
import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.apn6.api.Apn6Match;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.Apn6PolicyEvent;
import org.sixflow.app.features.apn6.api.Apn6Validation;
import org.sixflow.app.features.apn6.api.ApplicationAwareId;
import org.sixflow.app.features.apn6.api.PortRange;
import org.sixflow.app.testing.PolicyFlowRules;
import org.sixflow.pipeconf.testing.BundledPipeconfs;
import org.sixflow.pipeconf.testing.PipelineModelChecker;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.testing.Rejections.assertRejected;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER;

/**
 * Policies on the lab network, one instance: validated, installed, replaced, removed, reinstalled,
 * with their lifecycle; entries two policies share.
 */
public class Apn6PolicyManagerTest {

    private static final PipelineModelChecker CHECKER =
            new PipelineModelChecker(BundledPipeconfs.bmv2().pipelineModel());
    private static final DeviceId WUHAN = DeviceId.deviceId("device:wuhan");
    private final Apn6PolicyManagerFixture fixture = new Apn6PolicyManagerFixture();

    @After
    public void tearDown() {
        fixture.storage.shutdown();
    }

    static Apn6Policy video(int priority, String source) {
        return Apn6Policy.of("video", "video gold", priority,
                             Apn6Match.builder().source(Ip6Prefix.valueOf(source)).nextHeader(17)
                                     .destinationPorts(PortRange.of(5004, 5005)).build(),
                             ApplicationAwareId.of(3, 0x1234, 7, 1), 5, true);
    }

    private Apn6Validation create(Apn6Policy policy) {
        Apn6Validation result = fixture.manager.create(policy);
        fixture.awaitEvents();
        return result;
    }

    @Test
    public void installsEntriesThatFitThePipeline() {
        Apn6Validation result = create(video(100, "fd00:1:1::/64"));
        assertTrue(result.valid());
        assertEquals(result.entries(), fixture.rules().size());
        // 4 edge classifiers + 5 SLA entries (every device) + 4 strip entries (edge host ports).
        assertEquals(13, fixture.rules().size());
        for (FlowRule rule : fixture.rules()) {
            assertEquals(rule.toString(), List.of(), CHECKER.problems(rule));
        }
        assertEquals(5, fixture.manager.entries("video").size());
        assertEquals(InstallStatus.INSTALLED, fixture.status("video"));
    }

    @Test
    public void samePriorityOverlapIsRejectedHigherPriorityCoverIsAWarning() {
        create(video(100, "fd00:1::/32"));
        Apn6Policy overlapping = Apn6Policy.of("other", null, 100, Apn6Match.builder()
                .source(Ip6Prefix.valueOf("fd00:1:1::/64")).build(), ApplicationAwareId.of(1, 1, 1, 1), null, false);
        assertRejected(() -> fixture.manager.create(overlapping), "overlaps policy video");
        Apn6Policy shadowed = Apn6Policy.of("narrow", null, 50, Apn6Match.builder()
                .source(Ip6Prefix.valueOf("fd00:1:1::/64")).nextHeader(17)
                .destinationPorts(PortRange.of(5004, 5004)).build(), ApplicationAwareId.of(1, 1, 1, 1), null, false);
        Apn6Validation result = create(shadowed);
        assertTrue(result.valid());
        assertEquals(1, result.warnings().size());
        assertTrue(result.warnings().get(0).contains("policy video"));
    }

    private static Apn6Policy everything(int priority) {
        return Apn6Policy.of("all", null, priority, Apn6Match.builder().build(), ApplicationAwareId.of(1, 2, 3, 4),
                             null, false);
    }

    @Test
    public void aMatchAllPolicyIsInstalledAsRealEntriesAndOverlapsEverySamePriorityPolicy() {
        Apn6Validation result = create(everything(100));
        assertTrue(result.valid());
        // Two classifier entries on each of the 4 edges, none of them the table's default entry.
        assertEquals(8, fixture.rules().size());
        assertEquals(result.entries(), fixture.rules().size());
        for (FlowRule rule : fixture.rules()) {
            assertEquals(rule.toString(), List.of(), CHECKER.problems(rule));
            assertEquals(100, rule.priority());
        }
        assertEquals(4, fixture.manager.entries("all").size());

        assertRejected(() -> fixture.manager.create(video(100, "fd00:1:1::/64")), "overlaps policy all");
        Apn6Validation lower = create(video(50, "fd00:1:1::/64"));
        assertTrue(lower.valid());
        assertEquals(List.of("never applies: policy all (priority 100) matches all of its traffic"), lower.warnings());

        assertTrue(fixture.manager.remove("all"));
        fixture.awaitEvents();
        assertEquals(13, fixture.rules().size());   // the video policy's entries alone
    }

    @Test
    public void aMatchAllPolicyIsRejectedNextToAnySamePriorityPolicy() {
        create(video(100, "fd00:1:1::/64"));
        assertRejected(() -> fixture.manager.create(everything(100)), "overlaps policy video");
        assertTrue(create(everything(101)).valid());
        assertRejected(() -> fixture.manager.create(Apn6Policy.of("all2", null, 101, Apn6Match.builder().build(),
                                                                  ApplicationAwareId.of(1, 1, 1, 1), null, false)),
                       "overlaps policy all");
    }

    @Test
    public void updatePutsTheNewEntriesInBeforeTheOldOnesGoAndRemoveTakesThemAway() {
        create(video(100, "fd00:1:1::/64"));
        List<FlowRule> before = fixture.rules();
        fixture.flows.log.clear();
        fixture.manager.update(video(100, "fd00:1:2::/64"));
        fixture.awaitEvents();
        assertEquals(13, fixture.rules().size());
        assertTrue(before.stream().anyMatch(r -> !fixture.rules().contains(r)));
        assertEquals("fd00:1:2::/64", fixture.manager.policy("video").orElseThrow().match().source().toString());
        // One operation: the 4 new classifiers in the first stage (the other 9 entries are the same
        // flow rules and stay as they are), the 4 old classifiers in the second.
        List<List<String>> stages = fixture.flows.stages();
        assertEquals(2, stages.size());
        assertEquals(4, stages.get(0).stream().filter(w -> w.startsWith("add ")).count());
        assertEquals(4, stages.get(1).stream().filter(w -> w.startsWith("remove ")).count());
        assertEquals(InstallStatus.INSTALLED, fixture.status("video"));

        assertTrue(fixture.manager.remove("video"));
        fixture.awaitEvents();
        assertTrue(fixture.rules().isEmpty());
        assertFalse(fixture.manager.remove("video"));
    }

    @Test
    public void removingOnePolicyKeepsTheSlaAndStripEntriesAnotherShares() {
        // Same option and priority: the transit SLA entries and the egress strip entries coincide.
        Apn6Policy first = Apn6Policy.of("first", null, 100, Apn6Match.builder()
                .source(Ip6Prefix.valueOf("fd00:1:1::/64")).build(), ApplicationAwareId.of(3, 0x1234, 7, 1), 5, true);
        Apn6Policy second = Apn6Policy.of("second", null, 100, Apn6Match.builder()
                .source(Ip6Prefix.valueOf("fd00:1:2::/64")).build(), ApplicationAwareId.of(3, 0x1234, 8, 2), 5, true);
        create(first);
        create(second);
        // 4 + 4 classifiers, and 5 SLA + 4 strip entries that both policies compile to.
        assertEquals(Map.of("apn6_classifier", 8, "apn6_sla", 5, "apn6_strip", 4),
                     PolicyFlowRules.perTable(fixture.rules()));

        assertTrue(fixture.manager.remove("first"));
        fixture.awaitEvents();
        Set<String> installed = fixture.rules().stream().map(PolicyFlowRules::describe).collect(Collectors.toSet());
        Apn6PolicyManagerFixture reference = new Apn6PolicyManagerFixture();
        reference.manager.create(second);
        reference.awaitEvents();
        Set<String> secondAlone = reference.rules().stream().map(PolicyFlowRules::describe)
                .collect(Collectors.toSet());
        reference.storage.shutdown();
        assertEquals("every entry of the remaining policy is still installed", secondAlone, installed);

        assertTrue(fixture.manager.remove("second"));
        fixture.awaitEvents();
        assertTrue(fixture.rules().isEmpty());
    }

    @Test
    public void movingOnePolicyToAnotherPriorityKeepsTheEntriesItSharedWithAnother() {
        Apn6Policy first = Apn6Policy.of("first", null, 100, Apn6Match.builder()
                .source(Ip6Prefix.valueOf("fd00:1:1::/64")).build(), ApplicationAwareId.of(3, 0x1234, 7, 1), 5, true);
        Apn6Policy second = Apn6Policy.of("second", null, 100, Apn6Match.builder()
                .source(Ip6Prefix.valueOf("fd00:1:2::/64")).build(), ApplicationAwareId.of(3, 0x1234, 8, 2), 5, true);
        create(first);
        create(second);
        fixture.manager.update(Apn6Policy.of("first", null, 200, first.match(), first.option(), 5, true));
        fixture.awaitEvents();
        // Second's 5 SLA and 4 strip entries at priority 100 stay; first has its own at 200 now.
        assertEquals(Map.of("apn6_classifier", 4, "apn6_sla", 5, "apn6_strip", 4), PolicyFlowRules.perTable(
                fixture.rules().stream().filter(r -> r.priority() == 100).collect(Collectors.toList())));
        assertEquals(Map.of("apn6_classifier", 4, "apn6_sla", 5, "apn6_strip", 4), PolicyFlowRules.perTable(
                fixture.rules().stream().filter(r -> r.priority() == 200).collect(Collectors.toList())));
    }

    @Test
    public void samePriorityAndSlaLevelCannotAskForTwoQueuePriorities() {
        create(video(100, "fd00:1:1::/64"));
        Apn6Policy other = Apn6Policy.of("other", null, 100, Apn6Match.builder()
                .source(Ip6Prefix.valueOf("fd00:9::/64")).build(), ApplicationAwareId.of(3, 0x1234, 1, 1), 2, false);
        assertRejected(() -> fixture.manager.create(other), "policy video already gives SLA level 3, app 4660");
        Apn6Policy samePriorityQueue = Apn6Policy.of("other", null, 100, Apn6Match.builder()
                .source(Ip6Prefix.valueOf("fd00:9::/64")).build(), ApplicationAwareId.of(3, 0x1234, 1, 1), 5, false);
        assertTrue(create(samePriorityQueue).valid());
    }

    @Test
    public void anUpdateADeviceRefusesLeavesTheOldEntriesInPlace() {
        create(video(100, "fd00:1:1::/64"));
        List<FlowRule> before = fixture.rules();
        // The devices of the classifiers, the entries the update changes: they refuse.
        Set<DeviceId> changed = before.stream().filter(r -> r.table().equals(SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER)).map(FlowRule::deviceId)
                .collect(Collectors.toSet());
        assertFalse(changed.isEmpty());
        fixture.flows.refusing.addAll(changed);
        fixture.manager.update(video(100, "fd00:1:2::/64"));
        fixture.awaitEvents();
        // ONOS runs the removal stage after a refused stage: the old entries must not be in it.
        assertTrue(fixture.rules().containsAll(before));
        assertTrue(fixture.flows.writes("remove").isEmpty());
        assertEquals(InstallStatus.State.FAILED, fixture.status("video").state());
        assertTrue(changed.contains(fixture.status("video").failure().orElseThrow().deviceId()));
    }

    @Test
    public void aPolicyWithNowhereToGoStaysRequested() {
        create(video(100, "fd00:1:1::/64"));
        assertEquals(InstallStatus.INSTALLED, fixture.status("video"));
        fixture.lab.devices.getDevices().forEach(d -> fixture.lab.netcfg.removeConfig(
                d.id(), org.sixflow.app.config.SixflowDeviceConfig.class));
        fixture.awaitEvents();
        assertTrue(fixture.rules().isEmpty());
        assertEquals(InstallStatus.REQUESTED, fixture.status("video"));
    }

    @Test
    public void listenersHearAddUpdateRemoveAndTheLifecycle() {
        create(video(100, "fd00:1:1::/64"));
        fixture.manager.update(video(100, "fd00:1:2::/64"));
        fixture.awaitEvents();
        fixture.manager.remove("video");
        fixture.manager.remove("video");
        fixture.awaitEvents();
        assertEquals(List.of(Apn6PolicyEvent.Type.POLICY_ADDED, Apn6PolicyEvent.Type.POLICY_INSTALLED,
                             Apn6PolicyEvent.Type.POLICY_UPDATED, Apn6PolicyEvent.Type.POLICY_INSTALLED,
                             Apn6PolicyEvent.Type.POLICY_REMOVED),
                     fixture.events.stream().map(Apn6PolicyEvent::type).collect(Collectors.toList()));
        assertEquals("fd00:1:1::/64", fixture.events.get(2).previous().orElseThrow().match().source().toString());
        assertEquals("fd00:1:2::/64", fixture.events.get(4).subject().match().source().toString());
    }

    @Test
    public void unknownIngressPortsAndBadMatchesAreProblems() {
        Apn6Policy policy = Apn6Policy.of("p", null, 10, Apn6Match.builder()
                .ingressPorts(Set.of(ConnectPoint.deviceConnectPoint("device:wuhan/1")))
                .destinationPorts(PortRange.of(80, 80)).build(), ApplicationAwareId.of(1, 1, 1, 1), null, false);
        Apn6Validation result = fixture.manager.validate(policy);
        assertFalse(result.valid());
        assertEquals(2, result.problems().size());
        assertRejected(() -> fixture.manager.create(policy), "ingress port device:wuhan/1 is a link port (to device:beijing/1)");
    }
}
