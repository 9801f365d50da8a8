// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.apn6.impl;

import org.sixflow.app.api.Apn6Policy;
import org.sixflow.app.api.Apn6PolicyStatus;

import java.util.Objects;

/**
 * What the distributed map holds for one policy: the version users asked for and where it is in
 * its lifecycle, in one value so that a status always belongs to the version it was written for.
 */
final class StoredPolicy {

    private final Apn6Policy policy;
    private final Apn6PolicyStatus status;

    StoredPolicy(Apn6Policy policy, Apn6PolicyStatus status) {
        this.policy = Objects.requireNonNull(policy);
        this.status = Objects.requireNonNull(status);
    }

    Apn6Policy policy() {
        return policy;
    }

    Apn6PolicyStatus status() {
        return status;
    }

    StoredPolicy with(Apn6PolicyStatus newStatus) {
        return new StoredPolicy(policy, newStatus);
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof StoredPolicy && policy.equals(((StoredPolicy) o).policy)
                && status.equals(((StoredPolicy) o).status);
    }

    @Override
    public int hashCode() {
        return Objects.hash(policy, status);
    }

    @Override
    public String toString() {
        return policy.id() + " " + status;
    }
}
