// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.gnmi;

import io.grpc.ManagedChannel;
import org.onosproject.net.DeviceId;

/**
 * Opens and closes the gRPC channels the collector reads counters over.
 */
interface GnmiChannels {

    /**
     * Opens a channel to a device's gNMI server.
     *
     * @param deviceId the device
     * @param address  host:port
     * @return the channel
     */
    ManagedChannel open(DeviceId deviceId, String address);

    /**
     * Closes a channel opened here.
     *
     * @param deviceId the device
     * @param address  host:port it was opened to
     */
    void close(DeviceId deviceId, String address);
}
