// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.p4rt;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.StreamObserver;
import p4.config.v1.P4InfoOuterClass.P4Info;
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
import p4.v1.P4RuntimeOuterClass.StreamMessageRequest;
import p4.v1.P4RuntimeOuterClass.StreamMessageResponse;
import p4.v1.P4RuntimeOuterClass.Uint128;
import p4.v1.P4RuntimeOuterClass.Update;
import p4.v1.P4RuntimeOuterClass.WriteRequest;
import org.slf4j.Logger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * One P4Runtime session with one device (a P4Runtime server and device id): the stream channel
 * with master arbitration, packet-in and packet-out; SetForwardingPipelineConfig; batched Write
 * with a status per update; Read.
 *
 * <p>Writes use CONTINUE_ON_ERROR, so one rejected update leaves the others applied; the
 * server's per-update errors (p4.v1.Error in the google.rpc.Status details of the failed call)
 * come back as a {@link WriteResult}. A call that fails as a whole (server gone, deadline, a
 * malformed request without details) throws {@link P4RuntimeException} with the gRPC code.
 */
public final class P4RuntimeConnection implements AutoCloseable {

    /** Largest message accepted (a whole table read of a big pipeline). */
    private static final int MAX_INBOUND_BYTES = 256 * 1024 * 1024;
    private static final Duration WRITE_DEADLINE = Duration.ofSeconds(60);
    private static final Duration READ_DEADLINE = Duration.ofSeconds(60);
    private static final Duration PIPELINE_DEADLINE = Duration.ofSeconds(120);

    private final Logger log = getLogger(getClass());
    private final String name;
    private final ManagedChannel channel;
    private final long deviceId;
    private final Uint128 electionId;
    private final Listener listener;
    private final P4RuntimeGrpc.P4RuntimeStub asyncStub;
    private final P4RuntimeGrpc.P4RuntimeBlockingStub blockingStub;

    private final Object streamLock = new Object();
    private StreamObserver<StreamMessageRequest> stream;
    private CompletableFuture<Boolean> arbitration;
    private volatile boolean master;

    /** What the stream channel reports. Called on gRPC threads: implementations hand heavy work off. */
    public interface Listener {
        /**
         * A packet-in arrived.
         *
         * @param packet the packet
         */
        void packetIn(PacketIn packet);

        /**
         * Arbitration said whether this session is master.
         *
         * @param master true if it is
         */
        void mastershipChanged(boolean master);

        /**
         * The stream ended (the switch stopped or the connection broke).
         *
         * @param reason why
         */
        void streamClosed(String reason);
    }

    /**
     * Creates a session over a channel; call {@link #openStream()} to become master.
     *
     * @param name       the device's name, for messages (e.g. device:beijing)
     * @param channel    the gRPC channel to the P4Runtime server (closed with the session)
     * @param deviceId   the P4Runtime device id
     * @param electionId the election id (the highest among a device's clients is master)
     * @param listener   who hears the stream
     */
    public P4RuntimeConnection(String name, ManagedChannel channel, long deviceId, long electionId,
                               Listener listener) {
        this.name = name;
        this.channel = channel;
        this.deviceId = deviceId;
        this.electionId = Uint128.newBuilder().setHigh(0).setLow(electionId).build();
        this.listener = listener;
        this.asyncStub = P4RuntimeGrpc.newStub(channel);
        this.blockingStub = P4RuntimeGrpc.newBlockingStub(channel);
    }

    /**
     * Opens a plaintext channel to a P4Runtime server.
     *
     * @param host the server's host
     * @param port its port
     * @return the channel
     */
    public static ManagedChannel channel(String host, int port) {
        return NettyChannelBuilder.forAddress(host, port).usePlaintext().maxInboundMessageSize(MAX_INBOUND_BYTES)
                .build();
    }

    /** The gRPC channel (other readers, such as the app's register reader, share it). */
    public ManagedChannel channel() {
        return channel;
    }

    /** The P4Runtime device id. */
    public long deviceId() {
        return deviceId;
    }

    /** True while arbitration says this session is master. */
    public boolean isMaster() {
        return master;
    }

    /** True while the stream channel is open. */
    public boolean isStreamOpen() {
        synchronized (streamLock) {
            return stream != null;
        }
    }

