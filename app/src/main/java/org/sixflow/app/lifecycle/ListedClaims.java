// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TableId;
import org.sixflow.app.api.TableClaims;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Claims given as a list of entries, possibly repeated: what callers with few claims pass (a
 * policy's or a tunnel's pending entries). Looked up by device, table and flow id.
 */
final class ListedClaims implements TableClaims {

    private final Map<DeviceId, Map<TableId, Set<FlowId>>> ids = new HashMap<>();

    /**
     * Claims of the given entries.
     *
     * @param rules the entries
     */
    ListedClaims(Collection<FlowRule> rules) {
        for (FlowRule rule : rules) {
            ids.computeIfAbsent(rule.deviceId(), d -> new HashMap<>())
                    .computeIfAbsent(rule.table(), t -> new HashSet<>()).add(rule.id());
        }
    }

    @Override
    public int count(DeviceId deviceId, TableId table) {
        return table(deviceId, table).size();
    }

    @Override
    public boolean claims(FlowRule rule) {
        return table(rule.deviceId(), rule.table()).contains(rule.id());
    }

    private Set<FlowId> table(DeviceId deviceId, TableId table) {
        return ids.getOrDefault(deviceId, Map.of()).getOrDefault(table, Set.of());
    }
}
