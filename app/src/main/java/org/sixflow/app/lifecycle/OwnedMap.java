// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.Maps;
import org.onlab.util.KryoNamespace;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.OwnedChange;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The store's half of the lifecycle, for every feature: the desired objects in a ConsistentMap
 * shared by the cluster, each with its status in one value ({@link Stored}, so that a status
 * always belongs to the version it was written for), and the map's changes told as the
 * lifecycle's {@link OwnedChange}s. They are told on the store's own thread, in the map's order:
 * Atomix delivers map events on the thread that completes map operations, and a listener that
 * waited there (for a lock held by a thread inside a map call) would stall every operation on
 * the map until it timed out.
 *
 * <p>A feature's store component opens one when it activates and closes it when it
 * deactivates; it turns each change into its own event.
 *
 * @param <T> the objects
 */
public final class OwnedMap<T> {

    /** Hears a map's changes. */
    @FunctionalInterface
    public interface Changes<T> {
        /**
         * Something happened to a stored object.
         *
         * @param change   what
         * @param object   the object (for a removal, as it was)
         * @param status   its status (for a removal, as it was)
         * @param previous the version it replaced (UPDATED only)
         */
        void changed(OwnedChange change, T object, InstallStatus status, Optional<T> previous);
    }

    private final Logger log = getLogger(getClass());
    private final Function<T, String> ids;
    private final ConsistentMap<String, Stored<T>> map;
    private final MapSnapshot<String, Stored<T>> listed;
    private final ExecutorService events;
    private final MapEventListener<String, Stored<T>> listener;

    private OwnedMap(StorageService storage, String name, Serializer serializer, Function<T, String> ids,
                     String threadGroup, Changes<T> changes) {
        this.ids = checkNotNull(ids);
        this.map = storage.<String, Stored<T>>consistentMapBuilder().withName(name).withSerializer(serializer).build();
        this.events = Executors.newSingleThreadExecutor(groupedThreads(threadGroup, "store-events", log));
        this.listener = event -> tell(event, changes);
        map.addListener(listener, events);
        this.listed = new MapSnapshot<>(map);
    }

    /**
     * Opens a feature's map.
     *
     * @param storage     ONOS's storage
     * @param name        the map's name, the same on every instance
     * @param serializer  a serializer that knows every type the objects hold ({@link #serializer})
     * @param ids         an object's id, its key
     * @param threadGroup the name of the event thread's group ("sixflow/nptv6")
     * @param changes     who hears the changes
     * @param <T>         the objects
     * @return the map, followed until {@link #close}
     */
    public static <T> OwnedMap<T> open(StorageService storage, String name, Serializer serializer,
                                       Function<T, String> ids, String threadGroup, Changes<T> changes) {
        return new OwnedMap<>(storage, name, serializer, ids, threadGroup, changes);
    }

    /**
     * A serializer for a feature's map: ONOS's API types, the lifecycle's ({@link Stored},
     * {@link InstallStatus}) and the feature's, which every instance must register alike.
     *
     * @param name    the serializer's name
     * @param classes the feature's types, in a fixed order
     * @return the serializer
     */
    public static Serializer serializer(String name, Class<?>... classes) {
        return Serializer.using(KryoNamespace.newBuilder()
                                        .register(KryoNamespaces.API)
                                        .nextId(KryoNamespaces.BEGIN_USER_CUSTOM_ID)
                                        .register(Stored.class, InstallStatus.class, InstallStatus.State.class,
                                                  InstallStatus.Failure.class)
                                        .register(classes)
                                        .build(name));
    }

    /** Stops following the map. */
    public void close() {
        map.removeListener(listener);
        listed.close();
        events.shutdown();
    }

    /**
     * Stores a new object, REQUESTED.
     *
     * @param object the object
     * @return false when its id is in use
     */
    public boolean add(T object) {
        boolean added = map.putIfAbsent(ids.apply(object), new Stored<>(object, InstallStatus.REQUESTED)) == null;
        listed.changed();
        return added;
    }

