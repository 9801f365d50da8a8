// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.gnmi;

import io.grpc.ManagedChannel;
import org.onosproject.grpc.api.GrpcChannelController;
import org.onosproject.net.DeviceId;

import java.net.URI;

/**
 * Channels from ONOS's gRPC channel controller, which owns the transport (Netty, plaintext as
 * for P4Runtime). Each device gets its own channel URI, so a device whose gNMI server shares
 * the P4Runtime address does not collide with ONOS's own channel.
 */
final class OnosGnmiChannels implements GnmiChannels {

    private final GrpcChannelController controller;

    OnosGnmiChannels(GrpcChannelController controller) {
        this.controller = controller;
    }

    @Override
    public ManagedChannel open(DeviceId deviceId, String address) {
        return controller.create(uri(deviceId, address));
    }

    @Override
    public void close(DeviceId deviceId, String address) {
        controller.destroy(uri(deviceId, address));
    }

    static URI uri(DeviceId deviceId, String address) {
        return URI.create("grpc://" + address + "?sixflow-gnmi=" + deviceId.toString().replaceAll("[^A-Za-z0-9:._-]", "_"));
    }
}
