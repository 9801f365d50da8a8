// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import org.onosproject.event.Event;
import org.onosproject.store.AbstractStore;
import org.onosproject.store.StoreDelegate;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.OwnedChange;
import org.sixflow.app.api.OwnedStore;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * A feature's store of owned objects on the cluster's map of the lifecycle ({@link OwnedMap}):
 * the reads and the status writes every feature's store has, once. The feature's store component
 * opens the map when it activates ({@link #open}), turning each change into its own event, closes
 * it when it deactivates, and adds how its objects are added and replaced.
 *
 * @param <T> the objects
 * @param <E> the feature's events
 * @param <D> the feature's store delegate
 */
public abstract class DistributedOwnedStore<T, E extends Event<?, ?>, D extends StoreDelegate<E>>
        extends AbstractStore<E, D> implements OwnedStore<T, E, D> {

    protected final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    /** The map, between {@link #open} and {@link #close}. */
    protected OwnedMap<T> objects;

    /**
     * Opens the feature's map; its changes reach the delegate as the events made of them.
     *
     * @param name        the map's name
     * @param serializer  a serializer that knows every type the objects hold
     * @param ids         an object's id
     * @param threadGroup the name of the event thread's group ("sixflow/nptv6")
     * @param events      the feature's event for a change
     */
    protected void open(String name, Serializer serializer, Function<T, String> ids, String threadGroup,
                        EventOf<T, E> events) {
        objects = OwnedMap.open(storageService, name, serializer, ids, threadGroup,
                                (change, object, status, previous) ->
                                        notifyDelegate(events.of(change, object, status, previous)));
        log.info("Started");
    }

    /** Closes the map. */
    protected void close() {
        objects.close();
        log.info("Stopped");
    }

    @Override
    public Optional<T> remove(String id) {
        return objects.remove(id);
    }

    @Override
    public Optional<T> get(String id) {
        return objects.get(id);
    }

    @Override
    public Collection<T> all() {
        return objects.values();
    }

    @Override
    public Optional<InstallStatus> status(String id) {
        return objects.status(id);
    }

    @Override
    public boolean setStatus(T object, InstallStatus status) {
        return objects.setStatus(object, status);
    }

    @Override
    public Map<String, Map.Entry<T, InstallStatus>> listed() {
        return objects.listed();
    }

    /** A feature's event for a change of the map. */
    @FunctionalInterface
    protected interface EventOf<T, E> {
        /**
         * Makes the event.
         *
         * @param change   what happened
         * @param object   the object (for a removal, as it was)
         * @param status   its status
         * @param previous the version it replaced (UPDATED only)
         * @return the event
         */
        E of(OwnedChange change, T object, InstallStatus status, Optional<T> previous);
    }
}
