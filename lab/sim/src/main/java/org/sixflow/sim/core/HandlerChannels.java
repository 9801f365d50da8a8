// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.core;

import org.onosproject.grpc.utils.AbstractGrpcHandlerBehaviour;
import org.onosproject.net.DeviceId;

import java.lang.reflect.Field;
import java.net.URI;
import java.util.concurrent.ConcurrentMap;

/**
 * The gRPC channel URI of each connected device, where ONOS's gRPC handler behaviours look it
 * up (AbstractGrpcHandlerBehaviour.CHANNEL_URIS): a P4Runtime behaviour gets its device's client
 * only if the URI there is its netcfg's management address. ONOS's handshaker records it when it
 * connects the device; the simulation has no handshake over a channel, so it records it itself,
 * as ONOS's own tests of P4Runtime behaviours do (the map is package-private in ONOS's gRPC
 * utilities).
 */
final class HandlerChannels {

    private static final ConcurrentMap<DeviceId, URI> URIS = channelUris();

    private HandlerChannels() {
    }

    @SuppressWarnings("unchecked")
    private static ConcurrentMap<DeviceId, URI> channelUris() {
        try {
            Field field = AbstractGrpcHandlerBehaviour.class.getDeclaredField("CHANNEL_URIS");
            field.setAccessible(true);
            return (ConcurrentMap<DeviceId, URI>) field.get(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("ONOS's gRPC handler behaviours keep no channel URIs where this ONOS"
                                                    + " version was expected to: " + e, e);
        }
    }

    /**
     * Records a device's channel, as ONOS's handshaker does when it connects the device.
     *
     * @param deviceId the device
     * @param uri      its netcfg's management address
     */
    static void connected(DeviceId deviceId, URI uri) {
        URIS.put(deviceId, uri);
    }

    /**
     * Forgets a device's channel, as ONOS's handshaker does when it disconnects the device.
     *
     * @param deviceId the device
     */
    static void disconnected(DeviceId deviceId) {
        URIS.remove(deviceId);
    }
}
