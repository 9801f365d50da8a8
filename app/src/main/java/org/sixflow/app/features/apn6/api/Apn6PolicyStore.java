// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.api;

import org.onosproject.store.Store;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import org.sixflow.app.api.InstallStatus;

/**
 * The cluster's APN6 policies with their status. Every instance sees every policy; the store
 * delegate of every instance hears every change (on a thread of the store's, never while the
 * store's own primitive waits), as {@link Apn6PolicyEvent}s.
 */
public interface Apn6PolicyStore extends Store<Apn6PolicyEvent, Apn6PolicyStoreDelegate> {

    /**
     * Stores a new policy, {@link InstallStatus.State#REQUESTED}.
     *
     * @param policy the policy
     * @return false, storing nothing, if a policy with its id exists
     */
    boolean add(Apn6Policy policy);

    /**
     * Replaces a stored policy with a new version (same id), back to REQUESTED.
     *
     * @param policy the new version
     * @return the version it replaced; empty, storing nothing, if there was none
     */
    Optional<Apn6Policy> replace(Apn6Policy policy);

    /**
     * Removes a policy.
     *
     * @param id policy id
     * @return the policy as it was; empty if there was none
     */
    Optional<Apn6Policy> remove(String id);

    /**
     * Returns a policy.
     *
     * @param id policy id
     * @return the policy, if stored
     */
    Optional<Apn6Policy> policy(String id);

    /**
     * Returns every policy.
     *
     * @return policies, in no order
     */
    Collection<Apn6Policy> policies();

    /**
     * Returns a policy's status.
     *
     * @param id policy id
     * @return its status, if the policy is stored
     */
    Optional<InstallStatus> status(String id);

    /**
     * Returns every policy with its status as of the last change this instance heard of: its own
     * writes at once, another instance's when their map event arrives. For lists; decoded once
     * per change rather than once per read.
     *
     * @return each policy id's policy and status, in no order
     */
    Map<String, Map.Entry<Apn6Policy, InstallStatus>> listedPolicies();

    /**
     * Records a policy's status, if the stored version is still the one given (an outcome that
     * arrives after the policy was replaced or removed is dropped).
     *
     * @param policy the version the status is about
     * @param status the status
     * @return whether it was recorded
     */
    boolean setStatus(Apn6Policy policy, InstallStatus status);
}
