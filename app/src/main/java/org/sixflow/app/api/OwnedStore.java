// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.event.Event;
import org.onosproject.store.Store;
import org.onosproject.store.StoreDelegate;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * The cluster's store of objects users ask Sixflow to install (APN6 policies, GTP-U tunnels,
 * NPTv6 mappings, ILNP sites), each with its status. Every instance sees every object; the store
 * delegate of every instance hears every change (on a thread of the store's) as the feature's
 * events. A feature's store adds how objects are added and replaced.
 *
 * @param <T> the objects
 * @param <E> the feature's events
 * @param <D> the feature's store delegate
 */
public interface OwnedStore<T, E extends Event<?, ?>, D extends StoreDelegate<E>>
        extends Store<E, D> {

    /**
     * Removes an object.
     *
     * @param id its id
     * @return the object as it was; empty if there was none
     */
    Optional<T> remove(String id);

    /**
     * Returns an object, read from the cluster's map (for decisions).
     *
     * @param id its id
     * @return the object, if stored
     */
    Optional<T> get(String id);

    /**
     * Returns every object, read from the cluster's map (for decisions).
     *
     * @return the objects, in no order
     */
    Collection<T> all();

    /**
     * Returns an object's status.
     *
     * @param id its id
     * @return its status, if the object is stored
     */
    Optional<InstallStatus> status(String id);

    /**
     * Records an object's status, if the stored version is still the one given (an outcome that
     * comes after the object was replaced or removed is dropped).
     *
     * @param object the version the status is about
     * @param status the status
     * @return whether it was recorded
     */
    boolean setStatus(T object, InstallStatus status);

    /**
     * Returns every object with its status as of the last change this instance heard of, for
     * lists (decoded once per change rather than once per read).
     *
     * @return each id's object and status, in no order
     */
    Map<String, Map.Entry<T, InstallStatus>> listed();
}
