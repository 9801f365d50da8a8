// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import com.google.protobuf.ByteString;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.StreamObserver;
import p4.v1.P4DataOuterClass.P4Data;
import p4.v1.P4RuntimeGrpc;
import p4.v1.P4RuntimeOuterClass.Entity;
import p4.v1.P4RuntimeOuterClass.ReadRequest;
import p4.v1.P4RuntimeOuterClass.ReadResponse;
import p4.v1.P4RuntimeOuterClass.RegisterEntry;

import java.io.IOException;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntConsumer;

/**
 * An in-process P4Runtime server speaking the real p4runtime.proto: it answers register reads
 * from a map of (register id, index) to value, like Stratum, or UNIMPLEMENTED, like PI on bmv2.
 */
final class FakeP4RuntimeServer extends P4RuntimeGrpc.P4RuntimeImplBase implements AutoCloseable {

    final Map<Integer, Map<Long, Long>> registers = new ConcurrentHashMap<>();
    final List<ReadRequest> requests = new CopyOnWriteArrayList<>();
    volatile boolean readsRegisters = true;
    /** Runs after each answered request, with the number of requests so far (a carry, say). */
    volatile IntConsumer afterRequest = n -> { };
    private final Server server;

    FakeP4RuntimeServer(String name) throws IOException {
        server = InProcessServerBuilder.forName(name).addService(this).directExecutor().build().start();
    }

    void set(int registerId, long index, long value) {
        registers.computeIfAbsent(registerId, k -> new ConcurrentHashMap<>()).put(index, value);
    }

    @Override
    public void read(ReadRequest request, StreamObserver<ReadResponse> responses) {
        requests.add(request);
        if (!readsRegisters) {
            responses.onError(Status.UNIMPLEMENTED.withDescription("Register reads are not supported yet")
                                      .asRuntimeException());
            return;
        }
        // Two responses, as a server may split a long answer.
        ReadResponse.Builder first = ReadResponse.newBuilder();
        ReadResponse.Builder second = ReadResponse.newBuilder();
        int n = 0;
        for (Entity asked : request.getEntitiesList()) {
            RegisterEntry entry = asked.getRegisterEntry();
            long value = registers.getOrDefault(entry.getRegisterId(), Map.of()).getOrDefault(
                    entry.getIndex().getIndex(), 0L);
            // Minimal-width big-endian bitstring, as P4Runtime allows.
            byte[] bytes = BigInteger.valueOf(value).toByteArray();
            Entity answer = Entity.newBuilder().setRegisterEntry(entry.toBuilder().setData(
                    P4Data.newBuilder().setBitstring(ByteString.copyFrom(bytes)))).build();
            (n++ % 2 == 0 ? first : second).addEntities(answer);
        }
        responses.onNext(first.build());
        responses.onNext(second.build());
        responses.onCompleted();
        afterRequest.accept(requests.size());
    }

    @Override
    public void close() {
        server.shutdownNow();
    }
}
