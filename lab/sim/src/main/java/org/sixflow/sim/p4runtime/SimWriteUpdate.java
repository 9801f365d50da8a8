// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.p4runtime;

import org.onosproject.net.pi.runtime.PiEntity;
import org.onosproject.net.pi.runtime.PiEntityType;
import org.onosproject.net.pi.runtime.PiHandle;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.EntityUpdateRequest;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.EntityUpdateResponse;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.EntityUpdateStatus;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.UpdateType;

/**
 * One update of a write to a simulated switch: what was asked (the entity, or only its handle for
 * a deletion), and once the switch took it, how that went.
 */
final class SimWriteUpdate implements EntityUpdateResponse {

    private final PiHandle handle;
    private final PiEntity entity;
    private final UpdateType updateType;
    private EntityUpdateStatus status = EntityUpdateStatus.PENDING;
    private String explanation;

    /**
     * Creates an update not submitted yet.
     *
     * @param handle     what it is about
     * @param entity     the entity written, null for a deletion
     * @param updateType insert, modify or delete
     */
    SimWriteUpdate(PiHandle handle, PiEntity entity, UpdateType updateType) {
        this.handle = handle;
        this.entity = entity;
        this.updateType = updateType;
    }

    /** Records that the switch took it. */
    void succeeded() {
        status = EntityUpdateStatus.OK;
    }

    /**
     * Records that the switch refused it.
     *
     * @param why what the switch answered
     */
    void failed(String why) {
        status = EntityUpdateStatus.OTHER_ERROR;
        explanation = why;
    }

    /**
     * Returns the update as a request, for the pending updates of a write not submitted yet.
     *
     * @return the request
     */
    EntityUpdateRequest asRequest() {
        return this;
    }

    @Override
    public PiHandle handle() {
        return handle;
    }

    @Override
    public PiEntity entity() {
        return entity;
    }

    @Override
    public UpdateType updateType() {
        return updateType;
    }

    @Override
    public PiEntityType entityType() {
        return handle.entityType();
    }

    @Override
    public boolean isSuccess() {
        return status == EntityUpdateStatus.OK;
    }

    @Override
    public EntityUpdateStatus status() {
        return status;
    }

    @Override
    public String explanation() {
        return explanation;
    }

    @Override
    public Throwable throwable() {
        return null;
    }
}
