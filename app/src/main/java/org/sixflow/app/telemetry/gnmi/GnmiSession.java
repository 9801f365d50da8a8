// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.gnmi;

import org.onosproject.net.DeviceId;
import org.sixflow.app.api.PortCounters;
import org.slf4j.Logger;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Keeps one device's counters coming: polls with Get at the interval, or holds a SAMPLE
 * subscription open; after a failure or a stream that ends, tries again with backoff. Readings
 * go to the sink; nothing a device sends or fails to send stops the session but {@link #stop()}.
 */
final class GnmiSession {

    /** How the counters are read. */
    enum Mode {
        /** A Get every interval. */
        POLL,
        /** One Subscribe stream, SAMPLE mode at the interval. */
        SUBSCRIBE
    }

    static final Duration MIN_DEADLINE = Duration.ofSeconds(5);

    private final Logger log = getLogger(getClass());
    private final DeviceId deviceId;
    private final GnmiCounterClient client;
    private final Mode mode;
    private final Duration interval;
    private final ScheduledExecutorService scheduler;
    private final Consumer<List<PortCounters>> sink;
    private final Backoff backoff;
    private ScheduledFuture<?> task;
    private ScheduledFuture<?> flushTask;
    private GnmiCounterClient.StreamHandle stream;
    private boolean stopped;
    private long failures;

    GnmiSession(DeviceId deviceId, GnmiCounterClient client, Mode mode, Duration interval,
                ScheduledExecutorService scheduler, Consumer<List<PortCounters>> sink, Backoff backoff) {
        this.deviceId = deviceId;
        this.client = client;
        this.mode = mode;
        this.interval = interval;
        this.scheduler = scheduler;
        this.sink = sink;
        this.backoff = backoff;
    }

    synchronized void start() {
        schedule(Duration.ZERO);
        if (mode == Mode.SUBSCRIBE) {
            long period = interval.toMillis();
            flushTask = scheduler.scheduleWithFixedDelay(this::flushIdle, period, period, TimeUnit.MILLISECONDS);
        }
    }

    synchronized void stop() {
        stopped = true;
        if (task != null) {
            task.cancel(false);
        }
        if (flushTask != null) {
            flushTask.cancel(false);
        }
        if (stream != null) {
            stream.cancel();
            stream = null;
        }
    }

    /** Failed attempts and ended streams since the session started. */
    synchronized long failures() {
        return failures;
    }

    private void schedule(Duration delay) {
        if (stopped) {
            return;
        }
        try {
            task = scheduler.schedule(mode == Mode.POLL ? this::poll : this::open, delay.toMillis(),
                                      TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException shuttingDown) {
            stopped = true;
        }
    }

    private void poll() {
        List<PortCounters> readings;
        try {
            readings = client.get(interval.compareTo(MIN_DEADLINE) > 0 ? interval : MIN_DEADLINE);
        } catch (RuntimeException e) {
            failed(e);
            return;
        }
        succeeded();
        deliver(readings);
        synchronized (this) {
            schedule(interval);
        }
    }

    private void open() {
        synchronized (this) {
            if (stopped) {
                return;
            }
            try {
                stream = client.subscribe(interval, new GnmiCounterClient.StreamListener() {
                    @Override
                    public void onReadings(List<PortCounters> readings) {
                        succeeded();
                        deliver(readings);
                    }

                    @Override
                    public void onEnd(Throwable error) {
                        failed(error != null ? error : new IllegalStateException("the device ended the stream"));
                    }
                });
            } catch (RuntimeException e) {
                failed(e);
            }
        }
    }

    private void flushIdle() {
        GnmiCounterClient.StreamHandle current;
        synchronized (this) {
            current = stream;
        }
        if (current != null) {
            current.flushIdle(interval.dividedBy(2));
        }
    }

    private void deliver(List<PortCounters> readings) {
        try {
            sink.accept(readings);
        } catch (RuntimeException e) {
            log.warn("Cannot take {}'s port counters: {}", deviceId, e.toString());
        }
    }

    private void succeeded() {
        if (!backoff.atStart()) {
            log.info("gNMI counters of {} flow again", deviceId);
        }
        backoff.reset();
    }

    private synchronized void failed(Throwable error) {
        failures++;
        stream = null;
        if (stopped) {
            return;
        }
        Duration wait = backoff.next();
        if (failures == 1 || wait.compareTo(Duration.ofSeconds(60)) < 0) {
            log.warn("gNMI counters of {} failed ({}); retrying in {} s", deviceId, error.toString(),
                     wait.toMillis() / 1000.0);
        }
        schedule(wait);
    }
}
