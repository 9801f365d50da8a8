// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import org.onosproject.net.DeviceId;

import java.util.Optional;

/**
 * Reads a device given as a query parameter, for every resource that takes one; the error names
 * the parameter, so the client gets a 400 it can act on.
 */
public final class DeviceParameters {

    private DeviceParameters() {
    }

    /**
     * Reads a required device.
     *
     * @param value the parameter's value
     * @return the device id
     * @throws IllegalArgumentException (400) when it is missing or not a device id
     */
    public static DeviceId device(String value) {
        if (value == null || value.trim().isEmpty()) {
            throw new IllegalArgumentException("device is required");
        }
        String text = value.trim();
        try {
            return DeviceId.deviceId(text);
        } catch (IllegalArgumentException e) {
            // ONOS's own message ("Illegal character in path...") would not say which parameter.
            throw new IllegalArgumentException("device \"" + text + "\" is not a device id such as device:leaf1: "
                                                       + e.getMessage(), e);
        }
    }

    /**
     * Reads an optional device.
     *
     * @param value the parameter's value, null or blank when not given
     * @return the device id, if given
     * @throws IllegalArgumentException (400) when it is not a device id
     */
    public static Optional<DeviceId> optionalDevice(String value) {
        return value == null || value.trim().isEmpty() ? Optional.empty() : Optional.of(device(value));
    }
}