    /**
     * Opens the stream channel and sends the master arbitration update.
     *
     * @return completes with true when the server makes this session master, false when another
     *         client is; fails if the stream breaks first
     */
    public CompletableFuture<Boolean> openStream() {
        synchronized (streamLock) {
            if (stream != null) {
                return arbitration;
            }
            arbitration = new CompletableFuture<>();
            stream = asyncStub.streamChannel(new StreamResponses());
            stream.onNext(StreamMessageRequest.newBuilder().setArbitration(MasterArbitrationUpdate.newBuilder()
                    .setDeviceId(deviceId).setElectionId(electionId)).build());
            return arbitration;
        }
    }

    /**
     * Pushes a pipeline (VERIFY_AND_COMMIT): the device drops its entries and runs the new program.
     *
     * @param p4Info       the pipeline's P4Info
     * @param deviceConfig the target's program (bmv2 JSON for simple_switch_grpc)
     * @param cookie       a cookie identifying the pipeline (read back by {@link #pipelineCookie()})
     * @throws P4RuntimeException if the server refuses it
     */
    public void setPipelineConfig(P4Info p4Info, ByteString deviceConfig, long cookie) throws P4RuntimeException {
        SetForwardingPipelineConfigRequest request = SetForwardingPipelineConfigRequest.newBuilder()
                .setDeviceId(deviceId).setElectionId(electionId)
                .setAction(SetForwardingPipelineConfigRequest.Action.VERIFY_AND_COMMIT)
                .setConfig(ForwardingPipelineConfig.newBuilder().setP4Info(p4Info).setP4DeviceConfig(deviceConfig)
                                   .setCookie(ForwardingPipelineConfig.Cookie.newBuilder().setCookie(cookie)))
                .build();
        try {
            blockingStub.withDeadlineAfter(PIPELINE_DEADLINE.toMillis(), TimeUnit.MILLISECONDS)
                    .setForwardingPipelineConfig(request);
        } catch (StatusRuntimeException e) {
            throw new P4RuntimeException("SetForwardingPipelineConfig on " + name, e.getStatus().getCode(), e);
        }
    }

    /**
     * Returns the cookie of the pipeline the device runs.
     *
     * @return the cookie, or empty when the device runs no pipeline
     * @throws P4RuntimeException if the server cannot be asked
     */
    public Optional<Long> pipelineCookie() throws P4RuntimeException {
        try {
            GetForwardingPipelineConfigResponse response = blockingStub
                    .withDeadlineAfter(READ_DEADLINE.toMillis(), TimeUnit.MILLISECONDS)
                    .getForwardingPipelineConfig(GetForwardingPipelineConfigRequest.newBuilder()
                            .setDeviceId(deviceId)
                            .setResponseType(GetForwardingPipelineConfigRequest.ResponseType.COOKIE_ONLY).build());
            return response.getConfig().hasCookie() ? Optional.of(response.getConfig().getCookie().getCookie())
                    : Optional.empty();
        } catch (StatusRuntimeException e) {
            if (e.getStatus().getCode() == Status.Code.FAILED_PRECONDITION) {
                return Optional.empty();    // PI: "no forwarding pipeline config set"
            }
            throw new P4RuntimeException("GetForwardingPipelineConfig on " + name, e.getStatus().getCode(), e);
        }
    }

    /**
     * Writes a batch of updates in one WriteRequest (CONTINUE_ON_ERROR).
     *
     * @param updates the updates, in the order the device applies them
     * @return one status per update
     * @throws P4RuntimeException if the call failed as a whole
     */
    public WriteResult write(List<Update> updates) throws P4RuntimeException {
        if (updates.isEmpty()) {
            return new WriteResult(List.of());
        }
        WriteRequest request = WriteRequest.newBuilder().setDeviceId(deviceId).setElectionId(electionId)
                .setAtomicity(WriteRequest.Atomicity.CONTINUE_ON_ERROR).addAllUpdates(updates).build();
        try {
            blockingStub.withDeadlineAfter(WRITE_DEADLINE.toMillis(), TimeUnit.MILLISECONDS).write(request);
            return new WriteResult(Collections.nCopies(updates.size(), UpdateStatus.OK));
        } catch (StatusRuntimeException e) {
            Optional<List<UpdateStatus>> perUpdate = perUpdateStatuses(e, updates.size());
            if (perUpdate.isPresent()) {
                return new WriteResult(perUpdate.get());
            }
            throw new P4RuntimeException("Write of " + updates.size() + " updates to " + name,
                                         e.getStatus().getCode(), e);
        }
    }

