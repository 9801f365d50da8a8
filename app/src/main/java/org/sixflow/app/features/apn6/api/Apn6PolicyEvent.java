// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.api;

import com.google.common.base.MoreObjects;
import org.onosproject.event.AbstractEvent;
import org.sixflow.app.api.InstallStatus;

import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Something happened to an APN6 policy. Every instance of the cluster hears every event.
 */
public class Apn6PolicyEvent extends AbstractEvent<Apn6PolicyEvent.Type, Apn6Policy> {

    /** What happened. */
    public enum Type {
        /** A policy was validated and stored; its owner installs it. */
        POLICY_ADDED,
        /** A policy was replaced by a new version; its owner installs the difference. */
        POLICY_UPDATED,
        /** A policy was removed; its owner removes its entries. */
        POLICY_REMOVED,
        /** Every device confirmed a policy's entries. */
        POLICY_INSTALLED,
        /** A device refused one of a policy's entries. */
        POLICY_FAILED,
        /** A policy is waiting again: the network has nowhere to put its entries. */
        POLICY_REQUESTED
    }

    private final InstallStatus status;
    private final Apn6Policy previous;

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
        super(type, policy);
        this.status = checkNotNull(status);
        this.previous = previous;
    }

    /** The policy's status when the event happened. */
    public InstallStatus status() {
        return status;
    }

    /** For POLICY_UPDATED, the version the policy replaced. */
    public Optional<Apn6Policy> previous() {
        return Optional.ofNullable(previous);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("type", type()).add("policy", subject().id())
                .add("status", status).toString();
    }
}
