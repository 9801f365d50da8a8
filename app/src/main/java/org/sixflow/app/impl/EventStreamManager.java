// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.onosproject.cfg.ComponentConfigService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.EventStreamService;
import org.sixflow.app.config.ComponentProperties;
import org.slf4j.Logger;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.sixflow.app.impl.OsgiPropertyConstants.EVENT_STREAM_QUEUE_KB;
import static org.sixflow.app.impl.OsgiPropertyConstants.EVENT_STREAM_QUEUE_KB_DEFAULT;
import static org.sixflow.app.impl.OsgiPropertyConstants.MAX_EVENT_STREAMS;
import static org.sixflow.app.impl.OsgiPropertyConstants.MAX_EVENT_STREAMS_DEFAULT;
import static org.sixflow.app.impl.OsgiPropertyConstants.MAX_EVENT_STREAMS_PER_CLIENT;
import static org.sixflow.app.impl.OsgiPropertyConstants.MAX_EVENT_STREAMS_PER_CLIENT_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Counts the open event streams of this instance against maxEventStreams, and each client's
 * (by remote address) against maxEventStreamsPerClient, and gives each stream's queue
 * eventStreamQueueKb. All are component properties: {@code cfg set
 * org.sixflow.app.impl.EventStreamManager maxEventStreams 64}.
 */
@Component(immediate = true, service = EventStreamService.class, property = {
        MAX_EVENT_STREAMS + ":Integer=" + MAX_EVENT_STREAMS_DEFAULT,
        MAX_EVENT_STREAMS_PER_CLIENT + ":Integer=" + MAX_EVENT_STREAMS_PER_CLIENT_DEFAULT,
        EVENT_STREAM_QUEUE_KB + ":Integer=" + EVENT_STREAM_QUEUE_KB_DEFAULT,
})
public class EventStreamManager implements EventStreamService {

    static final int MAX_STREAMS_LIMIT = 10_000;
    static final int MIN_QUEUE_KB = 16;
    static final int MAX_QUEUE_KB = 65_536;

    private final Logger log = getLogger(getClass());
    private final AtomicInteger open = new AtomicInteger();
    /** Open streams by client; a client without any has no entry. */
    private final ConcurrentMap<String, Integer> byClient = new ConcurrentHashMap<>();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;

    private volatile int maxEventStreams = MAX_EVENT_STREAMS_DEFAULT;
    private volatile int maxEventStreamsPerClient = MAX_EVENT_STREAMS_PER_CLIENT_DEFAULT;
    private volatile int eventStreamQueueKb = EVENT_STREAM_QUEUE_KB_DEFAULT;

    @Activate
    protected void activate(ComponentContext context) {
        componentConfigService.registerProperties(getClass());
        readProperties(context);
        log.info("Started (at most {} event streams, {} per client, {} KB queued each)", maxEventStreams,
                 maxEventStreamsPerClient, eventStreamQueueKb);
    }

    @Modified
    protected void modified(ComponentContext context) {
        readProperties(context);
        log.info("Reconfigured: at most {} event streams, {} per client, {} KB queued each", maxEventStreams,
                 maxEventStreamsPerClient, eventStreamQueueKb);
    }

    @Deactivate
    protected void deactivate() {
        componentConfigService.unregisterProperties(getClass(), false);
        log.info("Stopped");
    }

    private void readProperties(ComponentContext context) {
        maxEventStreams = ComponentProperties.integer(context, MAX_EVENT_STREAMS, maxEventStreams, 1,
                                                      MAX_STREAMS_LIMIT, "streams", log);
        maxEventStreamsPerClient = ComponentProperties.integer(context, MAX_EVENT_STREAMS_PER_CLIENT,
                                                               maxEventStreamsPerClient, 1, MAX_STREAMS_LIMIT,
                                                               "streams", log);
        eventStreamQueueKb = ComponentProperties.integer(context, EVENT_STREAM_QUEUE_KB, eventStreamQueueKb,
                                                         MIN_QUEUE_KB, MAX_QUEUE_KB, "KB", log);
    }

    @Override
    public Optional<Slot> open(String client) {
        if (client != null && !takeClientSlot(client)) {
            return Optional.empty();
        }
        while (true) {
            int now = open.get();
            if (now >= maxEventStreams) {
                releaseClientSlot(client);
                return Optional.empty();
            }
            if (open.compareAndSet(now, now + 1)) {
                AtomicBoolean closed = new AtomicBoolean();
                return Optional.of(() -> {
                    if (closed.compareAndSet(false, true)) {
                        open.decrementAndGet();
                        releaseClientSlot(client);
                    }
                });
            }
        }
    }

    private boolean takeClientSlot(String client) {
        AtomicBoolean taken = new AtomicBoolean();
        byClient.compute(client, (key, held) -> {
            int now = held == null ? 0 : held;
            if (now >= maxEventStreamsPerClient) {
                return held;
            }
            taken.set(true);
            return now + 1;
        });
        return taken.get();
    }

    private void releaseClientSlot(String client) {
        if (client != null) {
            byClient.computeIfPresent(client, (key, held) -> held <= 1 ? null : held - 1);
        }
    }

    @Override
    public int clientLimit() {
        return maxEventStreamsPerClient;
    }

    @Override
    public int openStreams(String client) {
        return byClient.getOrDefault(client, 0);
    }

    @Override
    public int limit() {
        return maxEventStreams;
    }

    @Override
    public int openStreams() {
        return open.get();
    }

    @Override
    public int queueBytes() {
        return eventStreamQueueKb * 1024;
    }
}
