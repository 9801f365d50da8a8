// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.impl;

import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.group.GroupDescription;
import org.sixflow.app.api.Msr6TreeEntries;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Entries and groups that must stay on the devices while something else goes: trees share the
 * entries the pipeline keys without a tree (adjacencies, End.RLB.X groups), and a tree being
 * replaced shares with its new version whatever did not change. A flow rule is known by its id
 * (device, table, match, priority), a group by its device and key.
 */
final class HeldEntries {

    private final Set<FlowId> rules = new HashSet<>();
    private final Set<List<Object>> groups = new HashSet<>();

    /**
     * What the given trees' entries hold.
     *
     * @param entries the entries that stay
     * @return the held entries
     */
    static HeldEntries of(Collection<Msr6TreeEntries> entries) {
        HeldEntries held = new HeldEntries();
        for (Msr6TreeEntries e : entries) {
            e.allRules().forEach(r -> held.rules.add(r.id()));
            e.allGroups().forEach(g -> held.groups.add(key(g)));
        }
        return held;
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
        return rules.contains(rule.id());
    }

    boolean holds(GroupDescription group) {
        return groups.contains(key(group));
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
