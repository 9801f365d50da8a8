// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TableId;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupKey;
import org.sixflow.app.api.TableClaims;
import org.sixflow.app.features.msr6.api.Msr6TreeEntries;
import org.sixflow.app.features.msr6.api.Msr6TreeRecord;
import org.sixflow.app.features.msr6.api.TreeEntryHolders;
import org.sixflow.app.impl.NewestWrites;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The stored trees' entries by key, kept tree by tree as their records change, so that checking a
 * tree against all others costs lookups for its own entries instead of reading and decoding every
 * record: which trees hold an entry or a group (for TreeEntryConflicts, and for what stays when
 * entries go), and how many entries the trees claim per device table ({@link TreeClaims}, for the
 * table budget). The store feeds it from its map's events (any instance's writes) and from its own
 * writes as soon as they return; {@link NewestWrites} keeps the two in order.
 *
 * <p>Eventually consistent, and why that is enough. This instance's own writes are here at once,
 * so on one instance every check sees every tree as the consistent map does. Another instance's
 * writes arrive with their map event, milliseconds later. Nothing that must be unique rests on
 * this index: tree ids, ingress keys and tree numbers are claimed atomically in the store's
 * consistent maps. Entry conflicts cannot arise between trees with distinct numbers (the check is
 * a guard against a compiler defect). Table room is checked where a request is taken and again by
 * the tree's owner after it records its claim, both against this index: two owners on two
 * instances claiming a table's last room within one event's delay may both pass (reading the map
 * narrowed that window without closing it for claims recorded just after the read); the device
 * then refuses what does not fit, and the owner fails the install, undoes it, and records the
 * device's reason.
 */
final class TreeIndex implements TreeEntryHolders {

    private final NewestWrites<String> writes;
    private final Map<String, Msr6TreeRecord> trees = new HashMap<>();
    private final EntryHolders<FlowId, FlowRule> rules = new EntryHolders<>();
    private final EntryHolders<List<Object>, GroupDescription> groupsById = new EntryHolders<>();
    private final EntryHolders<List<Object>, GroupDescription> groupsByKey = new EntryHolders<>();
    private final ClaimCounts claims = new ClaimCounts();

    /** An empty index. */
    TreeIndex() {
        this(new NewestWrites<>());
    }

    /**
     * An empty index whose write orders (and their removals' expiry) are kept by the given writes.
     *
     * @param writes the orders
     */
    TreeIndex(NewestWrites<String> writes) {
        this.writes = writes;
    }

    /**
     * Takes a tree's record, unless a newer write of it was taken.
     *
     * @param id     tree id
     * @param record its record
     * @param order  the write's order (NewestWrites#written or #after)
     */
    synchronized void put(String id, Msr6TreeRecord record, long order) {
        if (writes.accept(id, order, false)) {
            replace(id, record);
        }
    }

    /**
     * Forgets a tree, unless a newer write of it was taken.
     *
     * @param id    tree id
     * @param order the removal's order (NewestWrites#after the removed version)
     */
    synchronized void remove(String id, long order) {
        if (writes.accept(id, order, true)) {
            replace(id, null);
        }
    }

    @Override
    public synchronized Map<String, List<FlowRule>> rules(FlowId id) {
        return rules.get(id);
    }

    @Override
    public synchronized Map<String, List<GroupDescription>> groups(DeviceId deviceId, int groupId) {
        return groupsById.get(List.of(deviceId, groupId));
    }

    @Override
    public synchronized Map<String, List<GroupDescription>> groups(DeviceId deviceId, GroupKey key) {
        return groupsByKey.get(List.of(deviceId, key));
    }

    /**
     * The entries the trees claim while one tree is checked ({@link TreeClaims}): its own record
     * counts only what it has installed. Later changes of the index show through.
     *
     * @param treeId the tree being checked
     * @return the claims
     */
    synchronized TableClaims claimsWhileChecking(String treeId) {
        ClaimCounts own = new ClaimCounts();
        Msr6TreeRecord record = trees.get(treeId);
        if (record != null) {
            TreeClaims.whileOthersChecked(record).forEach(v -> v.allRules().forEach(r -> own.add(r, -1)));
            TreeClaims.whileChecked(record).forEach(v -> v.allRules().forEach(r -> own.add(r, 1)));
        }
        return new CheckedClaims(own);
    }

    /** How many trees are indexed. */
    synchronized int size() {
        return trees.size();
    }

    private void replace(String id, Msr6TreeRecord record) {
        Msr6TreeRecord old = record == null ? trees.remove(id) : trees.put(id, record);
        if (old != null) {
            index(id, old, -1);
        }
        if (record != null) {
            index(id, record, 1);
        }
    }

    /** Adds (sign 1) or takes back (-1) what a record holds and claims. */
    private void index(String id, Msr6TreeRecord record, int sign) {
        for (Msr6TreeEntries version : held(record)) {
            for (FlowRule rule : version.allRules()) {
                if (sign > 0) {
                    rules.add(rule.id(), id, rule);
                } else {
                    rules.remove(rule.id(), id);
                }
            }
            for (GroupDescription group : version.allGroups()) {
                List<Object> byId = List.of(group.deviceId(), group.givenGroupId());
                List<Object> byKey = List.of(group.deviceId(), group.appCookie());
                if (sign > 0) {
                    groupsById.add(byId, id, group);
                    groupsByKey.add(byKey, id, group);
                } else {
                    groupsById.remove(byId, id);
                    groupsByKey.remove(byKey, id);
                }
            }
        }
        for (Msr6TreeEntries version : TreeClaims.whileOthersChecked(record)) {
            version.allRules().forEach(rule -> claims.add(rule, sign));
        }
    }

    /** What the tree was last built as and what its devices hold; once when they are the same. */
    private static List<Msr6TreeEntries> held(Msr6TreeRecord record) {
        List<Msr6TreeEntries> held = new ArrayList<>(2);
        record.entries().ifPresent(held::add);
        record.installed().filter(i -> record.entries().map(e -> !ExactEntries.same(e, i)).orElse(true))
                .ifPresent(held::add);
        return held;
    }

    /** The index's claims with the checked tree's own counted as {@link TreeClaims#whileChecked}. */
    private final class CheckedClaims implements TableClaims {
        /** What the checked tree's claims change: -1 per entry it no longer counts, +1 per one it does. */
        private final ClaimCounts own;

        CheckedClaims(ClaimCounts own) {
            this.own = own;
        }

        @Override
        public int count(DeviceId deviceId, TableId table) {
            synchronized (TreeIndex.this) {
                int count = claims.table(deviceId, table).size();
                for (Map.Entry<FlowId, Integer> change : own.table(deviceId, table).entrySet()) {
                    int before = claims.count(deviceId, table, change.getKey());
                    count += (before + change.getValue() > 0 ? 1 : 0) - (before > 0 ? 1 : 0);
                }
                return count;
            }
        }

        @Override
        public boolean claims(FlowRule rule) {
            synchronized (TreeIndex.this) {
                return claims.count(rule.deviceId(), rule.table(), rule.id())
                        + own.count(rule.deviceId(), rule.table(), rule.id()) > 0;
            }
        }
    }
}
