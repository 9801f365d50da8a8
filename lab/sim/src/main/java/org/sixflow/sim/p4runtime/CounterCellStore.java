// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.p4runtime;

import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiCounterType;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiCounterCell;
import org.onosproject.net.pi.runtime.PiCounterCellId;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The counter cells of one simulated switch, safe for concurrent use: indirect cells by counter and
 * index, direct cells by table and entry. Only cells that were set are held.
 */
final class CounterCellStore {

    // Sorted by index, as a switch answers a read of a whole counter.
    private final ConcurrentMap<PiCounterId, ConcurrentNavigableMap<Long, PiCounterCell>> indirect =
            new ConcurrentHashMap<>();
    private final ConcurrentMap<PiTableId, ConcurrentMap<TableEntryKey, PiCounterCell>> direct =
            new ConcurrentHashMap<>();

    /**
     * Sets a cell, replacing what it held.
     *
     * @param cell the cell and its value
     */
    void set(PiCounterCell cell) {
        PiCounterCellId id = cell.cellId();
        if (id.counterType() == PiCounterType.INDIRECT) {
            indirect.computeIfAbsent(id.counterId(), c -> new ConcurrentSkipListMap<>()).put(id.index(), cell);
        } else {
            direct.computeIfAbsent(id.tableEntry().table(), t -> new ConcurrentHashMap<>())
                    .put(TableEntryKey.of(id.tableEntry()), cell);
        }
    }

    /** Forgets every cell. */
    void clear() {
        indirect.clear();
        direct.clear();
    }

    /**
     * Returns a cell.
     *
     * @param id the cell
     * @return it with its value, or empty when it was never set
     */
    Optional<PiCounterCell> cell(PiCounterCellId id) {
        if (id.counterType() == PiCounterType.INDIRECT) {
            Map<Long, PiCounterCell> cells = indirect.get(id.counterId());
            return Optional.ofNullable(cells == null ? null : cells.get(id.index()));
        }
        Map<TableEntryKey, PiCounterCell> cells = direct.get(id.tableEntry().table());
        return Optional.ofNullable(cells == null ? null : cells.get(TableEntryKey.of(id.tableEntry())));
    }

    /**
     * Returns the cells set of an indirect counter.
     *
     * @param counterId the counter
     * @return its cells by index
     */
    List<PiCounterCell> ofCounter(PiCounterId counterId) {
        Map<Long, PiCounterCell> cells = indirect.get(counterId);
        return cells == null ? List.of() : List.copyOf(cells.values());
    }

    /**
     * Returns the direct cells set of a table's entries.
     *
     * @param tableId the table
     * @return its entries' cells
     */
    List<PiCounterCell> ofTable(PiTableId tableId) {
        Map<TableEntryKey, PiCounterCell> cells = direct.get(tableId);
        return cells == null ? List.of() : List.copyOf(cells.values());
    }
}
