// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.cli;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.impl.Msr6TreeManagerFixture;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * sixflow:tree-add argument parsing and the text of sixflow:trees / tree-show.
 */
public class TreeCommandsTest {

    @Test
    public void parsesArgumentsIntoARequest() {
        Msr6TreeRequest request = TreeAddCommand.request("video", "device:beijing/3", "ff3e::1",
                                                         List.of("device:nanjing/4", "device:shanghai/3"), "rlb",
                                                         "shortest_paths");
        assertEquals(ConnectPoint.deviceConnectPoint("device:beijing/3"), request.source());
        assertEquals(Ip6Address.valueOf("ff3e::1"), request.group());
        assertEquals(Msr6Mode.RLB, request.mode());
        assertEquals(Msr6TreeRequest.Algorithm.SHORTEST_PATHS, request.algorithm());
        assertEquals(2, request.receivers().size());
    }

    @Test
    public void hostsStandForTheirPort() {
        Msr6TreeRequest request = TreeAddCommand.request(
                "video", "device:beijing/3", "ff3e::1", List.of("host:00:00:00:00:00:40/None"), "TE", "STEINER",
                org.sixflow.app.features.msr6.api.TreeConstraints.NONE,
                host -> java.util.Optional.of(ConnectPoint.deviceConnectPoint("device:guangzhou/3")));
        assertEquals(java.util.Set.of(ConnectPoint.deviceConnectPoint("device:guangzhou/3")), request.receivers());
        try {
            TreeAddCommand.request("video", "device:beijing/3", "ff3e::1", List.of("host:00:00:00:00:00:41/None"),
                                   "TE", "STEINER");
            fail("unknown host accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("knows no host"));
        }
    }

    @Test
    public void badArgumentsSayWhich() {
        String[][] cases = {
                {"device:beijing/3", "ff3e::1", "TE", "STEINER", "nowhere", "receiver \"nowhere\""},
                {"device:beijing/3", "ff3e::1", "XX", "STEINER", "device:nanjing/4", "mode must be one of"},
                {"device:beijing/3", "zz", "TE", "STEINER", "device:nanjing/4", "group \"zz\""},
        };
        for (String[] c : cases) {
            try {
                TreeAddCommand.request("t", c[0], c[1], List.of(c[4]), c[2], c[3]);
                fail("accepted " + String.join(" ", c));
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage(), e.getMessage().contains(c[5]));
            }
        }
    }

    @Test
    public void listsAndShowsAnInstalledTree() {
        assertEquals(List.of("No MSR6 trees"), TreeListCommand.lines(List.of()));
        Msr6Tree tree = new Msr6TreeManagerFixture().manager.create(TreeAddCommand.request(
                "video", "device:beijing/3", "ff3e::1",
                List.of("device:nanjing/4", "device:shanghai/3", "device:guangzhou/3"), "TE", "STEINER"));
        String line = TreeListCommand.lines(List.of(tree)).get(0);
        assertTrue(line, line.startsWith("id=video, group=ff3e::1, source=device:beijing/3, receivers=3, mode=TE"));
        assertTrue(line, line.endsWith(", state=INSTALLED"));
        Msr6Tree failed = tree.failed(org.sixflow.app.features.msr6.api.Msr6TreeFailure.onDevice(
                org.onosproject.net.DeviceId.deviceId("device:wuhan"), "refused 3 transit entries"));
        String failedLine = TreeListCommand.lines(List.of(failed)).get(0);
        assertTrue(failedLine, failedLine.endsWith(", state=FAILED, failure=device:wuhan: refused 3 transit entries"));
        assertEquals("M-SIDs per tree: at most 8; 3 where device:nanjing is the source with receivers of its own"
                             + " (a replicating node there is split)",
                     TreeListCommand.limitsLine(org.sixflow.app.features.msr6.api.Msr6TreeLimits.of(
                             8, java.util.Map.of(org.onosproject.net.DeviceId.deviceId("device:nanjing"), 3))));
        List<String> shown = TreeShowCommand.lines(tree);
        assertTrue(shown.contains("  link device:beijing/2 -> device:nanjing/1"));
        assertTrue(shown.stream().anyMatch(l -> l.startsWith("  M-SID[0] fd00:1:3:0:100:" + Integer.toHexString(tree.number()) + ":")));
    }
}
