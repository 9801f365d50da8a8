// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.TestApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.group.DefaultGroupBucket;
import org.onosproject.net.group.DefaultGroupDescription;
import org.onosproject.net.group.DefaultGroupKey;
import org.onosproject.net.group.GroupBuckets;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.sixflow.app.api.TableClaims;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6TreeEntries;
import org.sixflow.app.features.msr6.api.Msr6TreeFailure;
import org.sixflow.app.features.msr6.api.Msr6TreeRecord;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.api.Msr6TreeState;
import org.sixflow.app.features.msr6.impl.compile.TreeEntryConflicts;
import org.sixflow.app.impl.NewestWrites;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.impl.NewestWrites.after;
import static org.sixflow.app.impl.NewestWrites.written;
import static org.sixflow.app.testing.Rejections.assertRejected;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP;

/**
 * The index of the trees' entries: which trees hold an entry or a group, and what they claim per
 * table, as records are added, replaced and removed, in whatever order their writes arrive.
 */
public class TreeIndexTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final PiTableId TABLE = SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP;

    private final AtomicLong clock = new AtomicLong();
    private final TreeIndex index = new TreeIndex(new NewestWrites<>(clock::get));

    /** An entry matching group address ff3e::n with action "a" + action. */
    private static FlowRule rule(int n, int action) {
        byte[] group = Ip6Address.valueOf("ff3e::" + Integer.toHexString(n)).toOctets();
        return DefaultFlowRule.builder().forDevice(BEIJING).forTable(TABLE)
                .withSelector(DefaultTrafficSelector.builder().matchPi(
                        PiCriterion.builder().matchExact(HDR_IPV6_DST, group).build()).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(
                        PiAction.builder().withId(PiActionId.of("a" + action)).build()).build())
                .withPriority(100).fromApp(TestApplicationId.create("test")).makePermanent().build();
    }

    /** Group id on beijing, replicating to a port. */
    private static GroupDescription group(int id, long port) {
        return new DefaultGroupDescription(
                BEIJING, GroupDescription.Type.ALL, new GroupBuckets(List.of(DefaultGroupBucket.createAllGroupBucket(
                        DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(port)).build()))),
                new DefaultGroupKey(new byte[]{(byte) (id >> 8), (byte) id}), id, TestApplicationId.create("test"));
    }

    private static Msr6TreeEntries entries(int number, List<FlowRule> rules, List<GroupDescription> groups) {
        return Msr6TreeEntries.of(number, rules, groups);
    }

    private static Msr6TreeEntries entries(int number, FlowRule... rules) {
        return entries(number, List.of(rules), List.of());
    }

    /** A tree's record: built as one version, with another (or none) installed. */
    private static Msr6TreeRecord record(String id, Msr6TreeEntries built, Msr6TreeEntries installed,
                                        Msr6TreeState state) {
        Msr6TreeRecord record = Msr6TreeRecord.requested(Msr6TreeRequest.of(
                id, ConnectPoint.deviceConnectPoint("device:beijing/3"), Ip6Address.valueOf("ff3e::1"),
                Set.of(ConnectPoint.deviceConnectPoint("device:nanjing/4")), Msr6Mode.TE,
                Msr6TreeRequest.Algorithm.STEINER));
        if (built != null) {
            record = record.withBuilt(record.tree(), built);
        }
        if (installed != null) {
            record = record.withInstalled(installed);
        }
        return record.withTree(state == Msr6TreeState.FAILED
                                       ? record.tree().failed(Msr6TreeFailure.of("refused"))
                                       : record.tree().withState(state));
    }

    private static Msr6TreeRecord installed(String id, Msr6TreeEntries entries) {
        return record(id, entries, entries, Msr6TreeState.INSTALLED);
    }

    @Test
    public void anAddedTreeHoldsItsEntriesAndGroups() {
        FlowRule rule = rule(1, 1);
        GroupDescription group = group(0x401, 4);
        index.put("a", installed("a", entries(1, List.of(rule), List.of(group))), written(1));
        assertEquals(Map.of("a", List.of(rule)), index.rules(rule.id()));
        assertEquals(Map.of("a", List.of(group)), index.groups(BEIJING, 0x401));
        assertEquals(Map.of("a", List.of(group)), index.groups(BEIJING, group.appCookie()));
        assertEquals(Map.of(), index.rules(rule(2, 1).id()));
        assertEquals(Map.of(), index.groups(BEIJING, 0x402));
        assertEquals(1, index.claimsWhileChecking("b").count(BEIJING, TABLE));
    }

    @Test
    public void aReplacedRecordHoldsOnlyWhatItsNewVersionsHold() {
        index.put("a", installed("a", entries(1, rule(1, 1), rule(2, 1))), written(1));
        index.put("a", installed("a", entries(2, rule(2, 1), rule(3, 1))), written(2));
        assertEquals(Map.of(), index.rules(rule(1, 1).id()));
        assertEquals(Set.of("a"), index.rules(rule(3, 1).id()).keySet());
        assertEquals(2, index.claimsWhileChecking("b").count(BEIJING, TABLE));
    }

    @Test
    public void aRemovedTreeHoldsAndClaimsNothing() {
        index.put("a", installed("a", entries(1, rule(1, 1))), written(1));
        index.remove("a", after(1));
        assertEquals(Map.of(), index.rules(rule(1, 1).id()));
        assertEquals(0, index.claimsWhileChecking("b").count(BEIJING, TABLE));
        assertEquals(0, index.size());
    }

    @Test
    public void builtAndInstalledVersionsBothHoldEachWithItsOwnAction() {
        // A change that rewrites an entry in place: one flow id, two actions, both held.
        FlowRule old = rule(1, 1);
        FlowRule rewritten = rule(1, 2);
        index.put("a", record("a", entries(2, rewritten), entries(1, old), Msr6TreeState.REQUESTED), written(1));
        assertEquals(Map.of("a", List.of(rewritten, old)), index.rules(old.id()));
    }

    @Test
    public void identicalEntriesAreSharedAndConflictingOnesRefusedNamingTheOtherTree() {
        FlowRule shared = rule(1, 1);
        index.put("a", installed("a", entries(1, shared)), written(1));
        index.put("b", installed("b", entries(2, shared)), written(2));
        assertEquals(Set.of("a", "b"), index.rules(shared.id()).keySet());
        TreeEntryConflicts.check("c", entries(3, shared), index);
        assertRejected(() -> TreeEntryConflicts.check("c", entries(3, rule(1, 2)), index), "where tree a uses");
        // Its own entries are no conflict: a tree may replace itself.
        index.remove("b", after(2));
        TreeEntryConflicts.check("a", entries(3, rule(1, 2)), index);
    }

    @Test
    public void aGroupWithOtherBucketsIsRefusedNamingTheOtherTree() {
        index.put("a", installed("a", entries(1, List.of(), List.of(group(0x401, 4)))), written(1));
        TreeEntryConflicts.check("b", entries(1, List.of(), List.of(group(0x401, 4))), index);
        assertRejected(() -> TreeEntryConflicts.check("b", entries(1, List.of(), List.of(group(0x401, 5))), index),
                       "to reach other ports than tree a does");
    }

    @Test
    public void otherTreesClaimTheirInstalledAndLastBuiltEntriesEachOnce() {
        // a is being replaced: installed {1, 2}, built {2 rewritten, 3}.
        index.put("a", record("a", entries(2, rule(2, 2), rule(3, 1)), entries(1, rule(1, 1), rule(2, 1)),
                              Msr6TreeState.REQUESTED), written(1));
        TableClaims others = index.claimsWhileChecking("b");
        assertEquals(3, others.count(BEIJING, TABLE));
        assertTrue(others.claims(rule(1, 1)));
        assertTrue(others.claims(rule(3, 1)));
        assertFalse(others.claims(rule(4, 1)));
    }

    @Test
    public void theCheckedTreeCountsOnlyWhatItHasInstalled() {
        index.put("a", record("a", entries(2, rule(2, 2), rule(3, 1)), entries(1, rule(1, 1), rule(2, 1)),
                              Msr6TreeState.REQUESTED), written(1));
        index.put("b", record("b", entries(3, rule(3, 1), rule(4, 1)), null, Msr6TreeState.REQUESTED), written(2));
        TableClaims checkingA = index.claimsWhileChecking("a");
        // a's installed 1 and 2; b's built 3 and 4 (3 also a's build, which does not count now).
        assertEquals(4, checkingA.count(BEIJING, TABLE));
        assertTrue(checkingA.claims(rule(2, 1)));
        assertTrue(checkingA.claims(rule(3, 1)));
        index.remove("b", after(2));
        assertEquals(2, checkingA.count(BEIJING, TABLE));
        assertFalse(checkingA.claims(rule(3, 1)));
    }

    @Test
    public void aFailedTreeClaimsOnlyWhatItHasInstalledButStillHoldsItsBuild() {
        index.put("a", record("a", entries(2, rule(2, 1)), entries(1, rule(1, 1)), Msr6TreeState.FAILED), written(1));
        TableClaims others = index.claimsWhileChecking("b");
        assertEquals(1, others.count(BEIJING, TABLE));
        assertFalse(others.claims(rule(2, 1)));
        // Its failed build may still be on devices being undone: it is no one else's to overwrite.
        assertEquals(Set.of("a"), index.rules(rule(2, 1).id()).keySet());
    }

    @Test
    public void whatOtherTreesHoldStaysWhenATreesEntriesGo() {
        FlowRule shared = rule(1, 1);
        FlowRule own = rule(2, 1);
        // Another entry that only shares own's flow id (a 32-bit hash) holds nothing of it.
        FlowRule sameFlowId = DefaultFlowRule.builder().forDevice(BEIJING).forTable(TABLE)
                .withSelector(rule(3, 1).selector()).withTreatment(rule(3, 1).treatment()).withPriority(100)
                .withCookie(own.id().value()).makePermanent().build();
        index.put("a", installed("a", entries(1, shared, own)), written(1));
        index.put("b", installed("b", entries(2, List.of(shared, sameFlowId), List.of(group(0x401, 4)))),
                  written(2));
        HeldEntries others = HeldEntries.ofTrees(index, tree -> !tree.equals("a"));
        assertEquals(List.of(own), others.rulesNotHeld(List.of(entries(1, shared, own))));
        assertEquals(List.of(), others.groupsNotHeld(List.of(entries(1, List.of(), List.of(group(0x401, 4))))));
        assertEquals(List.of(shared, own), HeldEntries.ofTrees(index, tree -> false)
                .rulesNotHeld(List.of(entries(1, shared, own))));
    }

    @Test
    public void olderWritesArrivingLateChangeNothing() {
        Msr6TreeRecord requested = record("a", null, null, Msr6TreeState.REQUESTED);
        Msr6TreeRecord built = record("a", entries(1, rule(1, 1)), null, Msr6TreeState.REQUESTED);
        // This instance's compare-and-set on version 3 is applied before the map's events of
        // version 3 (the record it replaced) and of its own write (version 4) arrive.
        index.put("a", built, after(3));
        index.put("a", requested, written(3));
        assertEquals(Set.of("a"), index.rules(rule(1, 1).id()).keySet());
        index.put("a", built, written(4));
        assertEquals(Set.of("a"), index.rules(rule(1, 1).id()).keySet());
        // Removed: an older write applied late does not bring it back, a newer one does.
        index.remove("a", after(4));
        index.put("a", built, written(4));
        assertEquals(Map.of(), index.rules(rule(1, 1).id()));
        index.put("a", built, written(7));
        assertEquals(Set.of("a"), index.rules(rule(1, 1).id()).keySet());
    }

    @Test
    public void aRemovedTreesOrderIsForgottenAfterAMinute() {
        index.put("a", installed("a", entries(1, rule(1, 1))), written(1));
        index.remove("a", after(1));
        clock.addAndGet(NewestWrites.TOMBSTONE_MILLIS);
        index.put("b", installed("b", entries(2, rule(2, 1))), written(2));
        // By then nothing older of "a" can arrive: only its tombstone is gone.
        index.put("a", installed("a", entries(3, rule(3, 1))), written(1));
        assertEquals(Set.of("a"), index.rules(rule(3, 1).id()).keySet());
        assertEquals(2, index.size());
    }
}
