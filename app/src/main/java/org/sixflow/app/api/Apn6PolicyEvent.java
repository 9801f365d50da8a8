// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.event.AbstractEvent;

/**
 * Something happened to an APN6 policy.
 */
public class Apn6PolicyEvent extends AbstractEvent<Apn6PolicyEvent.Type, Apn6Policy> {

    /** What happened. */
    public enum Type {
        /** A policy was validated and installed. */
        POLICY_ADDED,
        /** A policy was replaced by a new version. */
        POLICY_UPDATED,
        /** A policy and its entries were removed. */
        POLICY_REMOVED
    }

    /**
     * Creates an event.
     *
     * @param type what happened
     * @param policy the policy (for removals, as it was)
     */
    public Apn6PolicyEvent(Type type, Apn6Policy policy) {
        super(type, policy);
    }
}
