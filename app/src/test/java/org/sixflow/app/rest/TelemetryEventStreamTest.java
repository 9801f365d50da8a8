// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.After;
import org.junit.Test;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.CodecService;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.LatencyBatch;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.TelemetryEvent;
import org.sixflow.app.telemetry.TelemetryManagerFixture;
import org.sixflow.app.testing.RestTestSupport;
import org.sixflow.app.testing.TestHistoryService;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * One client's stream with a client that reads nothing, then catches up: its queue stays within
 * its bytes, what did not fit is counted and told as a gap, and a failed write ends the stream.
 */
public class TelemetryEventStreamTest {

    private static final int QUEUE_BYTES = 16 * 1024;
    private static final int EVENTS = 5_000;

    private final TelemetryManagerFixture telemetry = new TelemetryManagerFixture();
    private final CodecService codecs = RestTestSupport.codecService();
    private final ObjectMapper mapper = new ObjectMapper();
    private final CodecContext context = new CodecContext() {
        @Override
        public ObjectMapper mapper() {
            return mapper;
        }

        @Override
        public <T> JsonCodec<T> codec(Class<T> entityClass) {
            return codecs.getCodec(entityClass);
        }

        @Override
        public <T> T getService(Class<T> serviceClass) {
            throw new UnsupportedOperationException();
        }
    };
    private final AtomicInteger closes = new AtomicInteger();
    /** Heartbeat and history far off: only events, gaps and probes are written. */
    private final TelemetryEventStream stream = new TelemetryEventStream(
            telemetry.manager, new TestHistoryService(), context,
            new TelemetryEventStream.Timing(Duration.ofHours(1), Duration.ofHours(1), Duration.ofHours(1)),
            Clock.systemUTC(), QUEUE_BYTES, closes::incrementAndGet);
    private Thread writer;

    @After
    public void stopWriter() throws InterruptedException {
        if (writer != null) {
            writer.interrupt();
            writer.join();
        }
    }

    /**
     * A client's connection: takes the stream's greeting, then holds every write until released
     * (its receive window is full); after that it takes writes, or fails them if told to.
     */
    private static final class Client extends OutputStream {
        final ByteArrayOutputStream received = new ByteArrayOutputStream();
        final CountDownLatch greeted = new CountDownLatch(1);
        final CountDownLatch blocked = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        volatile boolean gone;

        @Override
        public void write(int b) throws IOException {
            write(new byte[]{(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (greeted.getCount() == 0) {
                blocked.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted");
                }
            }
            if (gone) {
                throw new IOException("Connection reset by peer");
            }
            synchronized (received) {
                received.write(b, off, len);
            }
        }

        @Override
        public void flush() {
            greeted.countDown();
        }

        String text() {
            synchronized (received) {
                return received.toString(StandardCharsets.UTF_8);
            }
        }
    }

    private Client start() throws InterruptedException {
        Client client = new Client();
        writer = new Thread(() -> stream.write(client), "event-stream-writer");
        writer.start();
        client.greeted.await();
        return client;
    }

    private void post(int count) {
        DeviceId device = DeviceId.deviceId("device:beijing");
        Instant now = Instant.now();
        for (int i = 0; i < count; i++) {
            telemetry.manager.post(TelemetryEvent.of(LatencyBatch.of(device, LatencyClass.IPV6, now, i + 1, 300.0)));
        }
    }

    @Test
    public void aClientThatReadsNothingCostsAtMostItsQueue() throws Exception {
        Client client = start();
        post(1);
        client.blocked.await();     // the writer holds one frame in a write that does not return
        post(EVENTS);
        assertTrue(stream.queuedBytes() + " bytes queued", stream.queuedBytes() <= QUEUE_BYTES);
        assertTrue("most events dropped", stream.dropped() > EVENTS / 2);

        client.gone = true;
        client.release.countDown();
        writer.join();
        writer = null;
        assertEquals("the slot is freed once", 1, closes.get());
        assertEquals(0, listeners());
    }

    @Test
    public void whatASlowClientMissedIsToldAsAGap() throws Exception {
        Client client = start();
        post(1);
        client.blocked.await();
        post(EVENTS);
        long dropped = stream.dropped();
        client.release.countDown();
        Pattern gap = Pattern.compile("event: gap\ndata: \\{\"dropped\":(\\d+)}\n\n");
        long deadline = System.currentTimeMillis() + 60_000;
        Matcher matcher = gap.matcher(client.text());
        while (!matcher.find()) {
            assertTrue("a gap event", System.currentTimeMillis() < deadline);
            Thread.sleep(10);
            matcher = gap.matcher(client.text());
        }
        assertEquals(dropped, Long.parseLong(matcher.group(1)));
        int delivered = client.text().split("event: latency\n", -1).length - 1;
        assertEquals("every event was delivered or counted", EVENTS + 1, delivered + dropped);
    }

    private int listeners() throws Exception {
        Object registry = org.onlab.junit.TestUtils.getField(telemetry.manager, "listenerRegistry");
        return ((java.util.Set<?>) org.onlab.junit.TestUtils.getField(registry, "listeners")).size();
    }
}
