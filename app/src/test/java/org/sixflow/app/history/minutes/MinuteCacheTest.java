// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history.minutes;

import org.junit.AfterClass;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.history.SampleWriter;
import org.sixflow.app.testing.PostgresResource;
import org.sixflow.app.testing.TelemetryFixture;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

/**
 * The minutes and samples kept in memory, on a real PostgreSQL: kept ones are used while their
 * rows are the versions that were read, and read again as soon as a batch of samples or the
 * retention changes them.
 */
public class MinuteCacheTest {

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

    private static final String DEVICE = "device:leaf1";
    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");
    private static final int IPV6 = LatencyClass.IPV6.code();
    private static final int APN6 = LatencyClass.APN6_INSERT.code();
    private static HistoryDatabase db;

    private MinuteCache cache;
    private SampleWriter writer;

    @BeforeClass
    public static void open() {
        db = HistoryDatabase.open(POSTGRES.server().settings());
    }

    @AfterClass
    public static void close() {
        db.close();
    }

    @Before
    public void setUp() throws SQLException {
        TelemetryFixture.clear(db);
        cache = new MinuteCache();
        writer = new SampleWriter(db, 10_000);
        // Three minutes of two classes, one sample a second; apn6 with two replicas.
        for (int second = 0; second < 180; second++) {
            write(T0.plusSeconds(second), IPV6, 0, second, 1_000 + second);
            write(T0.plusSeconds(second), APN6, 0, second, 2_000 + second);
            write(T0.plusSeconds(second).plusMillis(1), APN6, 1, second, 3_000 + second);
        }
        flush();
    }

    private void write(Instant t, int latencyClass, int replica, long sequence, long delta) {
        writer.offer(LatencySample.of(t, DEVICE, latencyClass, replica, 1, 2, sequence, delta)
                             .withIngressTimestamp(t.toEpochMilli() * 1_000_000L + replica));
    }

    private void flush() throws SQLException {
        while (writer.flush(1_000) > 0) {
            // every batch
        }
    }

    private List<LatencyMinute> minutes(Instant from, Instant to) throws SQLException {
        try (Connection c = db.dataSource().getConnection()) {
            return cache.minutes(c, cache.versions(c, DEVICE, List.of(IPV6, APN6), from, to), from, to);
        }
    }

    private Optional<MinuteSamples> samples(int latencyClass, Instant minute) throws SQLException {
        try (Connection c = db.dataSource().getConnection()) {
            return cache.samples(c, cache.versions(c, DEVICE, List.of(latencyClass), minute, minute.plusSeconds(60)),
                                 latencyClass, minute);
        }
    }

    private static Map<LatencyMinute.Key, Long> packets(List<LatencyMinute> minutes) {
        return minutes.stream().collect(Collectors.toMap(LatencyMinute::key, LatencyMinute::packets, Long::sum,
                                                         TreeMap::new));
    }

    @Test
    public void keptMinutesAreUsedUntilABatchChangesTheirRows() throws SQLException {
        List<LatencyMinute> first = minutes(T0, T0.plusSeconds(180));
        assertEquals("3 minutes of ipv6 and of two apn6 replicas", 9, first.size());
        assertEquals(9, cache.rowsRead());
        assertTrue(first.stream().allMatch(m -> m.packets() == 60));

        List<LatencyMinute> again = minutes(T0, T0.plusSeconds(180));
        assertEquals("nothing read again", 9, cache.rowsRead());
        assertEquals(packets(first), packets(again));

        // One more ipv6 sample in the second minute: that minute's rows (every class) are read again.
        write(T0.plusSeconds(90).plusMillis(500), IPV6, 0, 1_000, 5_000);
        flush();
        List<LatencyMinute> changed = minutes(T0, T0.plusSeconds(180));
        assertEquals(9 + 3, cache.rowsRead());
        assertEquals(61L, (long) packets(changed).get(new LatencyMinute.Key(T0.plusSeconds(60), DEVICE, IPV6, 0)));
        assertEquals(9, changed.size());
    }

    @Test
    public void aMinuteTheRetentionDroppedIsGone() throws SQLException {
        assertEquals(9, minutes(T0, T0.plusSeconds(180)).size());
        assertTrue(samples(IPV6, T0).isPresent());
        TelemetryFixture.clear(db);
        assertTrue(minutes(T0, T0.plusSeconds(180)).isEmpty());
        assertFalse(samples(IPV6, T0).isPresent());
    }

    @Test
    public void keptSamplesAreUsedUntilABatchAddsToTheirMinute() throws SQLException {
        MinuteSamples first = samples(APN6, T0.plusSeconds(60)).orElseThrow();
        assertEquals(120, first.size());
        assertSame(first, samples(APN6, T0.plusSeconds(60)).orElseThrow());
        assertEquals(1, cache.minutesOfSamplesRead());
        // Another class's batch leaves apn6's minute as it was.
        write(T0.plusSeconds(61), IPV6, 0, 2_000, 7_000);
        flush();
        assertSame(first, samples(APN6, T0.plusSeconds(60)).orElseThrow());
        write(T0.plusSeconds(61), APN6, 1, 2_000, 7_000);
        flush();
        MinuteSamples changed = samples(APN6, T0.plusSeconds(60)).orElseThrow();
        assertEquals(121, changed.size());
        assertEquals(2, cache.minutesOfSamplesRead());
    }

    @Test
    public void partsOfAMinuteAreCutToTheMicrosecondAsPostgresqlCutsThem() throws SQLException {
        MinuteSamples minute = samples(IPV6, T0).orElseThrow();
        Instant at = T0.plusSeconds(10);     // a sample is stored at exactly this instant
        assertEquals(1, count(minute, at, at.plusNanos(1)));
        assertEquals(0, count(minute, at.plusNanos(1), at.plusSeconds(1)));
        assertEquals(0, count(minute, at.minusMillis(500), at));
        assertEquals(1, count(minute, at.minusMillis(500), at.plusNanos(1)));
        assertEquals(60, count(minute, T0, T0.plusSeconds(60)));
        assertEquals(0, count(minute, at, at));
        // The same cut for the totals a series bins: seconds 10..19 of ipv6 (1,010..1,019 ns).
        MinuteSamples.Totals t = minute.totals(at, at.plusSeconds(10));
        assertEquals(10, t.count);
        assertEquals(10_145, t.sum.longValueExact());
        assertEquals(1_010, t.min);
        assertEquals(1_019, t.max);
        assertEquals(0, minute.totals(at.plusNanos(1), at.plusSeconds(1)).count);
    }

    private static long count(MinuteSamples minute, Instant from, Instant to) {
        LatencyMinutes.Builder builder = new LatencyMinutes.Builder();
        minute.addTo(builder, DEVICE, IPV6, T0, from, to);
        return builder.build().values().stream().mapToLong(LatencyMinute::packets).sum();
    }
}
