// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.apn6.impl;

import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.flow.FlowRule;
import org.sixflow.app.api.Apn6Match;
import org.sixflow.app.api.Apn6Policy;
import org.sixflow.app.api.Apn6PolicyEvent;
import org.sixflow.app.api.Apn6Validation;
import org.sixflow.app.api.ApplicationAwareId;
import org.sixflow.app.api.PortRange;
import org.sixflow.app.testing.SharedStorageService;
import org.sixflow.pipeconf.testing.BundledPipeconfs;
import org.sixflow.pipeconf.testing.PipelineModelChecker;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.testing.Rejections.assertRejected;

/**
 * Policies on the lab network: validated, installed, replaced, removed, reinstalled.
 */
public class Apn6PolicyManagerTest {

    private static final PipelineModelChecker CHECKER =
            new PipelineModelChecker(BundledPipeconfs.bmv2().pipelineModel());
    private final Apn6PolicyManagerFixture fixture = new Apn6PolicyManagerFixture();

    private static Apn6Policy video(int priority, String source) {
        return Apn6Policy.of("video", "video gold", priority,
                             Apn6Match.builder().source(Ip6Prefix.valueOf(source)).nextHeader(17)
                                     .destinationPorts(PortRange.of(5004, 5005)).build(),
                             ApplicationAwareId.of(3, 0x1234, 7, 1), 5, true);
    }

    @Test
    public void installsEntriesThatFitThePipeline() {
        Apn6Validation result = fixture.manager.create(video(100, "fd00:1:1::/64"));
        assertTrue(result.valid());
        assertEquals(result.entries(), fixture.rules.size());
        // 4 edge classifiers + 5 SLA entries (every device) + 4 strip entries (edge host ports).
        assertEquals(13, fixture.rules.size());
        for (FlowRule rule : fixture.rules) {
            assertEquals(rule.toString(), List.of(), CHECKER.problems(rule));
        }
        assertEquals(5, fixture.manager.entries("video").size());
    }

    @Test
    public void samePriorityOverlapIsRejectedHigherPriorityCoverIsAWarning() {
        fixture.manager.create(video(100, "fd00:1::/32"));
        Apn6Policy overlapping = Apn6Policy.of("other", null, 100, Apn6Match.builder()
                .source(Ip6Prefix.valueOf("fd00:1:1::/64")).build(), ApplicationAwareId.of(1, 1, 1, 1), null, false);
        assertRejected(() -> fixture.manager.create(overlapping), "overlaps policy video");
        Apn6Policy shadowed = Apn6Policy.of("narrow", null, 50, Apn6Match.builder()
                .source(Ip6Prefix.valueOf("fd00:1:1::/64")).nextHeader(17)
                .destinationPorts(PortRange.of(5004, 5004)).build(), ApplicationAwareId.of(1, 1, 1, 1), null, false);
        Apn6Validation result = fixture.manager.create(shadowed);
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
        Apn6Validation result = fixture.manager.create(everything(100));
        assertTrue(result.valid());
        // Two classifier entries on each of the 4 edges, none of them the table's default entry.
        assertEquals(8, fixture.rules.size());
        assertEquals(result.entries(), fixture.rules.size());
        for (FlowRule rule : fixture.rules) {
            assertEquals(rule.toString(), List.of(), CHECKER.problems(rule));
            assertEquals(100, rule.priority());
        }
        assertEquals(4, fixture.manager.entries("all").size());

        assertRejected(() -> fixture.manager.create(video(100, "fd00:1:1::/64")), "overlaps policy all");
        Apn6Validation lower = fixture.manager.create(video(50, "fd00:1:1::/64"));
        assertTrue(lower.valid());
        assertEquals(List.of("never applies: policy all (priority 100) matches all of its traffic"), lower.warnings());

        assertTrue(fixture.manager.remove("all"));
        assertEquals(13, fixture.rules.size());   // the video policy's entries alone
    }

    @Test
    public void aMatchAllPolicyIsRejectedNextToAnySamePriorityPolicy() {
        fixture.manager.create(video(100, "fd00:1:1::/64"));
        assertRejected(() -> fixture.manager.create(everything(100)), "overlaps policy video");
        assertTrue(fixture.manager.create(everything(101)).valid());
        assertRejected(() -> fixture.manager.create(Apn6Policy.of("all2", null, 101, Apn6Match.builder().build(),
                                                                  ApplicationAwareId.of(1, 1, 1, 1), null, false)),
                       "overlaps policy all");
    }

