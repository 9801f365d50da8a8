// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.gnmi;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.inprocess.InProcessChannelBuilder;
import org.junit.Test;
import org.onosproject.grpc.api.GrpcChannelController;
import org.onosproject.net.DeviceId;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Channels through ONOS's channel controller: one URI per device, and everything closed.
 */
public class OnosGnmiChannelsTest {

    @Test
    public void eachDeviceGetsItsOwnUriAndItsChannelIsShutDown() {
        List<URI> created = new ArrayList<>();
        List<URI> destroyed = new ArrayList<>();
        GrpcChannelController controller = new GrpcChannelController() {
            @Override
            public ManagedChannel create(URI channelUri) {
                created.add(channelUri);
                return InProcessChannelBuilder.forName(channelUri.toString()).build();
            }

            @Override
            public ManagedChannel create(URI channelUri, ManagedChannelBuilder<?> builder) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void destroy(URI channelUri) {
                destroyed.add(channelUri);
            }

            @Override
            public Optional<ManagedChannel> get(URI channelUri) {
                return Optional.empty();
            }
        };
        OnosGnmiChannels channels = new OnosGnmiChannels(controller);
        ManagedChannel channel = channels.open(DeviceId.deviceId("device:beijing"), "mininet:50001");
        channels.open(DeviceId.deviceId("device:wuhan"), "mininet:50001");
        assertEquals("grpc", created.get(0).getScheme());
        assertEquals("mininet", created.get(0).getHost());
        assertEquals(50001, created.get(0).getPort());
        assertTrue(!created.get(0).equals(created.get(1)));
        channels.close(DeviceId.deviceId("device:beijing"), "mininet:50001");
        assertEquals(List.of(created.get(0)), destroyed);
        assertTrue(channel.isShutdown());
    }
}
