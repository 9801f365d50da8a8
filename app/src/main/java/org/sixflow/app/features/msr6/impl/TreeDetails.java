// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.group.GroupDescription;
import org.sixflow.app.features.msr6.api.Msr6TreeEntries;
import org.sixflow.app.impl.EntryText;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What each device holds for a tree, as text a person reads in REST, CLI and the dashboard:
 * "table match -> action" per entry, then "group id (ALL) -> buckets" per group.
 */
final class TreeDetails {

    private TreeDetails() {
    }

    /**
     * Describes a tree's entries.
     *
     * @param entries the tree's entries and groups
     * @return per device (sorted by id), one line per entry or group
     */
    static Map<DeviceId, List<String>> describe(Msr6TreeEntries entries) {
        Map<DeviceId, List<String>> details = new TreeMap<>((a, b) -> a.toString().compareTo(b.toString()));
        entries.allRules().forEach(rule -> details.computeIfAbsent(rule.deviceId(), d -> new ArrayList<>())
                .add(EntryText.describe(rule)));
        entries.allGroups().forEach(group -> details.computeIfAbsent(group.deviceId(), d -> new ArrayList<>())
                .add(describe(group)));
        return details;
    }

    private static String describe(GroupDescription group) {
        return "group " + group.givenGroupId() + " (ALL) -> " + group.buckets().buckets().stream()
                .map(b -> b.treatment().allInstructions().toString()).collect(Collectors.joining(", "));
    }
}
