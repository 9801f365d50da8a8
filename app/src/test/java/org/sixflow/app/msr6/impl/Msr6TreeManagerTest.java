// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.impl;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.flow.FlowRule;
import org.sixflow.app.api.Msr6Mode;
import org.sixflow.app.api.Msr6Tree;
import org.sixflow.app.testing.SharedStorageService;
import org.sixflow.app.api.Msr6TreeEvent;
import org.sixflow.app.api.Msr6TreeRequest;
import org.sixflow.app.api.TreeConstraints;
import org.onosproject.net.DeviceId;
import org.sixflow.pipeconf.GroupIds;
import org.sixflow.pipeconf.SixflowPipeconfs;
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
 * Trees on the lab network: computed, encoded, compiled against the P4Info, installed, removed.
 */
public class Msr6TreeManagerTest {

    private static final PipelineModelChecker CHECKER =
            new PipelineModelChecker(BundledPipeconfs.bmv2().pipelineModel());
    private static final PipelineModelChecker TOFINO =
            new PipelineModelChecker(BundledPipeconfs.tofino().pipelineModel());
    private static final ConnectPoint H_BJ = ConnectPoint.deviceConnectPoint("device:beijing/3");
    private static final Set<ConnectPoint> RECEIVERS = Set.of(ConnectPoint.deviceConnectPoint("device:nanjing/4"),
                                                              ConnectPoint.deviceConnectPoint("device:shanghai/3"),
                                                              ConnectPoint.deviceConnectPoint("device:guangzhou/3"));

    private final Msr6TreeManagerFixture fixture = new Msr6TreeManagerFixture();

    private static Msr6TreeRequest request(String id, Msr6Mode mode, Msr6TreeRequest.Algorithm algorithm) {
        return Msr6TreeRequest.of(id, H_BJ, Ip6Address.valueOf("ff3e::1"), RECEIVERS, mode, algorithm);
    }

    @Test
    public void installsASteinerTreeWhoseEntriesFitThePipeline() {
        Msr6Tree tree = fixture.manager.create(request("video", Msr6Mode.TE, Msr6TreeRequest.Algorithm.STEINER));
        // Beijing -> Nanjing -> Shanghai -> Guangzhou: three links, one fewer than shortest paths.
        assertEquals(3, tree.links().size());
        assertEquals(3, tree.msids().size());
        assertFalse(fixture.rules.isEmpty());
        for (FlowRule rule : fixture.rules) {
            assertEquals(rule.toString(), List.of(), CHECKER.problems(rule));
            assertEquals("fits Tofino too: " + rule, List.of(), TOFINO.problems(rule));
        }
        // Beijing (its one copy leaves by the tree's link), Nanjing, Shanghai (forward + deliver),
        // Guangzhou (leaf), each the tree's own group.
        assertEquals(4, fixture.groups.size());
        assertTrue(fixture.groups.stream().allMatch(g -> g.givenGroupId() == GroupIds.treeGroup(tree.number())));
        assertEquals(List.of(tree), fixture.manager.trees());
    }

    @Test
    public void aTofinoReplicationPointLimitsTheTreeToWhatItsEgressReads() {
        fixture.pipeconfs.bindToDevice(SixflowPipeconfs.TOFINO, DeviceId.deviceId("device:nanjing"));
        // Shortest paths: Wuhan, Nanjing, Guangzhou, Shanghai = 4 M-SIDs, and Nanjing makes copies.
        assertRejected(() -> fixture.manager.create(request("video", Msr6Mode.TE,
                                                            Msr6TreeRequest.Algorithm.SHORTEST_PATHS)),
                       "device:nanjing (at most 3)");
        assertTrue("nothing installed", fixture.rules.isEmpty() && fixture.groups.isEmpty());
        // The Steiner tree's 3 M-SIDs fit.
        assertEquals(3, fixture.manager.create(request("video", Msr6Mode.TE, Msr6TreeRequest.Algorithm.STEINER))
                .msids().size());
    }