    /**
     * Reads the per-update errors a failed Write carries in its status details.
     *
     * @param failure the failed call
     * @param count   how many updates it held
     * @return one status per update, or empty when the failure carries no per-update details
     */
    static Optional<List<UpdateStatus>> perUpdateStatuses(StatusRuntimeException failure, int count) {
        com.google.rpc.Status details = StatusProto.fromThrowable(failure);
        if (details == null || details.getDetailsCount() != count) {
            return Optional.empty();
        }
        List<UpdateStatus> statuses = new ArrayList<>(count);
        for (Any any : details.getDetailsList()) {
            try {
                p4.v1.P4RuntimeOuterClass.Error error = any.unpack(p4.v1.P4RuntimeOuterClass.Error.class);
                statuses.add(UpdateStatus.of(Status.fromCodeValue(error.getCanonicalCode()).getCode(),
                                             error.getMessage()));
            } catch (InvalidProtocolBufferException e) {
                return Optional.empty();
            }
        }
        return Optional.of(statuses);
    }

    /**
     * Reads entities: each may be a wildcard (e.g. a TableEntry with only a table id).
     *
     * @param entities what to read
     * @return everything the server returned, over all its responses
     * @throws P4RuntimeException if the read failed
     */
    public List<Entity> read(List<Entity> entities) throws P4RuntimeException {
        List<Entity> result = new ArrayList<>();
        try {
            Iterator<ReadResponse> responses = blockingStub
                    .withDeadlineAfter(READ_DEADLINE.toMillis(), TimeUnit.MILLISECONDS)
                    .read(ReadRequest.newBuilder().setDeviceId(deviceId).addAllEntities(entities).build());
            responses.forEachRemaining(response -> result.addAll(response.getEntitiesList()));
        } catch (StatusRuntimeException e) {
            throw new P4RuntimeException("Read of " + entities.size() + " entities from " + name,
                                         e.getStatus().getCode(), e);
        }
        return result;
    }

    /**
     * Sends a packet-out on the stream channel.
     *
     * @param packet the packet
     * @throws P4RuntimeException if the stream is not open
     */
    public void packetOut(PacketOut packet) throws P4RuntimeException {
        synchronized (streamLock) {
            if (stream == null) {
                throw new P4RuntimeException("Packet-out to " + name, Status.Code.UNAVAILABLE, null);
            }
            stream.onNext(StreamMessageRequest.newBuilder().setPacket(packet).build());
        }
    }

    /** Closes the stream (giving up mastership) and the channel. */
    @Override
    public void close() {
        synchronized (streamLock) {
            if (stream != null) {
                try {
                    stream.onCompleted();
                } catch (IllegalStateException e) {
                    log.debug("Stream of {} already closed", name);
                }
                stream = null;
            }
        }
        master = false;
        channel.shutdown();
        try {
            if (!channel.awaitTermination(5, TimeUnit.SECONDS)) {
                channel.shutdownNow();
            }
        } catch (InterruptedException e) {
            channel.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    private void streamEnded(String reason) {
        CompletableFuture<Boolean> pending;
        synchronized (streamLock) {
            stream = null;
            pending = arbitration;
        }
        master = false;
        if (pending != null && !pending.isDone()) {
            pending.completeExceptionally(new P4RuntimeException("Arbitration with " + name + " (" + reason + ")",
                                                                 Status.Code.UNAVAILABLE, null));
        }
        listener.streamClosed(reason);
    }

    /** The server's side of the stream channel. */
    private final class StreamResponses implements StreamObserver<StreamMessageResponse> {
        @Override
        public void onNext(StreamMessageResponse response) {
            switch (response.getUpdateCase()) {
                case PACKET:
                    listener.packetIn(response.getPacket());
                    break;
                case ARBITRATION:
                    boolean isMaster = response.getArbitration().getStatus().getCode() == Status.Code.OK.value();
                    master = isMaster;
                    CompletableFuture<Boolean> pending;
                    synchronized (streamLock) {
                        pending = arbitration;
                    }
                    if (pending != null) {
                        pending.complete(isMaster);
                    }
                    listener.mastershipChanged(isMaster);
                    break;
                case ERROR:
                    log.warn("Stream error from {}: {} {}", name,
                             Status.fromCodeValue(response.getError().getCanonicalCode()).getCode(),
                             response.getError().getMessage());
                    break;
                default:
                    log.debug("Ignoring stream message {} from {}", response.getUpdateCase(), name);
            }
        }

        @Override
        public void onError(Throwable t) {
            streamEnded(Status.fromThrowable(t).getCode() + ": " + t.getMessage());
        }

        @Override
        public void onCompleted() {
            streamEnded("the server closed the stream");
        }
    }
}
