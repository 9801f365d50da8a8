// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.p4runtime;

import org.onosproject.p4runtime.api.P4RuntimeWriteClient;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.EntityUpdateResponse;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.EntityUpdateStatus;

import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkNotNull;

/** What a simulated switch answered a write: each update's outcome, in the order asked. */
final class SimWriteResponse implements P4RuntimeWriteClient.WriteResponse {

    private final List<EntityUpdateResponse> updates;

    /**
     * Creates the answer.
     *
     * @param updates each update, done
     */
    SimWriteResponse(List<? extends EntityUpdateResponse> updates) {
        this.updates = List.copyOf(updates);
    }

    @Override
    public boolean isSuccess() {
        return updates.stream().allMatch(EntityUpdateResponse::isSuccess);
    }

    @Override
    public Collection<EntityUpdateResponse> all() {
        return updates;
    }

    @Override
    public Collection<EntityUpdateResponse> success() {
        return status(EntityUpdateStatus.OK);
    }

    @Override
    public Collection<EntityUpdateResponse> failed() {
        return updates.stream().filter(u -> !u.isSuccess()).collect(Collectors.toList());
    }

    @Override
    public Collection<EntityUpdateResponse> status(EntityUpdateStatus status) {
        checkNotNull(status, "Status cannot be null");
        return updates.stream().filter(u -> u.status() == status).collect(Collectors.toList());
    }
}