    @Test
    public void aTofinoLeafDecapsulatesAnyLength() {
        // Guangzhou is a leaf of the 4-M-SID shortest-path tree: it decapsulates in ingress.
        fixture.pipeconfs.bindToDevice(SixflowPipeconfs.TOFINO, DeviceId.deviceId("device:guangzhou"));
        fixture.pipeconfs.bindToDevice(SixflowPipeconfs.BMV2, DeviceId.deviceId("device:nanjing"));
        assertEquals(4, fixture.manager.create(request("video", Msr6Mode.TE, Msr6TreeRequest.Algorithm.SHORTEST_PATHS))
                .msids().size());
    }

    @Test
    public void shortestPathsAndRlbAlsoInstall() {
        Msr6Tree tree = fixture.manager.create(request("rlb", Msr6Mode.RLB,
                                                       Msr6TreeRequest.Algorithm.SHORTEST_PATHS));
        assertEquals(4, tree.links().size());
        assertTrue(tree.replicationPoints() >= 1);
        fixture.rules.forEach(rule -> assertEquals(List.of(), CHECKER.problems(rule)));
    }

    @Test
    public void anotherInstanceSeesTheSameTree() {
        SharedStorageService shared = new SharedStorageService();
        Msr6TreeManagerFixture first = new Msr6TreeManagerFixture(shared);
        Msr6TreeManagerFixture second = new Msr6TreeManagerFixture(shared);
        Msr6Tree installed = first.manager.create(request("video", Msr6Mode.TE, Msr6TreeRequest.Algorithm.STEINER));
        Msr6Tree seen = second.manager.tree("video").orElseThrow();
        assertEquals(installed.msids(), seen.msids());
        assertEquals(installed.number(), seen.number());
        assertTrue("only the first instance installed", second.rules.isEmpty());
        assertEquals(1, second.manager.trees().size());
    }

    @Test
    public void removeTakesEverythingBack() {
        fixture.manager.create(request("video", Msr6Mode.TE, Msr6TreeRequest.Algorithm.STEINER));
        assertTrue(fixture.manager.remove("video"));
        assertEquals(List.of(Msr6TreeEvent.Type.TREE_ADDED, Msr6TreeEvent.Type.TREE_REMOVED),
                     fixture.events.stream().map(Msr6TreeEvent::type).collect(Collectors.toList()));
        assertTrue(fixture.rules.isEmpty());
        assertTrue(fixture.groups.isEmpty());
        assertFalse(fixture.manager.tree("video").isPresent());
        assertFalse(fixture.manager.remove("video"));
    }

    @Test
    public void changingReceiversMakesBeforeBreaking() {
        Msr6Tree before = fixture.manager.create(request("video", Msr6Mode.TE, Msr6TreeRequest.Algorithm.STEINER));
        List<FlowRule> oldRules = List.copyOf(fixture.rules);
        Msr6Tree after = fixture.manager.updateReceivers("video", Set.of(
                ConnectPoint.deviceConnectPoint("device:guangzhou/3")));
        assertTrue(after.number() != before.number());
        assertEquals(2, after.links().size());   // Beijing -> Wuhan -> Guangzhou
        // Everything of the new tree went in before anything of the old one came out.
        List<String> ops = fixture.operations.subList(fixture.operations.lastIndexOf("apply") - 1,
                                                      fixture.operations.size());
        assertEquals(List.of("apply", "apply", "remove"), ops.subList(0, 3));
        // Only the new tree's entries and groups remain (entries both trees share stay), all fitting.
        fixture.rules.forEach(rule -> assertEquals(List.of(), CHECKER.problems(rule)));
        assertEquals(after.entries().values().stream().mapToInt(Integer::intValue).sum(),
                     fixture.rules.size() + fixture.groups.size());
        assertTrue(oldRules.stream().anyMatch(r -> !fixture.rules.contains(r)));
        assertEquals(List.of(after), fixture.manager.trees());
    }

