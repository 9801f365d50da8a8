// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.testing;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.StreamObserver;
import p4.v1.P4RuntimeGrpc;
import p4.v1.P4RuntimeOuterClass.Entity;
import p4.v1.P4RuntimeOuterClass.ForwardingPipelineConfig;
import p4.v1.P4RuntimeOuterClass.GetForwardingPipelineConfigRequest;
import p4.v1.P4RuntimeOuterClass.GetForwardingPipelineConfigResponse;
import p4.v1.P4RuntimeOuterClass.MasterArbitrationUpdate;
import p4.v1.P4RuntimeOuterClass.PacketIn;
import p4.v1.P4RuntimeOuterClass.PacketOut;
import p4.v1.P4RuntimeOuterClass.ReadRequest;
import p4.v1.P4RuntimeOuterClass.ReadResponse;
import p4.v1.P4RuntimeOuterClass.SetForwardingPipelineConfigRequest;
import p4.v1.P4RuntimeOuterClass.SetForwardingPipelineConfigResponse;
import p4.v1.P4RuntimeOuterClass.StreamMessageRequest;
import p4.v1.P4RuntimeOuterClass.StreamMessageResponse;
import p4.v1.P4RuntimeOuterClass.TableEntry;
import p4.v1.P4RuntimeOuterClass.Update;
import p4.v1.P4RuntimeOuterClass.WriteRequest;
import p4.v1.P4RuntimeOuterClass.WriteResponse;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A P4Runtime server on a loopback port that behaves as PI on simple_switch_grpc does where the
 * southbound cares: a pipeline push clears the device; INSERT of an existing key is
 * ALREADY_EXISTS, MODIFY or DELETE of a missing one NOT_FOUND, an INSERT into a table that holds
 * as many entries as the pushed P4Info's size RESOURCE_EXHAUSTED (bmv2 refuses it as TABLE_FULL),
 * each reported per update in the failed Write's status details; reads return what is held;
 * arbitration makes the first client master. Tests can refuse a table (every write to it is INVALID_ARGUMENT), send packet-ins, and
 * see packet-outs.
 */
public final class FakeP4RuntimeSwitch extends P4RuntimeGrpc.P4RuntimeImplBase implements AutoCloseable {

    /** Table entries by key (the entry without action and controller metadata). */
    public final Map<TableEntry, TableEntry> tableEntries = new ConcurrentHashMap<>();
    /** PRE entries by (type, id). */
    public final Map<String, Entity> preEntries = new ConcurrentHashMap<>();
    public final List<PacketOut> packetOuts = new CopyOnWriteArrayList<>();
    public final List<WriteRequest> writes = new CopyOnWriteArrayList<>();
    public final Set<Integer> refusedTables = ConcurrentHashMap.newKeySet();
    /** When set, every PRE write is refused (RESOURCE_EXHAUSTED). */
    public volatile boolean refusePre;
    public volatile int pipelinePushes;
    private volatile ForwardingPipelineConfig pipeline;
    private final List<StreamObserver<StreamMessageResponse>> streams = new CopyOnWriteArrayList<>();
    private final Server server;

