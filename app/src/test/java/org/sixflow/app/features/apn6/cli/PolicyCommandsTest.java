// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.cli;

import org.junit.Test;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.apn6.api.Apn6Match;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.ApplicationAwareId;
import org.sixflow.app.features.apn6.api.PortRange;
import org.sixflow.app.features.apn6.impl.Apn6PolicyManagerFixture;
import org.sixflow.pipeconf.testing.BundledPipeconfs;
import org.sixflow.pipeconf.testing.PipelineModelChecker;

import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * sixflow:policy-add argument parsing and the text of sixflow:policies / policy-show.
 */
public class PolicyCommandsTest {

    private static Apn6Policy video(String destinationPorts) {
        return PolicyAddCommand.policy("video", "100", "3:4660:7:1", "fd00:1:1::/64", null, "17", null,
                                       destinationPorts, List.of("device:beijing/3"), "5", true);
    }

    @Test
    public void parsesArgumentsIntoAPolicy() {
        Apn6Policy policy = video("5004-5005");
        assertEquals(100, policy.priority());
        assertEquals(ApplicationAwareId.of(3, 4660, 7, 1), policy.option());
        assertEquals(PortRange.of(5004, 5005), policy.match().destinationPorts());
        assertEquals(PortRange.ANY, policy.match().sourcePorts());
        assertEquals(Set.of(ConnectPoint.deviceConnectPoint("device:beijing/3")), policy.match().ingressPorts());
        assertEquals(Integer.valueOf(5), policy.slaPriority().orElseThrow());
        assertEquals(PortRange.of(53, 53), video("53").match().destinationPorts());
    }

    @Test
    public void noMatchOptionsMeanEveryPacketAndInstallRealEntries() {
        Apn6Policy policy = PolicyAddCommand.policy("all", "10", "1:2:3:4", null, null, null, null, null, null, null,
                                                    false);
        assertEquals(Apn6Match.builder().build(), policy.match());
        Apn6PolicyManagerFixture fixture = new Apn6PolicyManagerFixture();
        assertEquals(8, fixture.manager.create(policy).entries());
        fixture.awaitEvents();
        assertEquals(8, fixture.rules().size());
        PipelineModelChecker checker = new PipelineModelChecker(BundledPipeconfs.bmv2().pipelineModel());
        fixture.rules().forEach(rule -> assertEquals(rule.toString(), List.of(), checker.problems(rule)));
    }

    @Test
    public void badArgumentsSayWhich() {
        String[][] cases = {
                {"x", "3:4660:7:1", "fd00::/8", "80", "priority \"x\""},
                {"10", "3:4660:7", "fd00::/8", "80", "SLA:APP:USER:FLOW"},
                {"10", "3:a:7:1", "fd00::/8", "80", "four whole numbers"},
                {"10", "3:4660:7:1", "10.0.0.0/8", "80", "source \"10.0.0.0/8\""},
                {"10", "3:4660:7:1", "fd00::/8", "90-80", "destination-ports"},
                {"10", "3:4660:7:1", "fd00::/8", "1-2-3", "LOW-HIGH"},
        };
        for (String[] c : cases) {
            try {
                PolicyAddCommand.policy("p", c[0], c[1], c[2], null, null, null, c[3], null, null, false);
                fail("accepted " + String.join(" ", c));
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage() + " should mention " + c[4], e.getMessage().contains(c[4]));
            }
        }
    }

    @Test
    public void listsAnInstalledPolicyWithItsEntriesAndState() {
        assertEquals(List.of("No APN6 policies"),
                     PolicyListCommand.lines(List.of(), p -> 0, p -> InstallStatus.REQUESTED));
        Apn6PolicyManagerFixture fixture = new Apn6PolicyManagerFixture();
        fixture.manager.create(video("5004-5005"));
        fixture.awaitEvents();
        List<String> lines = PolicyListCommand.lines(
                fixture.manager.policies(),
                p -> fixture.manager.entries(p.id()).values().stream().mapToInt(List::size).sum(),
                p -> PolicyListCommand.status(fixture.manager, p));
        assertEquals(1, lines.size());
        assertTrue(lines.get(0), lines.get(0).startsWith("id=video, priority=100, source=fd00:1:1::/64"));
        assertTrue(lines.get(0), lines.get(0).contains("sla=3, appId=4660, userId=7, flowId=1"));
        assertTrue(lines.get(0), lines.get(0).endsWith("entries=" + fixture.rules().size() + ", state=INSTALLED"));

        List<String> shown = PolicyShowCommand.lines(fixture.manager.policy("video").orElseThrow(),
                                                     fixture.status("video"), fixture.manager.entries("video"));
        assertEquals(lines.get(0), shown.get(0));
        assertTrue(shown.contains("  ingress device:beijing/3"));
        assertTrue(shown.contains("  device:wuhan:"));
        assertEquals(1 + 1 + fixture.manager.entries("video").size() + fixture.rules().size(), shown.size());
    }

    @Test
    public void listsTheDeviceThatRefusedAFailedPolicyAndWhy() {
        Apn6Policy policy = video("5004-5005");
        InstallStatus failed = InstallStatus.failed(DeviceId.deviceId("device:wuhan"), "refused 1 entry");
        List<String> lines = PolicyListCommand.lines(List.of(policy), p -> 13, p -> failed);
        assertTrue(lines.get(0), lines.get(0).endsWith(
                "entries=13, state=FAILED, failedDevice=device:wuhan, reason=refused 1 entry"));
    }
}
