// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.Versioned;
import org.sixflow.app.api.InstallStatus;

import java.util.Objects;

/**
 * What a distributed map holds for one object an owner installs (a policy, a tunnel): the
 * version users asked for and where it is in its lifecycle, in one value so that a status always
 * belongs to the version it was written for.
 *
 * @param <T> the objects
 */
public final class Stored<T> {

    private final T value;
    private final InstallStatus status;

    /**
     * Creates the stored value.
     *
     * @param value  the object
     * @param status its status
     */
    public Stored(T value, InstallStatus status) {
        this.value = Objects.requireNonNull(value);
        this.status = Objects.requireNonNull(status);
    }

    /** The object. */
    public T value() {
        return value;
    }

    /** Its status. */
    public InstallStatus status() {
        return status;
    }

    /**
     * Returns the same object with another status.
     *
     * @param newStatus the status
     * @return the stored value
     */
    public Stored<T> with(InstallStatus newStatus) {
        return new Stored<>(value, newStatus);
    }

    /**
     * Records an object's status in a map, if the stored version is still the one given (an
     * outcome that arrives after the object was replaced or removed is dropped).
     *
     * @param map    the map, by id
     * @param id     the object's id
     * @param value  the version the status is about
     * @param status the status
     * @param <T>    the objects
     * @return whether it was recorded (or was already so)
     */
    public static <T> boolean setStatus(ConsistentMap<String, Stored<T>> map, String id, T value,
                                        InstallStatus status) {
        Versioned<Stored<T>> now = map.computeIf(
                id, stored -> stored != null && stored.value().equals(value) && !stored.status().equals(status),
                (key, stored) -> stored.with(status));
        return now != null && now.value().value().equals(value) && now.value().status().equals(status);
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof Stored && value.equals(((Stored<?>) o).value)
                && status.equals(((Stored<?>) o).status);
    }

    @Override
    public int hashCode() {
        return Objects.hash(value, status);
    }

    @Override
    public String toString() {
        return value + " " + status;
    }
}
