// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.p4runtime;

import org.onosproject.net.pi.runtime.PiEntity;
import org.onosproject.p4runtime.api.P4RuntimeReadClient;

import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The answer of a simulated switch to a read: always successful (the switch is always there), with
 * the entities in the order they were asked for. As ONOS's own response, {@link #all(Class)} sorts
 * entities by their exact class, and a success has neither explanation nor throwable.
 */
final class SimReadResponse implements P4RuntimeReadClient.ReadResponse {

    private final List<PiEntity> entities;

    /**
     * Creates a successful response.
     *
     * @param entities what was read
     */
    SimReadResponse(List<? extends PiEntity> entities) {
        this.entities = List.copyOf(entities);
    }

    @Override
    public boolean isSuccess() {
        return true;
    }

    @Override
    public Collection<PiEntity> all() {
        return entities;
    }

    @Override
    public <E extends PiEntity> Collection<E> all(Class<E> clazz) {
        checkNotNull(clazz, "Class cannot be null");
        return entities.stream().filter(e -> e.getClass().equals(clazz)).map(clazz::cast)
                .collect(Collectors.toUnmodifiableList());
    }

    @Override
    public String explanation() {
        return null;
    }

    @Override
    public Throwable throwable() {
        return null;
    }
}
