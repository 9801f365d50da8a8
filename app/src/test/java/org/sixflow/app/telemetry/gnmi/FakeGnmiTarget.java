// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.gnmi;

import com.google.protobuf.ByteString;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.GetRequest;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.GetResponse;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.Notification;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.Path;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.PathElem;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.SubscribeRequest;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.SubscribeResponse;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.Subscription;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.SubscriptionMode;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.TypedValue;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.Update;
import org.sixflow.app.telemetry.gnmi.proto.gNMIGrpc;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An in-process gNMI target serving OpenConfig interface counters the way Stratum does: one
 * notification per interface, the counters as uint64 leaves under the prefix
 * /interfaces/interface[name=X]/state/counters, timestamps in ns. Get answers once; Subscribe
 * in SAMPLE mode sends a round every {@link #SAMPLE_MILLIS} ms, sync_response after the first.
 * Every round adds 100 packets and 10,000 octets per interface and direction.
 */
final class FakeGnmiTarget implements AutoCloseable {

    static final long SAMPLE_MILLIS = 100;

    private final String name;
    private final List<String> interfaces;
    private final AtomicLong round = new AtomicLong();
    private final AtomicLong clockNanos = new AtomicLong(1_795_000_000_000_000_000L);
    private final List<SubscribeRequest> subscriptions = new CopyOnWriteArrayList<>();
    private final Map<String, Notification> extras = new ConcurrentHashMap<>();
    private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
    private Server server;

    FakeGnmiTarget(String name, List<String> interfaces) {
        this.name = name;
        this.interfaces = interfaces;
    }

    FakeGnmiTarget start() throws IOException {
        server = InProcessServerBuilder.forName(name).addService(new Service()).build().start();
        return this;
    }

    /** Stops serving at once, as a device that reboots: open streams fail. */
    void kill() {
        server.shutdownNow();
    }

    /** Adds a notification to every round (e.g. one with bad values). */
    void alsoSend(String key, Notification notification) {
        extras.put(key, notification);
    }

    List<SubscribeRequest> subscriptions() {
        return subscriptions;
    }

    @Override
    public void close() {
        kill();
        sampler.shutdownNow();
    }

    static Path.Builder countersOf(String interfaceName) {
        return Path.newBuilder()
                .addElem(PathElem.newBuilder().setName("interfaces"))
                .addElem(PathElem.newBuilder().setName("interface").putKey("name", interfaceName))
                .addElem(PathElem.newBuilder().setName("state"))
                .addElem(PathElem.newBuilder().setName("counters"));
    }

    static Update leaf(String leaf, TypedValue value) {
        return Update.newBuilder().setPath(Path.newBuilder().addElem(PathElem.newBuilder().setName(leaf)))
                .setVal(value).build();
    }

    static TypedValue uint(long value) {
        return TypedValue.newBuilder().setUintVal(value).build();
    }

    static TypedValue jsonIetf(String json) {
        return TypedValue.newBuilder().setJsonIetfVal(ByteString.copyFromUtf8(json)).build();
    }

    /** One round of notifications: all interfaces at one timestamp. */
    private List<Notification> round() {
        long r = round.incrementAndGet();
        long time = clockNanos.addAndGet(SAMPLE_MILLIS * 1_000_000L);
        List<Notification> notifications = new CopyOnWriteArrayList<>();
        for (String i : interfaces) {
            notifications.add(Notification.newBuilder().setTimestamp(time).setPrefix(countersOf(i))
                                      .addUpdate(leaf("in-unicast-pkts", uint(90 * r)))
                                      .addUpdate(leaf("in-multicast-pkts", uint(7 * r)))
                                      .addUpdate(leaf("in-broadcast-pkts", uint(3 * r)))
                                      .addUpdate(leaf("out-unicast-pkts", uint(100 * r)))
                                      .addUpdate(leaf("in-octets", uint(10_000 * r)))
                                      .addUpdate(leaf("out-octets", uint(10_000 * r)))
                                      .addUpdate(leaf("in-discards", uint(0)))
                                      .addUpdate(leaf("out-discards", uint(r)))
                                      .addUpdate(leaf("in-errors", uint(0)))
                                      .addUpdate(leaf("out-errors", uint(0)))
                                      .build());
        }
        extras.values().forEach(n -> notifications.add(n.toBuilder().setTimestamp(time).build()));
        return notifications;
    }

    private final class Service extends gNMIGrpc.gNMIImplBase {
        @Override
        public void get(GetRequest request, StreamObserver<GetResponse> responses) {
            if (request.getPathCount() != 1 || !request.getPath(0).equals(CounterPaths.counters("*"))) {
                responses.onError(Status.NOT_FOUND.withDescription("only interface counters here").asException());
                return;
            }
            responses.onNext(GetResponse.newBuilder().addAllNotification(round()).build());
            responses.onCompleted();
        }

        @Override
        public StreamObserver<SubscribeRequest> subscribe(StreamObserver<SubscribeResponse> responses) {
            ServerCallStreamObserver<SubscribeResponse> call = (ServerCallStreamObserver<SubscribeResponse>) responses;
            return new StreamObserver<>() {
                @Override
                public void onNext(SubscribeRequest request) {
                    subscriptions.add(request);
                    Subscription s = request.getSubscribe().getSubscription(0);
                    if (s.getMode() != SubscriptionMode.SAMPLE || !s.getPath().equals(CounterPaths.counters("*"))) {
                        responses.onError(Status.INVALID_ARGUMENT.withDescription("SAMPLE counters only")
                                                  .asException());
                        return;
                    }
                    AtomicLong sent = new AtomicLong();
                    sampler.scheduleAtFixedRate(() -> {
                        if (call.isCancelled()) {
                            throw new IllegalStateException("stop sampling: client gone");
                        }
                        synchronized (call) {
                            round().forEach(n -> responses.onNext(SubscribeResponse.newBuilder().setUpdate(n).build()));
                            if (sent.incrementAndGet() == 1) {
                                responses.onNext(SubscribeResponse.newBuilder().setSyncResponse(true).build());
                            }
                        }
                    }, 0, SAMPLE_MILLIS, TimeUnit.MILLISECONDS);
                }

                @Override
                public void onError(Throwable t) {
                    // the client went away; the sampler notices the cancelled call
                }

                @Override
                public void onCompleted() {
                    responses.onCompleted();
                }
            };
        }
    }
}
