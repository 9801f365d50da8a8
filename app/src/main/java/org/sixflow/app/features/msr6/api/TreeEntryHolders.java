// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.api;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupKey;

import java.util.List;
import java.util.Map;

/**
 * The stored trees that hold a table entry or a group, looked up by its key: what a new tree's
 * entries are checked against (whether it would overwrite another tree's) and what stays on the
 * devices when a tree's entries go. A tree holds the entries of what it was last built as and of
 * what its devices hold (they differ while a change is installed or after one failed).
 */
public interface TreeEntryHolders {

    /**
     * The trees holding a table entry with a flow id (device, table, match, priority).
     *
     * @param id the flow id
     * @return tree id to the entries it holds under that id (one per differing version); empty
     *         when no tree holds one
     */
    Map<String, List<FlowRule>> rules(FlowId id);

    /**
     * The trees holding a group with an id on a device.
     *
     * @param deviceId the device
     * @param groupId  the group's id (GroupDescription#givenGroupId)
     * @return tree id to the groups it holds under that id; empty when no tree holds one
     */
    Map<String, List<GroupDescription>> groups(DeviceId deviceId, int groupId);

    /**
     * The trees holding a group with a key (application cookie) on a device.
     *
     * @param deviceId the device
     * @param key      the group's key
     * @return tree id to the groups it holds under that key; empty when no tree holds one
     */
    Map<String, List<GroupDescription>> groups(DeviceId deviceId, GroupKey key);
}
