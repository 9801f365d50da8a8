// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.gnmi;

import com.google.common.collect.ImmutableList;
import io.grpc.Channel;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.PortCounters;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.Encoding;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.GetRequest;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.GetResponse;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.Notification;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.SubscribeRequest;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.SubscribeResponse;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.Subscription;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.SubscriptionList;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.SubscriptionMode;
import org.sixflow.app.telemetry.gnmi.proto.gNMIGrpc;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Reads one device's OpenConfig interface counters over gNMI, by Get (polling) or by a
 * Subscribe stream in SAMPLE mode.
 */
final class GnmiCounterClient {

    private final DeviceId deviceId;
    private final Channel channel;
    private final Clock clock;

    GnmiCounterClient(DeviceId deviceId, Channel channel, Clock clock) {
        this.deviceId = deviceId;
        this.channel = channel;
        this.clock = clock;
    }

    /**
     * Reads every interface's counters once.
     *
     * @param deadline how long the device may take
     * @return one reading per interface
     * @throws io.grpc.StatusRuntimeException when the call fails
     */
    List<PortCounters> get(Duration deadline) {
        GetResponse response = gNMIGrpc.newBlockingStub(channel)
                .withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS)
                .get(GetRequest.newBuilder()
                             .addPath(CounterPaths.counters("*"))
                             .setType(GetRequest.DataType.STATE)
                             .setEncoding(Encoding.PROTO)
                             .build());
        CounterAssembler assembler = new CounterAssembler(deviceId, clock::instant);
        ImmutableList.Builder<PortCounters> readings = ImmutableList.builder();
        for (Notification notification : response.getNotificationList()) {
            readings.addAll(assembler.add(notification));
        }
        return readings.addAll(assembler.drain()).build();
    }

    /**
     * Subscribes to every interface's counters, sampled by the device.
     *
     * @param sampleInterval how often the device samples
     * @param listener       hears readings and the end of the stream (on gRPC threads)
     * @return the subscription, to cancel
     */
    StreamHandle subscribe(Duration sampleInterval, StreamListener listener) {
        CounterAssembler assembler = new CounterAssembler(deviceId, clock::instant);
        SubscribeRequest request = SubscribeRequest.newBuilder()
                .setSubscribe(SubscriptionList.newBuilder()
                                      .setMode(SubscriptionList.Mode.STREAM)
                                      .setEncoding(Encoding.PROTO)
                                      .addSubscription(Subscription.newBuilder()
                                                               .setPath(CounterPaths.counters("*"))
                                                               .setMode(SubscriptionMode.SAMPLE)
                                                               .setSampleInterval(sampleInterval.toNanos())))
                .build();
        ResponseObserver observer = new ResponseObserver(assembler, listener);
        gNMIGrpc.newStub(channel).subscribe(observer).onNext(request);
        return observer;
    }

    /** Hears a subscription. */
    interface StreamListener {
        /**
         * Readings arrived (at least one).
         *
         * @param readings one per interface
         */
        void onReadings(List<PortCounters> readings);

        /**
         * The stream ended; it will not be reopened by the client.
         *
         * @param error why, or null if the device completed it
         */
        void onEnd(Throwable error);
    }

    /** A running subscription. */
    interface StreamHandle {
        /** Ends the subscription; the listener hears no more. */
        void cancel();

        /**
         * Completes readings that got no update for a while.
         *
         * @param idle how long without an update
         */
        void flushIdle(Duration idle);
    }

    private static final class ResponseObserver
            implements ClientResponseObserver<SubscribeRequest, SubscribeResponse>, StreamHandle {
        private final CounterAssembler assembler;
        private final StreamListener listener;
        private volatile ClientCallStreamObserver<SubscribeRequest> call;
        private volatile boolean cancelled;

        ResponseObserver(CounterAssembler assembler, StreamListener listener) {
            this.assembler = assembler;
            this.listener = listener;
        }

        @Override
        public void beforeStart(ClientCallStreamObserver<SubscribeRequest> requestStream) {
            call = requestStream;
        }

        @Override
        public void onNext(SubscribeResponse response) {
            List<PortCounters> readings;
            if (response.hasUpdate()) {
                readings = assembler.add(response.getUpdate());
            } else if (response.getSyncResponse()) {
                readings = assembler.drain();
            } else {
                return;
            }
            if (!readings.isEmpty() && !cancelled) {
                listener.onReadings(readings);
            }
        }

        @Override
        public void onError(Throwable t) {
            if (!cancelled) {
                listener.onEnd(t);
            }
        }

        @Override
        public void onCompleted() {
            if (!cancelled) {
                List<PortCounters> last = assembler.drain();
                if (!last.isEmpty()) {
                    listener.onReadings(last);
                }
                listener.onEnd(null);
            }
        }

        @Override
        public void cancel() {
            cancelled = true;
            ClientCallStreamObserver<SubscribeRequest> c = call;
            if (c != null) {
                c.cancel("subscription cancelled by Sixflow", null);
            }
        }

        @Override
        public void flushIdle(Duration idle) {
            List<PortCounters> readings = assembler.drainIdle(idle);
            if (!readings.isEmpty() && !cancelled) {
                listener.onReadings(readings);
            }
        }
    }
}
