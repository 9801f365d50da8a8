// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.api;

import com.google.common.base.MoreObjects;
import org.onosproject.net.DeviceId;

import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Why a tree is FAILED: the device that refused it, when a device did, and what went wrong.
 */
public final class Msr6TreeFailure {

    private final DeviceId deviceId;
    private final String reason;

    private Msr6TreeFailure(DeviceId deviceId, String reason) {
        this.deviceId = deviceId;
        this.reason = checkNotNull(reason, "reason is required");
    }

    /**
     * A failure on a device.
     *
     * @param deviceId the device that refused an entry or a group
     * @param reason   what it refused, or what did not happen in time
     * @return the failure
     */
    public static Msr6TreeFailure onDevice(DeviceId deviceId, String reason) {
        return new Msr6TreeFailure(checkNotNull(deviceId, "deviceId is required"), reason);
    }

    /**
     * A failure no single device caused (the tree cannot be computed, encoded or compiled).
     *
     * @param reason what is wrong
     * @return the failure
     */
    public static Msr6TreeFailure of(String reason) {
        return new Msr6TreeFailure(null, reason);
    }

    /** The device that refused the tree, if one did. */
    public Optional<DeviceId> deviceId() {
        return Optional.ofNullable(deviceId);
    }

    public String reason() {
        return reason;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Msr6TreeFailure)) {
            return false;
        }
        Msr6TreeFailure f = (Msr6TreeFailure) o;
        return Objects.equals(deviceId, f.deviceId) && reason.equals(f.reason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(deviceId, reason);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("deviceId", deviceId).add("reason", reason)
                .toString();
    }
}
