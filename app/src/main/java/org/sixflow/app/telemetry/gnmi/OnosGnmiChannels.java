// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.gnmi;

import io.grpc.ManagedChannel;
import org.onosproject.grpc.api.GrpcChannelController;
import org.onosproject.net.DeviceId;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Channels from ONOS's gRPC channel controller, which owns the transport (Netty, plaintext as
 * for P4Runtime). Each device gets its own channel URI, so a device whose gNMI server shares
 * the P4Runtime address does not collide with ONOS's own channel. Closing also shuts down the
 * channel handed out here: some ONOS 2.7 builds keep a second channel from the same builder,
 * and destroying that one alone would leave ours open.
 */
final class OnosGnmiChannels implements GnmiChannels {

    private final GrpcChannelController controller;
    private final Map<URI, ManagedChannel> opened = new ConcurrentHashMap<>();

    OnosGnmiChannels(GrpcChannelController controller) {
        this.controller = controller;
    }

    @Override
    public ManagedChannel open(DeviceId deviceId, String address) {
        URI uri = uri(deviceId, address);
        ManagedChannel channel = controller.create(uri);
        opened.put(uri, channel);
        return channel;
    }

    @Override
    public void close(DeviceId deviceId, String address) {
        URI uri = uri(deviceId, address);
        try {
            controller.destroy(uri);
        } finally {
            ManagedChannel channel = opened.remove(uri);
            if (channel != null) {
                channel.shutdownNow();
            }
        }
    }

    static URI uri(DeviceId deviceId, String address) {
        return URI.create("grpc://" + address + "?sixflow-gnmi=" + deviceId.toString().replaceAll("[^A-Za-z0-9:._-]", "_"));
    }
}
