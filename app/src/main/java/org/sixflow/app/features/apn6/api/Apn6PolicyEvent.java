// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.api;

import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.OwnedChange;
import org.sixflow.app.api.OwnedObjectEvent;

/**
 * Something happened to an APN6 policy. Every instance of the cluster hears every event.
 */
public class Apn6PolicyEvent extends OwnedObjectEvent<Apn6PolicyEvent.Type, Apn6Policy> {

    /** What happened. */
    public enum Type implements OwnedChange.Kind {
        /** A policy was validated and stored; its owner installs it. */
        POLICY_ADDED(OwnedChange.ADDED),
        /** A policy was replaced by a new version; its owner installs the difference. */
        POLICY_UPDATED(OwnedChange.UPDATED),
        /** A policy was removed; its owner removes its entries. */
        POLICY_REMOVED(OwnedChange.REMOVED),
        /** Every device confirmed a policy's entries. */
        POLICY_INSTALLED(OwnedChange.INSTALLED),
        /** A device refused one of a policy's entries. */
        POLICY_FAILED(OwnedChange.FAILED),
        /** A policy is waiting again: the network has nowhere to put its entries. */
        POLICY_REQUESTED(OwnedChange.REQUESTED);

        private final OwnedChange change;

        Type(OwnedChange change) {
            this.change = change;
        }

        @Override
        public OwnedChange change() {
            return change;
        }
    }

    /**
     * Creates an event.
     *
     * @param type   what happened
     * @param policy the policy (for removals, as it was)
     * @param status its status (for removals, as it was)
     */
    public Apn6PolicyEvent(Type type, Apn6Policy policy, InstallStatus status) {
        this(type, policy, status, null);
    }

    /**
     * Creates an event about a replaced policy.
     *
     * @param type     what happened
     * @param policy   the policy
     * @param status   its status
     * @param previous the version it replaced, or null
     */
    public Apn6PolicyEvent(Type type, Apn6Policy policy, InstallStatus status, Apn6Policy previous) {
        super(type, policy, status, policy.id(), previous);
    }
}
