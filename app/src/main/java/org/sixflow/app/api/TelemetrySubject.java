// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.net.DeviceId;

import java.time.Instant;

/**
 * What a {@link TelemetryEvent} reports on: one measurement of one device at one time.
 */
public interface TelemetrySubject {

    /**
     * Returns the measured device.
     *
     * @return device id
     */
    DeviceId deviceId();

    /**
     * Returns when the measurement was taken (controller clock).
     *
     * @return the time
     */
    Instant time();
}
