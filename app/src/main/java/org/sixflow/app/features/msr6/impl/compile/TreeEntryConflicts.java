// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.compile;

import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.group.GroupDescription;
import org.sixflow.app.features.msr6.api.Msr6TreeEntries;
import org.sixflow.app.features.msr6.api.TreeEntryHolders;
import org.sixflow.app.impl.EntryText;

import java.util.List;
import java.util.Map;

/**
 * Finds where a tree would overwrite state another tree relies on. Every entry Msr6RuleCompiler
 * makes is keyed by the tree's SIDs (which carry its number) or its group, so two trees with
 * distinct numbers never meet; this is the guard that keeps a defect there (or two records
 * claiming one number) from silently re-pointing another tree's packets: an entry with the same
 * key and another action, or a group with the same id and other buckets, is refused. Identical
 * entries may be shared, each staying until its last tree goes. An entry's key is its device,
 * table, match and priority (FlowRule#equals); its flow id is a 32-bit hash of them, which two
 * of some hundred thousand entries share by chance, so entries are looked up by flow id and then
 * compared by key.
 */
public final class TreeEntryConflicts {

    private TreeEntryConflicts() {
    }

    /**
     * Checks a tree against the stored trees, both what each was last built as and what its
     * devices hold (they differ while a change is installed or after one failed): one lookup per
     * entry of the tree, however many trees there are.
     *
     * @param treeId    the new tree's id (its own entries are skipped, so that a tree may replace itself)
     * @param candidate its compiled state
     * @param holders   which trees hold which entries
     * @throws IllegalArgumentException naming the device, the entry and the other tree on conflict
     */
    public static void check(String treeId, Msr6TreeEntries candidate, TreeEntryHolders holders) {
        for (FlowRule rule : candidate.rules().values()) {
            for (Map.Entry<String, List<FlowRule>> held : holders.rules(rule.id()).entrySet()) {
                for (FlowRule other : held.getValue()) {
                    if (!held.getKey().equals(treeId) && rule.equals(other)
                            && !rule.treatment().equals(other.treatment())) {
                        throw new IllegalArgumentException(
                                "tree " + treeId + " needs " + EntryText.describe(rule) + " on " + rule.deviceId()
                                        + ", where tree " + held.getKey() + " uses " + EntryText.describe(other)
                                        + ": the two trees cannot share it");
                    }
                }
            }
        }
        for (GroupDescription group : candidate.groups().values()) {
            for (Map.Entry<String, List<GroupDescription>> held
                    : holders.groups(group.deviceId(), group.givenGroupId()).entrySet()) {
                for (GroupDescription other : held.getValue()) {
                    if (!held.getKey().equals(treeId) && !ReplicationIds.sameBuckets(group.buckets(), other.buckets())) {
                        throw new IllegalArgumentException(
                                "tree " + treeId + " needs group " + group.givenGroupId() + " on " + group.deviceId()
                                        + " to reach other ports than tree " + held.getKey() + " does with it");
                    }
                }
            }
        }
    }
}
