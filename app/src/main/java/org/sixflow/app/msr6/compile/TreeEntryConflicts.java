// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.compile;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.group.GroupDescription;
import org.sixflow.app.api.Msr6TreeEntries;
import org.sixflow.app.api.Msr6TreeRecord;
import org.sixflow.app.impl.EntryText;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Finds where a tree would overwrite state another tree relies on. Every entry Msr6RuleCompiler
 * makes is keyed by the tree's SIDs (which carry its number) or its group, so two trees with
 * distinct numbers never meet; this is the guard that keeps a defect there (or two records
 * claiming one number) from silently re-pointing another tree's packets: an entry with the same
 * key and another action, or a group with the same id and other buckets, is refused. Identical
 * entries may be shared, each staying until its last tree goes.
 */
public final class TreeEntryConflicts {

    private TreeEntryConflicts() {
    }

    /**
     * Checks a tree against every stored tree, both what each was last built as and what its
     * devices hold (they differ while a change is installed or after one failed).
     *
     * @param treeId    the new tree's id
     * @param candidate its compiled state
     * @param records   the cluster's trees (the new tree's own record is skipped)
     * @throws IllegalArgumentException naming the device, the entry and the other tree on conflict
     */
    public static void check(String treeId, Msr6TreeEntries candidate, Collection<Msr6TreeRecord> records) {
        Map<String, Msr6TreeEntries> built = new HashMap<>();
        Map<String, Msr6TreeEntries> installed = new HashMap<>();
        for (Msr6TreeRecord record : records) {
            record.entries().ifPresent(e -> built.put(record.id(), e));
            record.installed().ifPresent(e -> installed.put(record.id(), e));
        }
        check(treeId, candidate, built);
        check(treeId, candidate, installed);
    }

    /**
     * Checks a tree against the trees already installed.
     *
     * @param treeId    the new tree's id
     * @param candidate its compiled state
     * @param installed the other trees' compiled state by tree id (the new tree's own id is skipped,
     *                  so that a tree may replace itself)
     * @throws IllegalArgumentException naming the device, the entry and the other tree on conflict
     */
    public static void check(String treeId, Msr6TreeEntries candidate, Map<String, Msr6TreeEntries> installed) {
        Map<FlowId, Owned<FlowRule>> rules = new HashMap<>();
        Map<DeviceId, Map<Integer, Owned<GroupDescription>>> groups = new HashMap<>();
        installed.forEach((id, tree) -> {
            if (id.equals(treeId)) {
                return;
            }
            tree.rules().values().forEach(r -> rules.putIfAbsent(r.id(), new Owned<>(id, r)));
            tree.groups().values().forEach(g -> groups.computeIfAbsent(g.deviceId(), d -> new HashMap<>())
                    .putIfAbsent(g.givenGroupId(), new Owned<>(id, g)));
        });
        for (FlowRule rule : candidate.rules().values()) {
            Owned<FlowRule> other = rules.get(rule.id());
            if (other != null && !rule.treatment().equals(other.value.treatment())) {
                throw new IllegalArgumentException(
                        "tree " + treeId + " needs " + EntryText.describe(rule) + " on " + rule.deviceId()
                                + ", where tree " + other.owner + " uses " + EntryText.describe(other.value)
                                + ": the two trees cannot share it");
            }
        }
        for (GroupDescription group : candidate.groups().values()) {
            Owned<GroupDescription> other = groups.getOrDefault(group.deviceId(), Map.of())
                    .get(group.givenGroupId());
            if (other != null && !Objects.equals(group.buckets(), other.value.buckets())) {
                throw new IllegalArgumentException(
                        "tree " + treeId + " needs group " + group.givenGroupId() + " on " + group.deviceId()
                                + " to reach other ports than tree " + other.owner + " does with it");
            }
        }
    }

    private static final class Owned<T> {
        final String owner;
        final T value;

        Owned(String owner, T value) {
            this.owner = owner;
            this.value = value;
        }
    }
}
