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
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One client's server-sent event stream: telemetry events as they are posted, history events
 * as they are recorded, and a heartbeat comment so that proxies keep the connection. ONOS 2.7's
 * Karaf has no Jersey SSE module, so frames are written by hand to a streaming response and
 * flushed one by one.
 *
 * <p>A client that went away is noticed by the first write that fails, and the stream ends and
 * frees its slot then. Jetty 9.4 (ONOS 2.7's pax-web) tells nothing else: a request that waits,
 * blocking or async, hears of the client's close only through I/O (its AsyncListener and
 * ReadListener get no call), so when nothing else is written for a probe interval the stream
 * writes an empty comment; a closed client fails the probe after next at the latest.
 *
 * <p>Each client has a {@link FrameQueue} of bounded bytes between the event threads and its
 * writer: a slow client loses frames, never memory, and is told how many with a {@code gap}
 * event ({"dropped": n}); a client that reads nothing blocks only its own writer, until the web
 * server's idle timeout fails the write.
 */
final class TelemetryEventStream implements StreamingOutput {

    /** How long a client waits before reconnecting after a break (SSE retry field). */
    static final long RETRY_MILLIS = 3_000;
    /** An SSE comment line and the blank line that ends it: clients ignore it. */
    static final byte[] PROBE = ":\n\n".getBytes(StandardCharsets.UTF_8);
    private static final int HISTORY_BATCH = 100;

    /** How often a stream writes, at the least: heartbeat, history polls, and probes. */
    static final class Timing {
        final Duration heartbeat;
        final Duration historyPoll;
        final Duration probe;

        Timing(Duration heartbeat, Duration historyPoll, Duration probe) {
            this.heartbeat = heartbeat;
            this.historyPoll = historyPoll;
            this.probe = probe;
        }
    }

    private final TelemetryService telemetry;
    private final HistoryService history;
    private final CodecContext context;
    private final Timing timing;
    private final Clock clock;
    private final Runnable onClose;
    private final FrameQueue frames;
    private final TelemetryListener listener = this::enqueue;
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * Creates a client's stream; it starts when the web server calls {@link #write}.
     *
     * @param telemetry  the telemetry events
     * @param history    the history events
     * @param context    codecs
     * @param timing     heartbeat, history poll and probe intervals
     * @param clock      for heartbeat times
     * @param queueBytes the most bytes queued for the client
     * @param onClose    runs once when the stream ends (frees its slot)
     */
    TelemetryEventStream(TelemetryService telemetry, HistoryService history, CodecContext context, Timing timing,
                         Clock clock, long queueBytes, Runnable onClose) {
        this.telemetry = telemetry;
        this.history = history;
        this.context = context;
        this.timing = timing;
        this.clock = clock;
        this.onClose = onClose;
        this.frames = new FrameQueue(queueBytes);
    }

    @Override
    public void write(OutputStream output) {
        HistoryFollower follower = new HistoryFollower(clock.instant());
        telemetry.addListener(listener);
        try {
            output.write(bytes("retry: " + RETRY_MILLIS + "\n: connected\n\n"));
            output.flush();
            long now = System.nanoTime();
            long nextHeartbeat = now + timing.heartbeat.toNanos();
            long nextHistory = now;
            long nextProbe = now + timing.probe.toNanos();
            while (!Thread.currentThread().isInterrupted()) {
                long wait = Math.max(0, Math.min(Math.min(nextHeartbeat, nextHistory), nextProbe) - System.nanoTime());
                byte[] frame = frames.poll(wait, TimeUnit.NANOSECONDS);
                boolean wrote = false;
                while (frame != null) {
                    output.write(frame);
                    wrote = true;
                    frame = frames.poll(0, TimeUnit.NANOSECONDS);
                }
                long missed = frames.takeGap();
                if (missed > 0) {
                    output.write(bytes(frame("gap", context.mapper().createObjectNode().put("dropped", missed))));
                    wrote = true;
                }
                if (System.nanoTime() >= nextHistory) {
                    for (HistoryEvent event : follower.newEvents()) {
                        output.write(bytes(frame("event", context.codec(HistoryEvent.class).encode(event, context))));
                        wrote = true;
                    }
                    nextHistory = System.nanoTime() + timing.historyPoll.toNanos();
                }
                if (System.nanoTime() >= nextHeartbeat) {
                    output.write(bytes(": heartbeat " + clock.instant() + droppedNote() + "\n\n"));
                    wrote = true;
                    nextHeartbeat = System.nanoTime() + timing.heartbeat.toNanos();
                }
                if (!wrote && System.nanoTime() >= nextProbe) {
                    output.write(PROBE);
                    wrote = true;
                }
                if (wrote) {
                    output.flush();
                    nextProbe = System.nanoTime() + timing.probe.toNanos();
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

    /** Stops listening and frees the stream's slot; safe to call more than once. */
    void close() {
        if (closed.compareAndSet(false, true)) {
            telemetry.removeListener(listener);
            onClose.run();
        }
    }

    /** Frames dropped for this client so far. */
    long dropped() {
        return frames.dropped();
    }

    /** Bytes queued for this client now. */
    long queuedBytes() {
        return frames.bytes();
    }

    private String droppedNote() {
        long dropped = frames.dropped();
        return dropped == 0 ? "" : " (" + dropped + " events dropped: client too slow)";
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
        frames.offer(bytes(frame));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
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
