// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.OwnedStore;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * What one feature tells the owned-object lifecycle about its objects: where they are stored,
 * how they compile, and the few things in which features differ. Everything else (ownership,
 * admission, install rounds, reactions to the network) is {@link OwnedLifecycle}'s, the same
 * for every feature.
 *
 * @param <T> the objects (immutable values, equal when they compile alike)
 */
public interface OwnedFeature<T> {

    /**
     * An object's id, unique in its store.
     *
     * @param object the object
     * @return its id
     */
    String id(T object);

    /**
     * The feature's store.
     *
     * @return the store
     */
    OwnedStore<T, ?, ?> store();

    /**
     * The stored objects, all of them.
     *
     * @return the objects
     */
    default Collection<T> stored() {
        return store().all();
    }

    /**
     * A stored object's status.
     *
     * @param id the object's id
     * @return its status, if it is stored
     */
    default Optional<InstallStatus> status(String id) {
        return store().status(id);
    }

    /**
     * Records the outcome of installing a version of an object, if that version is still the
     * stored one.
     *
     * @param installed the version installed (as {@link #serving} gave it)
     * @param status    the outcome
     * @return whether it was recorded
     */
    default boolean setStatus(T installed, InstallStatus status) {
        return store().setStatus(installed, status);
    }

    /**
     * How objects compile on the network as it is now. The lifecycle asks once per task and
     * compiles every object the task needs with the answer, so a feature that reads the network
     * to compile reads it once.
     *
     * @return the compiler
     */
    Function<T, Collection<FlowRule>> compiler();

    /**
     * The devices that must run a profile with the feature for an object to go on them. When one
     * cannot ({@link #unfit}), the object is FAILED naming it, and when it becomes available
     * again its objects are tried again.
     *
     * @param object the object
     * @return its devices; none by default (the object's compiler decides where it goes)
     */
    default Set<DeviceId> placedOn(T object) {
        return Set.of();
    }

    /**
     * Why a device cannot take the feature's entries now.
     *
     * @param device the device
     * @return the reason, naming the device (and its profile); empty when it can
     */
    default Optional<String> unfit(DeviceId device) {
        return Optional.empty();
    }

    /**
     * The version of a stored object to install now (ILNP: its weights while an uplink is down).
     *
     * @param stored the object as stored
     * @return what to install; the object itself by default
     */
    default T serving(T stored) {
        return stored;
    }

    /**
     * The entries other stored objects compile to that entries of these versions of an object
     * may coincide with: they stay when the object leaves them.
     *
     * @param id       the object's id
     * @param versions its versions whose entries are going
     * @param compile  the compiler of this task
     * @return the ids of entries to keep; none by default (no entry is shared)
     */
    default Set<FlowId> sharedWithOthers(String id, List<T> versions, Function<T, Collection<FlowRule>> compile) {
        return Set.of();
    }

    /**
     * Entries of an object the devices hold that no version this instance knows has: what a
     * round that failed half way left behind.
     *
     * @param object the object
     * @param except entries already accounted for
     * @return entries to take out with the object's old ones; none by default
     */
    default Collection<FlowRule> strays(T object, Set<FlowId> except) {
        return List.of();
    }
}
