// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.resources;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.model.PiTableModel;
import org.sixflow.app.api.TableOccupancy;

import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Counts a device's installed flow entries per P4 table against the sizes its pipeline declares.
 */
public final class TableOccupancyCounter {

    private TableOccupancyCounter() {
    }

    /**
     * Counts entries per table.
     *
     * @param deviceId the device
     * @param pipeline the pipeline model of the device's pipeconf
     * @param entries  the device's flow entries, as ONOS's flow rule service holds them
     * @param time     when they were read
     * @return one reading per table of the pipeline, empty ones too, sorted by table name
     */
    public static List<TableOccupancy> count(DeviceId deviceId, PiPipelineModel pipeline,
                                             Iterable<FlowEntry> entries, Instant time) {
        Map<PiTableId, Integer> counts = new HashMap<>();
        for (FlowEntry entry : entries) {
            // Only entries the device confirmed: pending ones may never get there, failed ones did not.
            if (entry.state() == FlowEntry.FlowEntryState.ADDED && entry.table() instanceof PiTableId) {
                counts.merge((PiTableId) entry.table(), 1, Integer::sum);
            }
        }
        return pipeline.tables().stream()
                .sorted(Comparator.comparing(t -> t.id().id()))
                .map(t -> TableOccupancy.of(deviceId, t.id().id(), time, counts.getOrDefault(t.id(), 0), size(t)))
                .collect(Collectors.toList());
    }

    private static int size(PiTableModel table) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(0, table.maxSize()));
    }
}
