// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.api;

import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.OwnedStore;

import java.util.Optional;

/**
 * The cluster's APN6 policies with their status. Every instance sees every policy; the store
 * delegate of every instance hears every change (on a thread of the store's, never while the
 * store's own primitive waits), as {@link Apn6PolicyEvent}s.
 */
public interface Apn6PolicyStore extends OwnedStore<Apn6Policy, Apn6PolicyEvent, Apn6PolicyStoreDelegate> {

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
}
