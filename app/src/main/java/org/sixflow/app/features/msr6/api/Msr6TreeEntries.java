// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableListMultimap;
import com.google.common.collect.Multimaps;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.group.GroupDescription;

import java.util.List;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * A tree's data-plane state: the table entries and replication groups of one built tree, with the
 * tree number they carry. The cluster keeps it so that whichever instance owns the tree can
 * install, re-apply and remove exactly these.
 */
public final class Msr6TreeEntries {

    private final int number;
    // Lists, not multimaps: they cross ONOS's Kryo serializer, which knows Guava's immutable lists.
    private final List<FlowRule> rules;
    private final List<GroupDescription> groups;

    private Msr6TreeEntries(int number, List<FlowRule> rules, List<GroupDescription> groups) {
        this.number = number;
        this.rules = rules;
        this.groups = groups;
    }

    /**
     * Creates a tree's entries.
     *
     * @param number the tree number, at least 1
     * @param rules  its table entries, on any devices
     * @param groups its groups, on any devices
     * @return the entries
     */
    public static Msr6TreeEntries of(int number, Iterable<FlowRule> rules, Iterable<GroupDescription> groups) {
        checkArgument(number >= 1, "tree number %s is not positive", number);
        return new Msr6TreeEntries(number, ImmutableList.copyOf(rules), ImmutableList.copyOf(groups));
    }

    /** The tree number the entries carry (in SIDs, table keys and group ids). */
    public int number() {
        return number;
    }

    /** Table entries by device. */
    public ImmutableListMultimap<DeviceId, FlowRule> rules() {
        return Multimaps.index(rules, FlowRule::deviceId);
    }

    /** Groups by device. */
    public ImmutableListMultimap<DeviceId, GroupDescription> groups() {
        return Multimaps.index(groups, GroupDescription::deviceId);
    }

    /** Every table entry, on every device. */
    public List<FlowRule> allRules() {
        return rules;
    }

    /** Every group, on every device. */
    public List<GroupDescription> allGroups() {
        return groups;
    }

    /**
     * The entries of one device.
     *
     * @param deviceId the device
     * @return its table entries
     */
    public List<FlowRule> rulesOn(DeviceId deviceId) {
        return rules().get(deviceId);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Msr6TreeEntries)) {
            return false;
        }
        Msr6TreeEntries e = (Msr6TreeEntries) o;
        return number == e.number && rules.equals(e.rules) && groups.equals(e.groups);
    }

    @Override
    public int hashCode() {
        return Objects.hash(number, rules, groups);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("number", number).add("rules", rules.size())
                .add("groups", groups.size()).toString();
    }
}
