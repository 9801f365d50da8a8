// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.p4runtime;

import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.runtime.PiCounterCell;
import org.onosproject.net.pi.runtime.PiEntity;
import org.onosproject.net.pi.runtime.PiEntityType;
import org.onosproject.net.pi.runtime.PiHandle;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.EntityUpdateRequest;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.UpdateType;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A write to a simulated switch, which holds counter cells only: modifying a counter cell sets it
 * (as the pipeconf's BngProgrammable resets a line's counters); inserting or deleting one is
 * refused, as P4Runtime only modifies counter entries. Writing any other entity (table entries,
 * groups, meters...) is not simulated: asking for it throws UnsupportedOperationException. Every
 * update is applied when the request is submitted, each on its own (the atomicity asked is moot).
 */
final class SimWriteRequest implements P4RuntimeWriteClient.WriteRequest {

    private final CounterCellStore cells;
    private final DeviceId deviceId;
    private final List<SimWriteUpdate> updates = new ArrayList<>();

    /**
     * Creates a request.
     *
     * @param cells    the switch's counter cells
     * @param deviceId the switch's device
     */
    SimWriteRequest(CounterCellStore cells, DeviceId deviceId) {
        this.cells = cells;
        this.deviceId = deviceId;
    }

    @Override
    public P4RuntimeWriteClient.WriteRequest withAtomicity(P4RuntimeWriteClient.Atomicity atomicity) {
        checkNotNull(atomicity, "Atomicity cannot be null");
        return this;
    }

    @Override
    public P4RuntimeWriteClient.WriteRequest insert(PiEntity entity) {
        return entity(entity, UpdateType.INSERT);
    }

    @Override
    public P4RuntimeWriteClient.WriteRequest insert(Iterable<? extends PiEntity> entities) {
        return entities(entities, UpdateType.INSERT);
    }

    @Override
    public P4RuntimeWriteClient.WriteRequest modify(PiEntity entity) {
        return entity(entity, UpdateType.MODIFY);
    }

    @Override
    public P4RuntimeWriteClient.WriteRequest modify(Iterable<? extends PiEntity> entities) {
        return entities(entities, UpdateType.MODIFY);
    }

    @Override
    public P4RuntimeWriteClient.WriteRequest delete(PiHandle handle) {
        checkNotNull(handle, "Handle cannot be null");
        held(handle.entityType(), UpdateType.DELETE);
        updates.add(new SimWriteUpdate(handle, null, UpdateType.DELETE));
        return this;
    }

    @Override
    public P4RuntimeWriteClient.WriteRequest delete(Iterable<? extends PiHandle> handles) {
        checkNotNull(handles, "Handles cannot be null");
        handles.forEach(this::delete);
        return this;
    }

    @Override
    public P4RuntimeWriteClient.WriteRequest entity(PiEntity entity, UpdateType updateType) {
        checkNotNull(entity, "Entity cannot be null");
        checkNotNull(updateType, "Update type cannot be null");
        if (updateType == UpdateType.DELETE) {
            return delete(entity.handle(deviceId));
        }
        held(entity.piEntityType(), updateType);
        updates.add(new SimWriteUpdate(entity.handle(deviceId), entity, updateType));
        return this;
    }

    @Override
    public P4RuntimeWriteClient.WriteRequest entities(Iterable<? extends PiEntity> entities, UpdateType updateType) {
        checkNotNull(entities, "Entities cannot be null");
        entities.forEach(e -> entity(e, updateType));
        return this;
    }

    /** Refuses a write of what the switch does not hold. */
    private void held(PiEntityType type, UpdateType updateType) {
        if (type != PiEntityType.COUNTER_CELL) {
            throw new UnsupportedOperationException("P4Runtime " + updateType + " of " + type + " (" + deviceId
                                                            + ") is not simulated");
        }
    }

    @Override
    public CompletableFuture<P4RuntimeWriteClient.WriteResponse> submit() {
        return CompletableFuture.completedFuture(submitSync());
    }

    @Override
    public P4RuntimeWriteClient.WriteResponse submitSync() {
        for (SimWriteUpdate update : updates) {
            if (update.updateType() == UpdateType.MODIFY) {
                cells.set((PiCounterCell) update.entity());
                update.succeeded();
            } else {
                update.failed("INVALID_ARGUMENT: counter entries can only be modified");
            }
        }
        return new SimWriteResponse(updates);
    }

    @Override
    public Collection<EntityUpdateRequest> pendingUpdates() {
        return updates.stream().filter(u -> u.status() == P4RuntimeWriteClient.EntityUpdateStatus.PENDING)
                .map(SimWriteUpdate::asRequest).collect(Collectors.toList());
    }
}