    @Test
    public void updateReplacesEntriesAndRemoveTakesThemAway() {
        fixture.manager.create(video(100, "fd00:1:1::/64"));
        List<FlowRule> before = List.copyOf(fixture.rules);
        fixture.manager.update(video(100, "fd00:1:2::/64"));
        assertEquals(13, fixture.rules.size());
        assertTrue(before.stream().anyMatch(r -> !fixture.rules.contains(r)));
        assertEquals("fd00:1:2::/64", fixture.manager.policy("video").orElseThrow().match().source().toString());
        assertTrue(fixture.manager.remove("video"));
        assertTrue(fixture.rules.isEmpty());
        assertFalse(fixture.manager.remove("video"));
    }

    @Test
    public void reconnectingDeviceGetsItsEntriesBack() {
        fixture.manager.create(video(100, "fd00:1:1::/64"));
        Device wuhan = fixture.lab.devices.getDevice(DeviceId.deviceId("device:wuhan"));
        fixture.applied.clear();
        fixture.lab.devices.emit(new DeviceEvent(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED, wuhan));
        assertEquals(1, fixture.applied.size());
        assertEquals(1, fixture.applied.get(0).length);   // Wuhan (transit) holds the SLA entry only

        fixture.applied.clear();
        fixture.remoteMastered.add(wuhan.id());             // another instance re-programs it
        fixture.lab.devices.emit(new DeviceEvent(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED, wuhan));
        assertTrue(fixture.applied.isEmpty());
    }

    @Test
    public void everyInstanceFollowsTheStore() {
        SharedStorageService shared = new SharedStorageService();
        Apn6PolicyManagerFixture first = new Apn6PolicyManagerFixture(shared);
        Apn6PolicyManagerFixture second = new Apn6PolicyManagerFixture(shared);
        first.manager.create(video(100, "fd00:1:1::/64"));
        assertTrue("only the first instance installed", second.rules.isEmpty());
        assertEquals(5, second.manager.entries("video").size());
        Apn6Policy overlapping = Apn6Policy.of("other", null, 100, Apn6Match.builder()
                .source(Ip6Prefix.valueOf("fd00:1::/32")).build(), ApplicationAwareId.of(1, 1, 1, 1), null, false);
        assertRejected(() -> second.manager.create(overlapping), "overlaps policy video");

        second.manager.update(video(100, "fd00:9::/64"));
        assertEquals("fd00:9::/64", first.manager.policy("video").orElseThrow().match().source().toString());
        first.manager.create(overlapping);                   // no longer overlaps, on either instance
        assertTrue(second.manager.remove("video"));
        assertFalse(first.manager.policy("video").isPresent());
        assertTrue(first.manager.entries("video").isEmpty());
        assertEquals(List.of("other"), second.manager.policies().stream().map(Apn6Policy::id)
                .collect(Collectors.toList()));
    }

    @Test
    public void listenersHearAddUpdateRemove() {
        fixture.manager.create(video(100, "fd00:1:1::/64"));
        fixture.manager.update(video(100, "fd00:1:2::/64"));
        fixture.manager.remove("video");
        fixture.manager.remove("video");
        assertEquals(List.of(Apn6PolicyEvent.Type.POLICY_ADDED, Apn6PolicyEvent.Type.POLICY_UPDATED,
                             Apn6PolicyEvent.Type.POLICY_REMOVED),
                     fixture.events.stream().map(Apn6PolicyEvent::type).collect(Collectors.toList()));
        assertEquals("fd00:1:2::/64", fixture.events.get(2).subject().match().source().toString());
    }

    @Test
    public void unknownIngressPortsAndBadMatchesAreProblems() {
        Apn6Policy policy = Apn6Policy.of("p", null, 10, Apn6Match.builder()
                .ingressPorts(Set.of(ConnectPoint.deviceConnectPoint("device:wuhan/1")))
                .destinationPorts(PortRange.of(80, 80)).build(), ApplicationAwareId.of(1, 1, 1, 1), null, false);
        Apn6Validation result = fixture.manager.validate(policy);
        assertFalse(result.valid());
        assertEquals(2, result.problems().size());
        assertRejected(() -> fixture.manager.create(policy), "not an edge port");
    }
}
