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
 * Where an object whose entries an owner instance installs (an APN6 policy, a GTP-U tunnel) is
 * in its lifecycle: stored and waiting for its owner to install it, installed (every device
 * confirmed its entries), or failed (a device refused an entry, and why).
 */
public final class InstallStatus {

    /** Lifecycle states. */
    public enum State {
        /** Stored; its entries are not confirmed yet (or the network has nowhere to put them). */
        REQUESTED,
        /** Every device confirmed the object's entries. */
        INSTALLED,
        /** A device refused one of its entries; see {@link #failure()}. */
        FAILED
    }

    /** A stored object not confirmed yet. */
    public static final InstallStatus REQUESTED = new InstallStatus(State.REQUESTED, null);
    /** An object whose entries every device confirmed. */
    public static final InstallStatus INSTALLED = new InstallStatus(State.INSTALLED, null);

    private final State state;
    private final Failure failure;

    private InstallStatus(State state, Failure failure) {
        this.state = state;
        this.failure = failure;
    }

    /**
     * Returns the status of an object a device refused.
     *
     * @param deviceId the device that refused an entry
     * @param reason   what it said, or what was refused
     * @return the status
     */
    public static InstallStatus failed(DeviceId deviceId, String reason) {
        return new InstallStatus(State.FAILED, new Failure(deviceId, reason));
    }

    /** The lifecycle state. */
    public State state() {
        return state;
    }

    /** Why the object failed; present only in state FAILED. */
    public Optional<Failure> failure() {
        return Optional.ofNullable(failure);
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof InstallStatus && state == ((InstallStatus) o).state
                && Objects.equals(failure, ((InstallStatus) o).failure);
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

    /** The device that refused an object's entry, and why. */
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