    @Test
    public void reroutesWhenALinkOfTheTreeFails() throws Exception {
        Msr6Tree before = fixture.manager.create(request("video", Msr6Mode.TE, Msr6TreeRequest.Algorithm.STEINER));
        assertTrue(before.links().stream().anyMatch(l -> l.src().toString().equals("device:nanjing/3")));
        fixture.lab.fail("device:nanjing/3", "device:shanghai/1");
        long deadline = System.currentTimeMillis() + 10_000;
        // The reroute runs on the manager's worker: it stores the new tree, then posts the event.
        while (fixture.manager.tree("video").orElseThrow().number() == before.number()
                || fixture.events.get(fixture.events.size() - 1).type() != Msr6TreeEvent.Type.TREE_UPDATED) {
            assertTrue("rerouted and announced in time", System.currentTimeMillis() < deadline);
            Thread.sleep(20);
        }
        Msr6Tree after = fixture.manager.tree("video").orElseThrow();
        assertTrue(after.links().stream().noneMatch(l -> l.src().toString().equals("device:nanjing/3")));
        assertEquals(after, fixture.events.get(fixture.events.size() - 1).subject());
        assertEquals(after.request().receivers(), before.request().receivers());
    }

    @Test
    public void removingOneTreeKeepsWhatAnotherShares() {
        // (*,G) and (S,G) of one group to the same receivers: they share adjacencies, never SIDs.
        Msr6Tree video = fixture.manager.create(request("video", Msr6Mode.TE, Msr6TreeRequest.Algorithm.STEINER));
        List<FlowRule> videoOnly = List.copyOf(fixture.rules);
        Msr6Tree audio = fixture.manager.create(request("audio", Msr6Mode.TE, Msr6TreeRequest.Algorithm.STEINER)
                                                        .withSourceAddress(Ip6Address.valueOf("fd00:1:1::10")));
        assertTrue(java.util.Collections.disjoint(video.msids(), audio.msids()));
        fixture.manager.remove("video");
        audio = fixture.manager.tree("audio").orElseThrow();
        assertEquals(audio.entries().values().stream().mapToInt(Integer::intValue).sum(),
                     fixture.rules.size() + fixture.groups.size());
        // The adjacencies both trees use are still there; nothing of video's own is.
        assertTrue(videoOnly.stream().anyMatch(fixture.rules::contains));
        assertTrue(fixture.groups.stream().noneMatch(g -> g.givenGroupId() == GroupIds.treeGroup(video.number())));
    }

    @Test
    public void aTreeThatWouldRepointAnothersReceiverPortIsRefused() {
        fixture.manager.create(request("video", Msr6Mode.TE, Msr6TreeRequest.Algorithm.STEINER));
        List<FlowRule> before = List.copyOf(fixture.rules);
        // Another group to the same receiver ports would need other destination MACs there.
        assertRejected(() -> fixture.manager.create(Msr6TreeRequest.of(
                "audio", H_BJ, Ip6Address.valueOf("ff3e::2"), RECEIVERS, Msr6Mode.TE,
                Msr6TreeRequest.Algorithm.STEINER)), "where tree video uses");
        assertEquals(before, fixture.rules);
        assertEquals(1, fixture.manager.trees().size());
    }

    @Test
    public void sourceSpecificTreesMatchTheSourceAndShowTheirEntries() {
        Msr6Tree tree = fixture.manager.create(request("video", Msr6Mode.TE, Msr6TreeRequest.Algorithm.STEINER)
                                                       .withSourceAddress(Ip6Address.valueOf("fd00:1:1::10")));
        String ingress = String.join("\n", tree.details().get(DeviceId.deviceId("device:beijing")));
        assertTrue(ingress, ingress.contains("SixflowIngress.msr6_ingress.msr6_encap"));
        assertTrue(ingress, ingress.contains("ipv6_src"));
        // A second tree for the same group from another source is a different (S, G).
        fixture.manager.create(request("other", Msr6Mode.TE, Msr6TreeRequest.Algorithm.STEINER)
                                       .withSourceAddress(Ip6Address.valueOf("fd00:1:1::11")));
        assertEquals(2, fixture.manager.trees().size());
    }

