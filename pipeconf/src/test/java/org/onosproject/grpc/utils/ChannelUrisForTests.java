// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.onosproject.grpc.utils;

import org.onosproject.net.DeviceId;

import java.net.URI;

/**
 * Tests only: the channel a gRPC handshaker's connect() would have recorded, so that a behaviour
 * finds its client (ONOS keeps the map package-private).
 */
public final class ChannelUrisForTests {

    private ChannelUrisForTests() {
    }

    public static void put(DeviceId deviceId, URI uri) {
        AbstractGrpcHandlerBehaviour.CHANNEL_URIS.put(deviceId, uri);
    }

    public static void remove(DeviceId deviceId) {
        AbstractGrpcHandlerBehaviour.CHANNEL_URIS.remove(deviceId);
    }
}
