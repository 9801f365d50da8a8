// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.compile;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupKey;
import org.sixflow.app.features.msr6.api.Msr6TreeEntries;
import org.sixflow.app.features.msr6.api.TreeEntryHolders;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Holders of a few trees' entries, found by looking through each (tests check against a handful
 * of trees; the store's index answers the same questions by lookup).
 */
final class ListedHolders implements TreeEntryHolders {

    private final Map<String, Msr6TreeEntries> trees;

    private ListedHolders(Map<String, Msr6TreeEntries> trees) {
        this.trees = trees;
    }

    /**
     * The holders of some trees' entries.
     *
     * @param trees tree id to its entries
     * @return the holders
     */
    static TreeEntryHolders of(Map<String, Msr6TreeEntries> trees) {
        return new ListedHolders(trees);
    }

    @Override
    public Map<String, List<FlowRule>> rules(FlowId id) {
        return held(Msr6TreeEntries::allRules, r -> r.id().equals(id));
    }

    @Override
    public Map<String, List<GroupDescription>> groups(DeviceId deviceId, int groupId) {
        return held(Msr6TreeEntries::allGroups, g -> g.deviceId().equals(deviceId) && g.givenGroupId() == groupId);
    }

    @Override
    public Map<String, List<GroupDescription>> groups(DeviceId deviceId, GroupKey key) {
        return held(Msr6TreeEntries::allGroups, g -> g.deviceId().equals(deviceId) && g.appCookie().equals(key));
    }

    private <V> Map<String, List<V>> held(Function<Msr6TreeEntries, List<V>> entries, Predicate<V> wanted) {
        Map<String, List<V>> held = new LinkedHashMap<>();
        trees.forEach((id, tree) -> {
            List<V> matching = entries.apply(tree).stream().filter(wanted).collect(Collectors.toList());
            if (!matching.isEmpty()) {
                held.put(id, matching);
            }
        });
        return held;
    }
}
