// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.p4runtime;

import org.onosproject.net.pi.model.PiActionProfileId;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiCounterType;
import org.onosproject.net.pi.model.PiMeterId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiCounterCell;
import org.onosproject.net.pi.runtime.PiCounterCellHandle;
import org.onosproject.net.pi.runtime.PiCounterCellId;
import org.onosproject.net.pi.runtime.PiHandle;
import org.onosproject.p4runtime.api.P4RuntimeReadClient;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A read of a simulated switch. Counter cells are answered from the switch's store; everything else
 * (table entries, action profiles, meters) the switch does not hold, so asking for it adds nothing,
 * as a switch answers for entities it has none of. A whole counter answers the cells set; a cell's
 * handle answers that cell, and for an indirect cell never set, zero, if the pipeline's counter
 * has it (a switch holds every cell of its indirect counters: the pipeconf says how many). The
 * store is read when the request is submitted, not when it is built, as a switch reads at the time
 * the request reaches it.
 */
final class SimReadRequest implements P4RuntimeReadClient.ReadRequest {

    private final CounterCellStore cells;
    private final PiPipeconf pipeconf;
    private final List<Supplier<Collection<PiCounterCell>>> parts = new ArrayList<>();

    /**
     * Creates a request.
     *
     * @param cells    the switch's counter cells
     * @param pipeconf the pipeline the switch runs
     */
    SimReadRequest(CounterCellStore cells, PiPipeconf pipeconf) {
        this.cells = cells;
        this.pipeconf = pipeconf;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest handle(PiHandle handle) {
        checkNotNull(handle, "Handle cannot be null");
        if (handle instanceof PiCounterCellHandle) {
            PiCounterCellHandle cell = (PiCounterCellHandle) handle;
            parts.add(() -> cells.cell(cell.cellId()).or(() -> unset(cell.cellId())).map(List::of)
                    .orElse(List.of()));
        }
        return this;
    }

    /** A cell never set: zero, if it is an indirect cell the pipeline's counter has. */
    private Optional<PiCounterCell> unset(PiCounterCellId id) {
        if (id.counterType() != PiCounterType.INDIRECT) {
            return Optional.empty();
        }
        return pipeconf.pipelineModel().counter(id.counterId()).filter(c -> id.index() >= 0 && id.index() < c.size())
                .map(c -> new PiCounterCell(id, 0, 0));
    }

    @Override
    public P4RuntimeReadClient.ReadRequest handles(Iterable<? extends PiHandle> handles) {
        checkNotNull(handles, "Handles cannot be null");
        handles.forEach(this::handle);
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest counterCells(PiCounterId counterId) {
        checkNotNull(counterId, "Counter id cannot be null");
        parts.add(() -> cells.ofCounter(counterId));
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest counterCells(Iterable<PiCounterId> counterIds) {
        checkNotNull(counterIds, "Counter ids cannot be null");
        counterIds.forEach(this::counterCells);
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest directCounterCells(PiTableId tableId) {
        checkNotNull(tableId, "Table id cannot be null");
        parts.add(() -> cells.ofTable(tableId));
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest directCounterCells(Iterable<PiTableId> tableIds) {
        checkNotNull(tableIds, "Table ids cannot be null");
        tableIds.forEach(this::directCounterCells);
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest tableEntries(PiTableId tableId) {
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest tableEntries(Iterable<PiTableId> tableIds) {
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest defaultTableEntry(PiTableId tableId) {
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest defaultTableEntry(Iterable<PiTableId> tableIds) {
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest allTableEntries() {
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest allDefaultTableEntries() {
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest actionProfileGroups(PiActionProfileId actionProfileId) {
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest actionProfileGroups(Iterable<PiActionProfileId> actionProfileIds) {
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest actionProfileMembers(PiActionProfileId actionProfileId) {
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest actionProfileMembers(Iterable<PiActionProfileId> actionProfileIds) {
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest meterCells(PiMeterId meterId) {
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest meterCells(Iterable<PiMeterId> meterIds) {
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest directMeterCells(PiTableId tableId) {
        return this;
    }

    @Override
    public P4RuntimeReadClient.ReadRequest directMeterCells(Iterable<PiTableId> tableIds) {
        return this;
    }

    @Override
    public CompletableFuture<P4RuntimeReadClient.ReadResponse> submit() {
        return CompletableFuture.completedFuture(submitSync());
    }

    @Override
    public P4RuntimeReadClient.ReadResponse submitSync() {
        List<PiCounterCell> read = new ArrayList<>();
        parts.forEach(part -> read.addAll(part.get()));
        return new SimReadResponse(read);
    }
}
