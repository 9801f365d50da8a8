// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.onos;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import org.onosproject.grpc.api.GrpcChannelController;
import org.sixflow.lab.device.LabDeviceManager;
import org.sixflow.lab.device.SwitchAgent;
import org.sixflow.lab.p4rt.P4RuntimeConnection;

import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * gRPC channels by address, as ONOS's GrpcChannelController keys them: the channel of a device's
 * P4Runtime session is found by its server's host and port (a management address such as
 * grpc://127.0.0.1:50001?device_id=1 names it), so readers like the app's register reader share
 * it; other addresses get channels of their own.
 */
public final class LabGrpcChannels implements GrpcChannelController {

    private final LabDeviceManager devices;
    private final Map<URI, ManagedChannel> others = new ConcurrentHashMap<>();

    /**
     * Creates the controller.
     *
     * @param devices whose sessions' channels are shared
     */
    public LabGrpcChannels(LabDeviceManager devices) {
        this.devices = devices;
    }

    @Override
    public ManagedChannel create(URI uri) {
        return get(uri).orElseGet(() -> others.computeIfAbsent(
                uri, u -> P4RuntimeConnection.channel(u.getHost(), u.getPort())));
    }

    @Override
    public ManagedChannel create(URI uri, ManagedChannelBuilder<?> builder) {
        return get(uri).orElseGet(() -> others.computeIfAbsent(uri, u -> builder.build()));
    }

    @Override
    public void destroy(URI uri) {
        ManagedChannel channel = others.remove(uri);
        if (channel != null) {
            channel.shutdownNow();
        }
    }

    @Override
    public Optional<ManagedChannel> get(URI uri) {
        for (SwitchAgent agent : devices.agents()) {
            P4RuntimeConnection connection = agent.connection();
            if (connection != null && agent.target().grpcPort() == uri.getPort()
                    && agent.target().grpcHost().equals(uri.getHost())) {
                return Optional.of(connection.channel());
            }
        }
        return Optional.ofNullable(others.get(uri));
    }
}
