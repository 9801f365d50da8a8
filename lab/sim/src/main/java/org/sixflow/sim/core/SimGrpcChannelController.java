// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.core;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import org.onosproject.grpc.api.GrpcChannelController;

import java.net.URI;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's gRPC channel controller when no gRPC server exists: it holds no channel ({@link #get}
 * answers empty) and opens none ({@link #create} throws UnsupportedOperationException saying so,
 * where ONOS would hand out a channel that never connects).
 * <p>
 * How Sixflow's users take this: LatencyAggregatePoller looks ONOS's P4Runtime channel up with
 * {@code get} for its register reads; empty makes them throw AggregateReadException "no P4Runtime
 * channel to ...", which its poll catches and logs (it gets that far only on a device that
 * {@link SimP4RuntimeController#simulate} made a switch and whose latency_packets cells moved;
 * elsewhere its packet counter read fails first). GnmiPortCollector opens a
 * channel with {@code create} for a device whose netcfg gives a gNMI address; its startSession
 * catches the RuntimeException and logs "Cannot open gNMI channel to ...", trying again at its
 * next refresh.
 */
public final class SimGrpcChannelController implements GrpcChannelController {

    @Override
    public ManagedChannel create(URI channelUri) {
        checkNotNull(channelUri, "Channel URI cannot be null");
        throw new UnsupportedOperationException("Cannot open a gRPC channel to " + channelUri
                                                        + ": no gRPC server exists in the simulation");
    }

    @Override
    public ManagedChannel create(URI channelUri, ManagedChannelBuilder<?> channelBuilder) {
        return create(channelUri);
    }

    @Override
    public void destroy(URI channelUri) {
        // There is never a channel to destroy.
    }

    @Override
    public Optional<ManagedChannel> get(URI channelUri) {
        return Optional.empty();
    }
}