    /**
     * Replaces a stored object with another version, REQUESTED; the same version again is left
     * as it is (nothing to install).
     *
     * @param object the new version
     * @return the version it replaced; empty when none is stored
     */
    public Optional<T> replace(T object) {
        Optional<MapUpdate<Stored<T>>> update = MapUpdate.apply(
                map, ids.apply(object), stored -> true,
                stored -> stored.value().equals(object) ? stored : new Stored<>(object, InstallStatus.REQUESTED));
        if (update.map(MapUpdate::changed).orElse(false)) {
            listed.changed();
        }
        return update.map(u -> u.before().value());
    }

    /**
     * Replaces one version of a stored object with another, REQUESTED, if that version is still
     * the stored one.
     *
     * @param expected the version the change was made from
     * @param object   the new version
     * @return whether it was replaced
     */
    public boolean replace(T expected, T object) {
        Versioned<Stored<T>> now = map.computeIf(
                ids.apply(expected), stored -> stored != null && stored.value().equals(expected),
                (id, stored) -> new Stored<>(object, InstallStatus.REQUESTED));
        listed.changed();
        return now != null && now.value().value().equals(object);
    }

    /**
     * Removes an object.
     *
     * @param id its id
     * @return the object, if one was stored
     */
    public Optional<T> remove(String id) {
        Optional<T> removed = Optional.ofNullable(map.remove(id)).map(v -> v.value().value());
        listed.changed();
        return removed;
    }

    /**
     * A stored object, as the cluster has it now.
     *
     * @param id its id
     * @return the object, if stored
     */
    public Optional<T> get(String id) {
        return Optional.ofNullable(map.get(id)).map(v -> v.value().value());
    }

    /** Every stored object, as the cluster has them now. */
    public Collection<T> values() {
        return map.values().stream().map(v -> v.value().value()).collect(ImmutableList.toImmutableList());
    }

    /**
     * A stored object's status.
     *
     * @param id its id
     * @return its status, if stored
     */
    public Optional<InstallStatus> status(String id) {
        return Optional.ofNullable(map.get(id)).map(v -> v.value().status());
    }

    /**
     * Records an object's status, if the version given is still the stored one.
     *
     * @param object the version the status is about
     * @param status the status
     * @return whether it was recorded (or was already so)
     */
    public boolean setStatus(T object, InstallStatus status) {
        boolean set = Stored.setStatus(map, ids.apply(object), object, status);
        listed.changed();
        return set;
    }

    /**
     * Every object with its status, as of the last change this instance heard of (for lists).
     *
     * @return id to object and status
     */
    public Map<String, Map.Entry<T, InstallStatus>> listed() {
        return Maps.transformValues(listed.get(), stored -> Maps.immutableEntry(stored.value(), stored.status()));
    }

    private void tell(MapEvent<String, Stored<T>> event, Changes<T> changes) {
        Stored<T> now = event.newValue() == null ? null : event.newValue().value();
        Stored<T> before = event.oldValue() == null ? null : event.oldValue().value();
        switch (event.type()) {
            case INSERT:
                changes.changed(OwnedChange.ADDED, now.value(), now.status(), Optional.empty());
                break;
            case UPDATE:
                if (!now.value().equals(before.value())) {
                    changes.changed(OwnedChange.UPDATED, now.value(), now.status(), Optional.of(before.value()));
                } else if (!now.status().equals(before.status())) {
                    changes.changed(statusChange(now.status()), now.value(), now.status(), Optional.empty());
                }
                break;
            case REMOVE:
                changes.changed(OwnedChange.REMOVED, before.value(), before.status(), Optional.empty());
                break;
            default:
                log.debug("Ignoring {}", event);
        }
    }

    private static OwnedChange statusChange(InstallStatus status) {
        switch (status.state()) {
            case INSTALLED:
                return OwnedChange.INSTALLED;
            case FAILED:
                return OwnedChange.FAILED;
            default:
                return OwnedChange.REQUESTED;
        }
    }
}
