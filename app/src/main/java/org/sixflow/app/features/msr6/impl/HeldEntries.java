// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.group.GroupDescription;
import org.sixflow.app.features.msr6.api.Msr6TreeEntries;
import org.sixflow.app.features.msr6.api.TreeEntryHolders;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Entries and groups that must stay on the devices while something else goes: trees share the
 * entries the pipeline keys without a tree (adjacencies, End.RLB.X groups), and a tree being
 * replaced shares with its new version whatever did not change. A flow rule is known by its id
 * (device, table, match, priority), a group by its device and key. What stored trees hold is
 * looked up in the store's index when asked, entry by entry, not gathered from every tree.
 */
final class HeldEntries {

    private final Set<FlowId> rules = new HashSet<>();
    private final Set<List<Object>> groups = new HashSet<>();
    private final TreeEntryHolders trees;
    private final Predicate<String> holding;

    private HeldEntries(TreeEntryHolders trees, Predicate<String> holding) {
        this.trees = trees;
        this.holding = holding;
    }

    /**
     * What some stored trees hold (built or installed).
     *
     * @param trees   the stored trees' entries
     * @param holding which trees count, by id
     * @return the held entries
     */
    static HeldEntries ofTrees(TreeEntryHolders trees, Predicate<String> holding) {
        return new HeldEntries(trees, holding);
    }

    /**
     * Also holds some entries (e.g. a tree's own earlier versions).
     *
     * @param entries the entries
     * @return this
     */
    HeldEntries and(Collection<Msr6TreeEntries> entries) {
        for (Msr6TreeEntries e : entries) {
            e.allRules().forEach(r -> rules.add(r.id()));
            e.allGroups().forEach(g -> groups.add(key(g)));
        }
        return this;
    }

    /**
     * Also holds what versions still draining use (RetiringVersions), but not their ingress
     * classifiers: traffic has left those, and a withdrawn tree's must go with it.
     *
     * @param draining the versions
     * @return this
     */
    HeldEntries andDraining(Collection<RetiringVersions.Retiring> draining) {
        for (RetiringVersions.Retiring r : draining) {
            for (Msr6TreeEntries e : r.versions) {
                e.allRules().stream().filter(rule -> !TreeInstaller.movesTraffic(rule, r.ingress))
                        .forEach(rule -> rules.add(rule.id()));
                e.allGroups().forEach(g -> groups.add(key(g)));
            }
        }
        return this;
    }

    private static List<Object> key(GroupDescription group) {
        return List.of(group.deviceId(), group.appCookie());
    }

    boolean holds(FlowRule rule) {
        // The same entry (FlowRule#equals: device, table, match, priority), not just the same flow id.
        return rules.contains(rule.id()) || trees.rules(rule.id()).entrySet().stream()
                .anyMatch(held -> holding.test(held.getKey()) && held.getValue().contains(rule));
    }

    boolean holds(GroupDescription group) {
        return groups.contains(key(group))
                || trees.groups(group.deviceId(), group.appCookie()).keySet().stream().anyMatch(holding);
    }

    /**
     * The entries of some trees that nothing held here uses, each once.
     *
     * @param entries the trees' entries
     * @return their table entries not held
     */
    List<FlowRule> rulesNotHeld(Collection<Msr6TreeEntries> entries) {
        Set<FlowId> seen = new HashSet<>();
        return entries.stream().flatMap(e -> e.allRules().stream())
                .filter(r -> !holds(r) && seen.add(r.id())).collect(Collectors.toList());
    }

    /**
     * The groups of some trees that nothing held here uses, each once.
     *
     * @param entries the trees' entries
     * @return their groups not held
     */
    List<GroupDescription> groupsNotHeld(Collection<Msr6TreeEntries> entries) {
        Set<List<Object>> seen = new HashSet<>();
        return entries.stream().flatMap(e -> e.allGroups().stream())
                .filter(g -> !holds(g) && seen.add(key(g))).collect(Collectors.toList());
    }
}