    @Test
    public void sidFunctionsComeFromNetcfg() {
        fixture.lab.netcfg.applyConfig(DeviceId.deviceId("device:nanjing"),
                                       org.sixflow.app.config.SixflowDeviceConfig.class,
                                       fixture.lab.netcfg.json("{\"role\": \"EDGE\", \"locator\": \"fd00:1:3::/64\", "
                                               + "\"myStationMac\": \"00:aa:00:00:00:03\", \"endRlFunction\": 4660}"));
        Msr6Tree tree = fixture.manager.create(request("video", Msr6Mode.TE, Msr6TreeRequest.Algorithm.STEINER));
        assertTrue(tree.msids().toString(), tree.msids().stream().anyMatch(
                sid -> org.sixflow.app.msr6.encoding.Msid.locator(sid).toString().equals("fd00:1:3::/64")
                        && org.sixflow.app.msr6.encoding.Msid.function(sid) == (0x1234L << 16 | tree.number())));
    }

    @Test
    public void honoursExcludedDevicesAndMaxHops() {
        TreeConstraints avoidNanjing = TreeConstraints.of(0, 0, Set.of(DeviceId.deviceId("device:nanjing")), Set.of(),
                                                          0, TreeConstraints.Metric.HOPS);
        Set<ConnectPoint> twoReceivers = Set.of(ConnectPoint.deviceConnectPoint("device:shanghai/3"),
                                                ConnectPoint.deviceConnectPoint("device:guangzhou/3"));
        Msr6Tree tree = fixture.manager.create(Msr6TreeRequest.of("detour", H_BJ, Ip6Address.valueOf("ff3e::5"),
                                                                  twoReceivers, Msr6Mode.TE,
                                                                  Msr6TreeRequest.Algorithm.STEINER, avoidNanjing));
        assertTrue(tree.links().stream().noneMatch(l -> l.src().deviceId().toString().equals("device:nanjing")
                || l.dst().deviceId().toString().equals("device:nanjing")));
        TreeConstraints twoHops = TreeConstraints.of(2, 0, Set.of(DeviceId.deviceId("device:nanjing")), Set.of(), 0,
                                                     TreeConstraints.Metric.HOPS);
        assertRejected(() -> fixture.manager.create(Msr6TreeRequest.of(
                "short", H_BJ, Ip6Address.valueOf("ff3e::6"), twoReceivers, Msr6Mode.TE,
                Msr6TreeRequest.Algorithm.STEINER, twoHops)), "maxHops 2 exceeded for [device:shanghai (3 hops)]");
    }

    @Test
    public void refusesWhatCannotBeBuiltAndSaysWhy() {
        fixture.manager.create(request("video", Msr6Mode.TE, Msr6TreeRequest.Algorithm.STEINER));
        assertRejected(() -> fixture.manager.create(request("video", Msr6Mode.TE, Msr6TreeRequest.Algorithm.STEINER)),
                    "in use");
        assertRejected(() -> fixture.manager.create(request("again", Msr6Mode.RLB, Msr6TreeRequest.Algorithm.STEINER)),
                    "already has tree video");
        assertRejected(() -> fixture.manager.create(Msr6TreeRequest.of(
                "far", H_BJ, Ip6Address.valueOf("ff3e::2"), Set.of(ConnectPoint.deviceConnectPoint("device:tokyo/1")),
                Msr6Mode.TE, Msr6TreeRequest.Algorithm.STEINER)), "device:tokyo");
        assertRejected(() -> fixture.manager.create(Msr6TreeRequest.of(
                "self", H_BJ, Ip6Address.valueOf("ff3e::3"), Set.of(ConnectPoint.deviceConnectPoint("device:beijing/4")),
                Msr6Mode.TE, Msr6TreeRequest.Algorithm.STEINER)), "source's own device");
        assertRejected(() -> Msr6TreeRequest.of("x", H_BJ, Ip6Address.valueOf("fd00::1"), RECEIVERS, Msr6Mode.TE,
                                             Msr6TreeRequest.Algorithm.STEINER), "not an IPv6 multicast");
        assertRejected(() -> Msr6TreeRequest.of("Bad Id", H_BJ, Ip6Address.valueOf("ff3e::1"), RECEIVERS, Msr6Mode.TE,
                                             Msr6TreeRequest.Algorithm.STEINER), "lower-case");
    }
}
