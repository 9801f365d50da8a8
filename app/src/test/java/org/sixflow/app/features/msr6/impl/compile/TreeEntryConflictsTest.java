// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.compile;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.FlowRule;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6TreeEntries;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Two trees on the study network: what they may share and what they may not.
 */
public class TreeEntryConflictsTest {

    private static final Ip6Address GROUP_A = Ip6Address.valueOf("ff3e::1");
    private static final Ip6Address GROUP_B = Ip6Address.valueOf("ff3e::2");
    private static final Ip6Address SOURCE = Ip6Address.valueOf("fd00:1:1::10");

    @Test
    public void treesOfOneGroupCoexist() {
        // (*,G) and (S,G) to the same receivers: own SIDs, groups and adjacencies.
        Msr6TreeEntries any = Msr6RuleCompilerTest.compile(Msr6Mode.TE, 1, GROUP_A, null, Set.of(2, 3, 4));
        Msr6TreeEntries specific = Msr6RuleCompilerTest.compile(Msr6Mode.TE, 2, GROUP_A, SOURCE, Set.of(2, 3, 4));
        TreeEntryConflicts.check("specific", specific, ListedHolders.of(Map.of("any", any)));
    }

    @Test
    public void treesOfOtherGroupsOnOtherReceiverPortsCoexist() {
        Msr6TreeEntries a = Msr6RuleCompilerTest.compile(Msr6Mode.TE, 1, GROUP_A, null, Set.of(3));
        Msr6TreeEntries b = Msr6RuleCompilerTest.compile(Msr6Mode.TE, 2, GROUP_B, null, Set.of(4));
        TreeEntryConflicts.check("b", b, ListedHolders.of(Map.of("a", a)));
    }

    @Test
    public void treesOfOtherGroupsShareAReceiverPortEachWithItsMac() {
        // Adjacencies are per (group, port): shanghai's receiver port gets both groups' MACs.
        Msr6TreeEntries a = Msr6RuleCompilerTest.compile(Msr6Mode.TE, 1, GROUP_A, null, Set.of(3));
        Msr6TreeEntries b = Msr6RuleCompilerTest.compile(Msr6Mode.TE, 2, GROUP_B, null, Set.of(3, 4));
        TreeEntryConflicts.check("b", b, ListedHolders.of(Map.of("a", a)));
    }

    @Test
    public void rlbTreesWithOneBitstringAndOtherLocalReceiversCoexist() {
        // Nanjing replicates to Shanghai with bitstring 0b100 in both trees and, in the second
        // only, delivers to its own receivers (for another group): each tree has its own group
        // there, with its own ports and MACs (these trees were refused when End.RLB.X groups
        // were keyed by the bitstring alone).
        Msr6TreeEntries forward = Msr6RuleCompilerTest.compile(Msr6Mode.RLB, 1, GROUP_A, null, Set.of(3, 4));
        Msr6TreeEntries withLocal = Msr6RuleCompilerTest.compile(Msr6Mode.RLB, 2, GROUP_B, null, Set.of(2, 3, 4));
        TreeEntryConflicts.check("local", withLocal, ListedHolders.of(Map.of("forward", forward)));
        Msr6TreeEntries sameReceivers = Msr6RuleCompilerTest.compile(Msr6Mode.RLB, 3, GROUP_A, SOURCE, Set.of(2, 3, 4));
        TreeEntryConflicts.check("same", sameReceivers,
                                 ListedHolders.of(Map.of("forward", forward, "local", withLocal)));
    }

    @Test
    public void aTreeMayReplaceItself() {
        Msr6TreeEntries a = Msr6RuleCompilerTest.compile(Msr6Mode.TE, 1, GROUP_A, null, Set.of(3));
        Msr6TreeEntries again = Msr6RuleCompilerTest.compile(Msr6Mode.TE, 2, GROUP_B, null, Set.of(3, 4));
        TreeEntryConflicts.check("a", again, ListedHolders.of(Map.of("a", a)));
    }

    @Test
    public void entriesThatOnlyShareAFlowIdAreNoConflict() {
        // A flow id is a 32-bit hash: at 6,485 trees two trees' entries in different tables had one.
        Msr6TreeEntries a = Msr6RuleCompilerTest.compile(Msr6Mode.TE, 1, GROUP_A, null, Set.of(3));
        Msr6TreeEntries b = Msr6RuleCompilerTest.compile(Msr6Mode.TE, 2, GROUP_B, null, Set.of(4));
        FlowRule ofA = a.allRules().get(0);
        FlowRule ofB = b.allRules().stream().filter(r -> !r.table().equals(ofA.table())).findFirst().orElseThrow();
        FlowRule colliding = DefaultFlowRule.builder().forDevice(ofB.deviceId()).forTable(ofB.table()).withSelector(ofB.selector())
                .withTreatment(ofB.treatment()).withPriority(ofB.priority()).withCookie(ofA.id().value())
                .makePermanent().build();
        assertEquals(ofA.id(), colliding.id());
        TreeEntryConflicts.check("b", Msr6TreeEntries.of(2, List.of(colliding), List.of()),
                                 ListedHolders.of(Map.of("a", a)));
    }

    @Test
    public void twoTreesClaimingOneNumberAreRefused() {
        // The guard: had two records one tree number, their entries would share keys.
        Msr6TreeEntries first = Msr6RuleCompilerTest.compile(Msr6Mode.RLB, 7, GROUP_A, null, Set.of(3, 4));
        Msr6TreeEntries second = Msr6RuleCompilerTest.compile(Msr6Mode.RLB, 7, GROUP_A, null, Set.of(2, 3, 4));
        try {
            TreeEntryConflicts.check("second", second, ListedHolders.of(Map.of("first", first)));
            fail("a tree re-pointing another's entries accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("tree first"));
            assertTrue(e.getMessage(), e.getMessage().contains("device:nanjing"));
        }
    }
}
