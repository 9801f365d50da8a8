// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TableId;

import java.util.HashMap;
import java.util.Map;

/**
 * How many times each table entry is claimed, by device and table: the distinct entries claimed
 * in a table are those counted at least once, so a table's count is one lookup. Counts change by
 * whole trees (TreeIndex adds a record's claims and takes them back). Not thread-safe.
 */
final class ClaimCounts {

    private final Map<DeviceId, Map<TableId, Map<FlowId, Integer>>> counts = new HashMap<>();

    /**
     * Changes an entry's count.
     *
     * @param rule  the entry
     * @param delta by how much (an entry whose count reaches 0 is forgotten)
     */
    void add(FlowRule rule, int delta) {
        Map<FlowId, Integer> table = counts.computeIfAbsent(rule.deviceId(), d -> new HashMap<>())
                .computeIfAbsent(rule.table(), t -> new HashMap<>());
        if (table.merge(rule.id(), delta, Integer::sum) == 0) {
            table.remove(rule.id());
        }
    }

    /**
     * How many times an entry is counted.
     *
     * @param deviceId the device
     * @param table    the table
     * @param id       the entry's flow id
     * @return its count, 0 when not counted
     */
    int count(DeviceId deviceId, TableId table, FlowId id) {
        return table(deviceId, table).getOrDefault(id, 0);
    }

    /**
     * The entries of a table counted (non-zero), with their counts.
     *
     * @param deviceId the device
     * @param table    the table
     * @return flow id to count (a live view; do not change)
     */
    Map<FlowId, Integer> table(DeviceId deviceId, TableId table) {
        return counts.getOrDefault(deviceId, Map.of()).getOrDefault(table, Map.of());
    }
}
