// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import org.onosproject.codec.CodecContext;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.api.HistoryService;
import org.sixflow.app.api.LatencyBatch;
import org.sixflow.app.api.PortStatistics;
import org.sixflow.app.api.TableOccupancy;
import org.sixflow.app.api.TelemetryEvent;
import org.sixflow.app.api.TelemetryListener;
import org.sixflow.app.api.TelemetryService;

import javax.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One client's server-sent event stream: telemetry events as they are posted, history events
 * as they are recorded, and a heartbeat comment so that proxies keep the connection and a
 * client that went away is noticed. ONOS 2.7's Karaf has no Jersey SSE module, so frames are
 * written by hand to a streaming response and flushed one by one; the stream ends, and its
 * listener goes, when a write fails.
 */
final class TelemetryEventStream implements StreamingOutput {

    /** Frames waiting for a slow client; beyond this, new telemetry frames are dropped. */
    static final int QUEUE_CAPACITY = 1_024;
    /** How long a client waits before reconnecting after a break (SSE retry field). */
    static final long RETRY_MILLIS = 3_000;
    private static final int HISTORY_BATCH = 100;

    private final TelemetryService telemetry;
    private final HistoryService history;
    private final CodecContext context;
    private final Duration heartbeat;
    private final Duration historyPoll;
    private final Clock clock;
    private final Runnable onClose;
    private final BlockingQueue<String> frames = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
    private final TelemetryListener listener = this::enqueue;
    private final AtomicBoolean closed = new AtomicBoolean();
    private long dropped;

    TelemetryEventStream(TelemetryService telemetry, HistoryService history, CodecContext context,
                         Duration heartbeat, Duration historyPoll, Clock clock, Runnable onClose) {
        this.telemetry = telemetry;
        this.history = history;
        this.context = context;
        this.heartbeat = heartbeat;
        this.historyPoll = historyPoll;
        this.clock = clock;
        this.onClose = onClose;
    }

    @Override
    public void write(OutputStream output) {
        HistoryFollower follower = new HistoryFollower(clock.instant());
        telemetry.addListener(listener);
        try {
            Writer out = new OutputStreamWriter(output, StandardCharsets.UTF_8);
            out.write("retry: " + RETRY_MILLIS + "\n: connected\n\n");
            out.flush();
            long nextHeartbeat = System.nanoTime() + heartbeat.toNanos();
            long nextHistory = System.nanoTime();
            while (!Thread.currentThread().isInterrupted()) {
                long wait = Math.max(0, Math.min(nextHeartbeat, nextHistory) - System.nanoTime());
                String frame = frames.poll(wait, TimeUnit.NANOSECONDS);
                boolean wrote = false;
                while (frame != null) {
                    out.write(frame);
                    wrote = true;
                    frame = frames.poll();
                }
                if (System.nanoTime() >= nextHistory) {
                    for (HistoryEvent event : follower.newEvents()) {
                        out.write(frame("event", context.codec(HistoryEvent.class).encode(event, context)));
                        wrote = true;
                    }
                    nextHistory = System.nanoTime() + historyPoll.toNanos();
                }
                if (System.nanoTime() >= nextHeartbeat) {
                    out.write(": heartbeat " + clock.instant() + droppedNote() + "\n\n");
                    wrote = true;
                    nextHeartbeat = System.nanoTime() + heartbeat.toNanos();
                }
                if (wrote) {
                    out.flush();
                }
            }
        } catch (IOException clientGone) {
            // The client closed the connection: nothing to report, just stop.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            close();
        }
    }

    /** Stops listening; safe to call more than once. */
    void close() {
        if (closed.compareAndSet(false, true)) {
            telemetry.removeListener(listener);
            onClose.run();
        }
    }

    private String droppedNote() {
        synchronized (frames) {
            return dropped == 0 ? "" : " (" + dropped + " events dropped: client too slow)";
        }
    }

    private void enqueue(TelemetryEvent event) {
        String frame;
        switch (event.type()) {
            case LATENCY_BATCH:
                frame = frame("latency", context.codec(LatencyBatch.class)
                        .encode(event.subject(LatencyBatch.class), context));
                break;
            case PORT_COUNTERS:
                frame = frame("ports", context.codec(PortStatistics.class)
                        .encode(event.subject(PortStatistics.class), context));
                break;
            case TABLE_OCCUPANCY:
                frame = frame("occupancy", context.codec(TableOccupancy.class)
                        .encode(event.subject(TableOccupancy.class), context));
                break;
            default:
                return;
        }
        if (!frames.offer(frame)) {
            synchronized (frames) {
                dropped++;
            }
        }
    }

    private static String frame(String name, JsonNode data) {
        // Jackson writes JSON on one line, so one data field carries it.
        return "event: " + name + "\ndata: " + data.toString() + "\n\n";
    }

    /** Finds history events recorded since the last look, oldest first. */
    private final class HistoryFollower {
        private Instant last;
        private final Set<HistoryEvent> seenAtLast = new HashSet<>();

        HistoryFollower(Instant start) {
            last = start;
        }

        List<HistoryEvent> newEvents() {
            List<HistoryEvent> recent;
            try {
                recent = history.recentEvents(HISTORY_BATCH);
            } catch (RuntimeException historyUnavailable) {   // database down: try again next time
                return List.of();
            }
            List<HistoryEvent> fresh = new ArrayList<>();
            for (int i = recent.size() - 1; i >= 0; i--) {
                HistoryEvent e = recent.get(i);
                if (e.time().isAfter(last)) {
                    last = e.time();
                    seenAtLast.clear();
                }
                if (e.time().equals(last) && seenAtLast.add(e)) {
                    fresh.add(e);
                }
            }
            return fresh;
        }
    }
}
