// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.sixflow.app.features.msr6.api.Msr6TreeEntries;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether two builds of a tree put exactly the same state on the devices. Msr6TreeEntries#equals
 * compares flow rules as ONOS's FlowRule#equals does, by key (device, table, match, priority), so
 * a new next-hop MAC or SID in an action would pass for no change; here actions count too.
 */
final class ExactEntries {

    private ExactEntries() {
    }

    /**
     * Compares two builds.
     *
     * @param a one build
     * @param b another
     * @return true if they have the same number, the same entries with the same actions, and the
     *         same groups with the same buckets
     */
    static boolean same(Msr6TreeEntries a, Msr6TreeEntries b) {
        return a.number() == b.number() && a.allGroups().equals(b.allGroups())
                && sameRules(a.allRules(), b.allRules());
    }

    private static boolean sameRules(List<FlowRule> a, List<FlowRule> b) {
        if (a.size() != b.size()) {
            return false;
        }
        Map<FlowId, FlowRule> byId = new HashMap<>();
        a.forEach(rule -> byId.put(rule.id(), rule));
        return b.stream().allMatch(rule -> byId.containsKey(rule.id()) && byId.get(rule.id()).exactMatch(rule));
    }
}
