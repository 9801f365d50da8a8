// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import org.onosproject.net.DeviceId;

import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Where a policy is in its lifecycle: stored and waiting for its owner to install it, installed
 * (every device confirmed its entries), or failed (a device refused an entry, and why).
 */
public final class Apn6PolicyStatus {

    /** Lifecycle states. */
    public enum State {
        /** Stored; its entries are not confirmed yet (or the network has nowhere to put them). */
        REQUESTED,
        /** Every device confirmed the policy's entries. */
        INSTALLED,
        /** A device refused one of its entries; see {@link #failure()}. */
        FAILED
    }

    /** A stored policy not confirmed yet. */
    public static final Apn6PolicyStatus REQUESTED = new Apn6PolicyStatus(State.REQUESTED, null);
    /** A policy whose entries every device confirmed. */
    public static final Apn6PolicyStatus INSTALLED = new Apn6PolicyStatus(State.INSTALLED, null);

    private final State state;
    private final Failure failure;

    private Apn6PolicyStatus(State state, Failure failure) {
        this.state = state;
        this.failure = failure;
    }

    /**
     * Returns the status of a policy a device refused.
     *
     * @param deviceId the device that refused an entry
     * @param reason   what it said, or what was refused
     * @return the status
     */
    public static Apn6PolicyStatus failed(DeviceId deviceId, String reason) {
        return new Apn6PolicyStatus(State.FAILED, new Failure(deviceId, reason));
    }

    /** The lifecycle state. */
    public State state() {
        return state;
    }

    /** Why the policy failed; present only in state FAILED. */
    public Optional<Failure> failure() {
        return Optional.ofNullable(failure);
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof Apn6PolicyStatus && state == ((Apn6PolicyStatus) o).state
                && Objects.equals(failure, ((Apn6PolicyStatus) o).failure);
    }

    @Override
    public int hashCode() {
        return Objects.hash(state, failure);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("state", state).add("failure", failure)
                .toString();
    }

    /** The device that refused a policy's entry, and why. */
    public static final class Failure {
        private final DeviceId deviceId;
        private final String reason;

        private Failure(DeviceId deviceId, String reason) {
            this.deviceId = checkNotNull(deviceId, "deviceId is required");
            checkArgument(reason != null && !reason.isEmpty(), "a failure needs a reason");
            this.reason = reason;
        }

        /** The device that refused an entry. */
        public DeviceId deviceId() {
            return deviceId;
        }

        /** What it refused (and, where the device said, why). */
        public String reason() {
            return reason;
        }

        @Override
        public boolean equals(Object o) {
            return this == o || o instanceof Failure && deviceId.equals(((Failure) o).deviceId)
                    && reason.equals(((Failure) o).reason);
        }

        @Override
        public int hashCode() {
            return Objects.hash(deviceId, reason);
        }

        @Override
        public String toString() {
            return deviceId + ": " + reason;
        }
    }
}
