// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.compile;

import com.google.common.collect.ImmutableListMultimap;
import com.google.common.collect.ListMultimap;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.group.GroupDescription;

/**
 * A tree's data-plane state, per device: table entries and replication groups.
 */
public final class CompiledTree {

    private final ListMultimap<DeviceId, FlowRule> rules;
    private final ListMultimap<DeviceId, GroupDescription> groups;

    CompiledTree(ListMultimap<DeviceId, FlowRule> rules, ListMultimap<DeviceId, GroupDescription> groups) {
        this.rules = ImmutableListMultimap.copyOf(rules);
        this.groups = ImmutableListMultimap.copyOf(groups);
    }

    public ListMultimap<DeviceId, FlowRule> rules() {
        return rules;
    }

    public ListMultimap<DeviceId, GroupDescription> groups() {
        return groups;
    }
}