    /**
     * Starts the server on a free loopback port.
     *
     * @throws IOException if it cannot listen
     */
    public FakeP4RuntimeSwitch() throws IOException {
        server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).addService(this).build().start();
    }

    /** The port listened on. */
    public int port() {
        return server.getPort();
    }

    /**
     * Sends a packet-in to every open stream.
     *
     * @param packet the packet
     */
    public void packetIn(PacketIn packet) {
        streams.forEach(s -> s.onNext(StreamMessageResponse.newBuilder().setPacket(packet).build()));
    }

    /** Ends every open stream, as a restarting switch would. */
    public void dropStreams() {
        List<StreamObserver<StreamMessageResponse>> open = new ArrayList<>(streams);
        streams.clear();
        open.forEach(s -> s.onError(Status.UNAVAILABLE.withDescription("switch restarting").asRuntimeException()));
    }

    @Override
    public void setForwardingPipelineConfig(SetForwardingPipelineConfigRequest request,
                                            StreamObserver<SetForwardingPipelineConfigResponse> response) {
        pipeline = request.getConfig();
        pipelinePushes++;
        tableEntries.clear();
        preEntries.clear();
        response.onNext(SetForwardingPipelineConfigResponse.getDefaultInstance());
        response.onCompleted();
    }

    @Override
    public void getForwardingPipelineConfig(GetForwardingPipelineConfigRequest request,
                                            StreamObserver<GetForwardingPipelineConfigResponse> response) {
        if (pipeline == null) {
            response.onError(Status.FAILED_PRECONDITION.withDescription("No forwarding pipeline config set")
                                     .asRuntimeException());
            return;
        }
        response.onNext(GetForwardingPipelineConfigResponse.newBuilder().setConfig(
                ForwardingPipelineConfig.newBuilder().setCookie(pipeline.getCookie())).build());
        response.onCompleted();
    }

    @Override
    public StreamObserver<StreamMessageRequest> streamChannel(StreamObserver<StreamMessageResponse> responses) {
        return new StreamObserver<>() {
            @Override
            public void onNext(StreamMessageRequest request) {
                if (request.hasArbitration()) {
                    streams.add(responses);
                    MasterArbitrationUpdate arbitration = request.getArbitration().toBuilder()
                            .setStatus(com.google.rpc.Status.newBuilder().setCode(Status.Code.OK.value())).build();
                    responses.onNext(StreamMessageResponse.newBuilder().setArbitration(arbitration).build());
                } else if (request.hasPacket()) {
                    packetOuts.add(request.getPacket());
                }
            }

            @Override
            public void onError(Throwable t) {
                streams.remove(responses);
            }

            @Override
            public void onCompleted() {
                streams.remove(responses);
                responses.onCompleted();
            }
        };
    }

    @Override
    public synchronized void write(WriteRequest request, StreamObserver<WriteResponse> response) {
        writes.add(request);
        List<p4.v1.P4RuntimeOuterClass.Error> errors = new ArrayList<>();
        boolean failed = false;
        for (Update update : request.getUpdatesList()) {
            Status.Code code = apply(update);
            failed |= code != Status.Code.OK;
            errors.add(p4.v1.P4RuntimeOuterClass.Error.newBuilder().setCanonicalCode(code.value())
                               .setMessage(code == Status.Code.OK ? "" : code + " for " + update.getType()).build());
        }
        if (!failed) {
            response.onNext(WriteResponse.getDefaultInstance());
            response.onCompleted();
            return;
        }
        com.google.rpc.Status.Builder status = com.google.rpc.Status.newBuilder().setCode(Status.Code.UNKNOWN.value())
                .setMessage("Write failure.");
        errors.forEach(e -> status.addDetails(Any.pack(e)));
        response.onError(StatusProto.toStatusRuntimeException(status.build()));
    }

    private Status.Code apply(Update update) {
        Entity entity = update.getEntity();
        if (entity.hasTableEntry()) {
            TableEntry entry = entity.getTableEntry();
            if (refusedTables.contains(entry.getTableId())) {
                return Status.Code.INVALID_ARGUMENT;
            }
            TableEntry key = entry.toBuilder().clearAction().clearControllerMetadata().build();
            if (update.getType() == Update.Type.INSERT && !tableEntries.containsKey(key) && full(entry.getTableId())) {
                return Status.Code.RESOURCE_EXHAUSTED;
            }
            return change(tableEntries, key, entry, update.getType(), entry.getIsDefaultAction());
        }
        if (entity.hasPacketReplicationEngineEntry()) {
            if (refusePre) {
                return Status.Code.RESOURCE_EXHAUSTED;
            }
            var pre = entity.getPacketReplicationEngineEntry();
            String key = pre.hasMulticastGroupEntry() ? "mcast/" + pre.getMulticastGroupEntry().getMulticastGroupId()
                    : "clone/" + pre.getCloneSessionEntry().getSessionId();
            return change(preEntries, key, entity, update.getType(), false);
        }
        return Status.Code.UNIMPLEMENTED;
    }

    /** Whether a table holds as many entries as the pushed P4Info says it can. */
    private boolean full(int tableId) {
        long size = pipeline == null ? 0 : pipeline.getP4Info().getTablesList().stream()
                .filter(t -> t.getPreamble().getId() == tableId).mapToLong(t -> t.getSize()).findFirst().orElse(0);
        return size > 0 && tableEntries.values().stream().filter(e -> e.getTableId() == tableId).count() >= size;
    }

    /**
     * Counts the entries of a table.
     *
     * @param tableId the table's P4Runtime id
     * @return entries held
     */
    public long entriesOf(int tableId) {
        return tableEntries.values().stream().filter(e -> e.getTableId() == tableId).count();
    }

    private static <K, V> Status.Code change(Map<K, V> held, K key, V value, Update.Type type, boolean isDefault) {
        switch (type) {
            case INSERT:
                return held.putIfAbsent(key, value) == null ? Status.Code.OK : Status.Code.ALREADY_EXISTS;
            case MODIFY:
                if (!isDefault && !held.containsKey(key)) {
                    return Status.Code.NOT_FOUND;
                }
                held.put(key, value);
                return Status.Code.OK;
            case DELETE:
                return held.remove(key) != null ? Status.Code.OK : Status.Code.NOT_FOUND;
            default:
                return Status.Code.INVALID_ARGUMENT;
        }
    }

    @Override
    public void read(ReadRequest request, StreamObserver<ReadResponse> response) {
        ReadResponse.Builder answer = ReadResponse.newBuilder();
        for (Entity wanted : request.getEntitiesList()) {
            if (wanted.hasTableEntry()) {
                int table = wanted.getTableEntry().getTableId();
                tableEntries.values().stream().filter(e -> table == 0 || e.getTableId() == table)
                        .forEach(e -> answer.addEntities(Entity.newBuilder().setTableEntry(e)));
            } else if (wanted.hasPacketReplicationEngineEntry()) {
                preEntries.values().forEach(answer::addEntities);
            }
        }
        response.onNext(answer.build());
        response.onCompleted();
    }

    /** The bytes of the bmv2 JSON last pushed. */
    public ByteString deviceConfig() {
        return pipeline == null ? ByteString.EMPTY : pipeline.getP4DeviceConfig();
    }

    @Override
    public void close() {
        dropStreams();
        server.shutdownNow();
    }
}
