// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSortedSet;
import org.junit.After;
import org.junit.Before;
import org.junit.ClassRule;
import org.junit.Test;
import org.sixflow.app.config.DatabaseSettings;
import org.sixflow.app.testing.PostgresResource;
import org.sixflow.app.testing.SettableClock;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Day partitions and retention on a real PostgreSQL, each test in a database of its own migrated
 * by {@link HistoryDatabase}, with a clock the test sets.
 */
public class PartitionMaintainerTest {

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static final List<String> HISTORY_TABLES =
            ImmutableList.of("latency_aggregates", "latency_minutes", "latency_samples", "latency_seconds",
                             "port_counters", "quarantined_rows", "table_occupancy");
    private static final Instant MONDAY = Instant.parse("2026-11-23T10:00:00Z");

    private final SettableClock clock = new SettableClock(MONDAY);
    private DatabaseSettings settings;
    private HistoryDatabase db;
    private Connection sql;

    @Before
    public void setUp() throws SQLException {
        // A database per test: each starts with the migrations' DEFAULT partitions only.
        String name = "partitions_" + DATABASES.incrementAndGet();
        try (Connection admin = DriverManager.getConnection(POSTGRES.server().jdbcUrl(), "postgres", "");
             Statement create = admin.createStatement()) {
            create.execute("CREATE DATABASE " + name);
        }
        settings = new DatabaseSettings("jdbc:postgresql://127.0.0.1:" + POSTGRES.server().port() + "/" + name,
                                        "postgres", "");
        db = HistoryDatabase.open(settings);
        sql = db.dataSource().getConnection();
    }

    @After
    public void tearDown() throws SQLException {
        sql.close();
        db.close();
    }

    private PartitionReport maintain(int retentionDays) throws SQLException {
        return new PartitionMaintainer(db.dataSource(), clock, retentionDays, 7).maintain();
    }

    @Test
    public void createsTodayAndTheNextSevenDaysForEveryPartitionedTable() throws Exception {
        List<String> tables = partitionedTables();
        assertTrue(tables.toString(), tables.containsAll(HISTORY_TABLES));

        PartitionReport report = maintain(30);

        for (String table : tables) {
            SortedSet<String> expected = new TreeSet<>();
            expected.add(table + "_default");
            for (int day = 23; day <= 30; day++) {
                expected.add(table + "_p202611" + day);
            }
            assertEquals(table, expected, partitions(table));
        }
        assertEquals(8 * tables.size(), report.created().size());
        assertTrue(report.created().contains("\"sixflow\".\"latency_samples_p20261123\""));
        assertEquals(8 * tables.size(), report.partitions());
        assertEquals(List.of(), report.dropped());
        assertEquals(List.of(), report.failures());
    }

    @Test
    public void dayBoundsAreUtcMidnights() throws Exception {
        maintain(30);
        assertEquals("sixflow.latency_samples_p20261123", partitionOf("2026-11-23T00:00:00Z"));
        assertEquals("sixflow.latency_samples_p20261123", partitionOf("2026-11-23T23:59:59.999999Z"));
        assertEquals("sixflow.latency_samples_p20261124", partitionOf("2026-11-24T00:00:00Z"));
        // Midnight in Beijing is still the previous UTC day.
        assertEquals("sixflow.latency_samples_p20261123", partitionOf("2026-11-24T00:30:00+08:00"));
        assertEquals("sixflow.latency_samples_p20261130", partitionOf("2026-11-30T23:59:59Z"));
        assertEquals("sixflow.latency_samples_default", partitionOf("2026-12-01T00:00:00Z"));
    }

    @Test
    public void rowsInTheDefaultPartitionMoveIntoTheirNewDayPartitionNoneLost() throws Exception {
        // Written before any day partition existed, as after upgrading a database that had only DEFAULT.
        Instant cutoff = MONDAY.minus(Duration.ofDays(30));    // 2026-10-24T10:00Z
        sample("2026-11-23T00:00:00Z", 1, 111L);
        sample("2026-11-23T09:59:59.123456Z", 2, null);
        sample("2026-11-23T23:59:59.999999Z", 3, 333L);
        sample("2026-11-20T12:00:00Z", 4, 444L);           // a past day within the retention
        sample("2026-11-20T13:00:00Z", 5, null);
        sample(cutoff.toString(), 6, 666L);                 // exactly as old as the retention: kept
        sample(cutoff.minusNanos(1000).toString(), 7, 777L);    // older: deleted
        sample("2026-09-01T00:00:00Z", 8, 888L);           // much older: deleted
        sample("2026-12-25T08:00:00Z", 9, 999L);           // beyond the days ahead: stays in DEFAULT
        portCounters("2026-11-23T08:00:00Z");
        List<String> samplesBefore = rows("latency_samples", "sequence");
        List<String> countersBefore = rows("port_counters", "sampled_at");
        assertEquals(9, samplesBefore.size());

        PartitionReport report = maintain(30);

        List<String> kept = new ArrayList<>(samplesBefore);
        kept.removeIf(row -> row.contains("\"sequence\":7,") || row.contains("\"sequence\":8,"));
        assertEquals("every row but the two expired ones, unchanged", kept, rows("latency_samples", "sequence"));
        assertEquals(countersBefore, rows("port_counters", "sampled_at"));
        assertEquals(List.of(1L, 2L, 3L), sequencesIn("latency_samples_p20261123"));
        assertEquals(List.of(4L, 5L), sequencesIn("latency_samples_p20261120"));
        assertEquals(List.of(6L), sequencesIn("latency_samples_p20261024"));
        assertEquals(List.of(9L), sequencesIn("latency_samples_default"));
        assertEquals(1, count("port_counters_p20261123"));
        assertEquals(0, count("port_counters_default"));
        assertEquals(6 + 1, report.rowsMoved());
        assertEquals(2, report.rowsExpired());
        assertTrue(report.created().contains("\"sixflow\".\"latency_samples_p20261120\""));
        assertFalse("no partition for a day with no rows", partitions("latency_samples").contains(
                "latency_samples_p20261121"));
        // The default partition is attached again, as the default.
        assertEquals("sixflow.latency_samples_default", partitionOf("2027-06-01T00:00:00Z"));
    }

    @Test
    public void dropsPartitionsWhoseWholeDayIsOlderThanTheRetentionAndKeepsTheRest() throws Exception {
        clock.set(Instant.parse("2026-11-01T00:30:00Z"));
        maintain(30);
        sample("2026-11-04T23:00:00Z", 1, null);
        sample("2026-11-05T01:00:00Z", 2, null);

        // Cutoff 2026-11-05T12:00Z: days up to Nov 4 are wholly older; Nov 5 is not yet.
        clock.set(Instant.parse("2026-12-05T12:00:00Z"));
        PartitionReport report = maintain(30);

        for (String table : HISTORY_TABLES) {
            SortedSet<String> left = partitions(table);
            for (int day = 1; day <= 4; day++) {
                assertFalse(table + " day " + day, left.contains(table + "_p2026110" + day));
                assertTrue(report.dropped().contains("\"sixflow\".\"" + table + "_p2026110" + day + "\""));
            }
            for (int day = 5; day <= 8; day++) {
                assertTrue(table + " day " + day, left.contains(table + "_p2026110" + day));
            }
            assertTrue(left.contains(table + "_p20261205"));
            assertTrue(left.contains(table + "_p20261212"));
        }
        assertEquals(4 * HISTORY_TABLES.size(), report.dropped().size());
        assertEquals(List.of(2L), sequencesIn("latency_samples"));
        assertEquals(List.of(), report.failures());
    }

    @Test
    public void secondRunChangesNothing() throws Exception {
        sample("2026-11-22T12:00:00Z", 1, null);
        PartitionReport first = maintain(30);
        assertTrue(first.changedAnything());
        List<String> tablesAfterFirst = allPartitions();
        List<String> rowsAfterFirst = rows("latency_samples", "sequence");

        PartitionReport second = maintain(30);

        assertFalse(second.toString(), second.changedAnything());
        assertEquals(first.partitions(), second.partitions());
        assertEquals(tablesAfterFirst, allPartitions());
        assertEquals(rowsAfterFirst, rows("latency_samples", "sequence"));
    }

    @Test
    public void aPartitionedTableAddedByALaterMigrationIsMaintainedToo() throws Exception {
        try (Statement ddl = sql.createStatement()) {
            // Without a DEFAULT partition, and one partitioned by something else that is not ours to touch.
            ddl.execute("CREATE TABLE sixflow.probe_readings (read_at timestamptz NOT NULL, value integer) "
                                + "PARTITION BY RANGE (read_at)");
            ddl.execute("CREATE TABLE sixflow.probe_labels (kind text NOT NULL) PARTITION BY LIST (kind)");
        }
        maintain(30);
        assertTrue(partitions("probe_readings").contains("probe_readings_p20261123"));
        assertEquals(8, partitions("probe_readings").size());
        assertEquals(ImmutableSortedSet.of(), partitions("probe_labels"));
    }

    @Test
    public void partitionsNamedOtherwiseAreLeftAlone() throws Exception {
        try (Statement ddl = sql.createStatement()) {
            ddl.execute("CREATE TABLE sixflow.latency_samples_archive_2020 PARTITION OF sixflow.latency_samples "
                                + "FOR VALUES FROM ('2020-01-01 00:00:00+00') TO ('2020-02-01 00:00:00+00')");
        }
        PartitionReport report = maintain(30);
        assertTrue(partitions("latency_samples").contains("latency_samples_archive_2020"));
        assertEquals(List.of(), report.dropped());
    }

    @Test
    public void twoInstancesAtOnceCreateEveryPartitionOnce() throws Exception {
        sample("2026-11-21T12:00:00Z", 1, null);
        try (HistoryDatabase other = HistoryDatabase.open(settings)) {
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService threads = Executors.newFixedThreadPool(2);
            try {
                List<Future<PartitionReport>> runs = new ArrayList<>();
                for (HistoryDatabase instance : List.of(db, other)) {
                    Callable<PartitionReport> run = () -> {
                        start.await();
                        return new PartitionMaintainer(instance.dataSource(), clock, 30, 7).maintain();
                    };
                    runs.add(threads.submit(run));
                }
                start.countDown();
                PartitionReport a = runs.get(0).get(60, TimeUnit.SECONDS);
                PartitionReport b = runs.get(1).get(60, TimeUnit.SECONDS);
                assertEquals(a.failures() + " " + b.failures(), List.of(), ImmutableList.builder()
                        .addAll(a.failures()).addAll(b.failures()).build());
                List<String> created = new ArrayList<>(a.created());
                created.addAll(b.created());
                assertEquals("no partition created twice", created.size(),
                             ImmutableSortedSet.copyOf(created).size());
                // Eight days for every table, and Nov 21 for the sample waiting in DEFAULT.
                assertEquals(8 * partitionedTables().size() + 1, created.size());
                assertEquals(1, a.rowsMoved() + b.rowsMoved());
            } finally {
                threads.shutdownNow();
            }
        }
        assertEquals(List.of(1L), sequencesIn("latency_samples_p20261121"));
    }

    private void sample(String time, long sequence, Long ingressTimestamp) throws SQLException {
        try (PreparedStatement insert = sql.prepareStatement(
                "INSERT INTO sixflow.latency_samples (sampled_at, device_id, lat_class, replica, ingress_port, "
                        + "egress_port, sequence, delta_ns, ingress_ts_ns) VALUES (?, 'device:beijing', 3, 1, 1, 2, "
                        + "?, 12345, ?)")) {
            insert.setObject(1, OffsetDateTime.parse(time));
            insert.setLong(2, sequence);
            insert.setObject(3, ingressTimestamp);
            insert.executeUpdate();
        }
    }

    private void portCounters(String time) throws SQLException {
        try (PreparedStatement insert = sql.prepareStatement(
                "INSERT INTO sixflow.port_counters (sampled_at, device_id, port_name, in_packets, out_packets) "
                        + "VALUES (?, 'device:wuhan', '1', 10, NULL)")) {
            insert.setObject(1, OffsetDateTime.parse(time));
            insert.executeUpdate();
        }
    }

    // Every column of every row, as JSON text, so a moved row must come back identical.
    private List<String> rows(String table, String orderBy) throws SQLException {
        return strings("SELECT row_to_json(t)::text FROM sixflow." + table + " t ORDER BY " + orderBy);
    }

    private List<Long> sequencesIn(String relation) throws SQLException {
        List<Long> sequences = new ArrayList<>();
        try (Statement select = sql.createStatement();
             ResultSet rows = select.executeQuery("SELECT sequence FROM sixflow." + relation + " ORDER BY 1")) {
            while (rows.next()) {
                sequences.add(rows.getLong(1));
            }
        }
        return sequences;
    }

    private long count(String relation) throws SQLException {
        try (Statement select = sql.createStatement();
             ResultSet rows = select.executeQuery("SELECT count(*) FROM sixflow." + relation)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    // Where PostgreSQL routes a row of that time, found by inserting one and rolling back.
    private String partitionOf(String time) throws SQLException {
        sql.setAutoCommit(false);
        try (PreparedStatement insert = sql.prepareStatement(
                "INSERT INTO sixflow.latency_samples (sampled_at, device_id, lat_class, ingress_port, egress_port, "
                        + "sequence, delta_ns) VALUES (?, 'd', 1, 1, 1, 1, 1) RETURNING tableoid::regclass::text")) {
            insert.setObject(1, OffsetDateTime.parse(time).withOffsetSameInstant(ZoneOffset.UTC));
            try (ResultSet rows = insert.executeQuery()) {
                rows.next();
                return rows.getString(1);
            }
        } finally {
            sql.rollback();
            sql.setAutoCommit(true);
        }
    }

    private List<String> partitionedTables() throws SQLException {
        return strings("SELECT c.relname FROM pg_partitioned_table p JOIN pg_class c ON c.oid = p.partrelid "
                               + "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'sixflow' "
                               + "AND p.partstrat = 'r' ORDER BY 1");
    }

    private SortedSet<String> partitions(String table) throws SQLException {
        return ImmutableSortedSet.copyOf(strings(
                "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
                        + "WHERE i.inhparent = 'sixflow." + table + "'::regclass"));
    }

    private List<String> allPartitions() throws SQLException {
        return strings("SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
                               + "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'sixflow' ORDER BY 1");
    }

    private List<String> strings(String query) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Statement select = sql.createStatement(); ResultSet rows = select.executeQuery(query)) {
            while (rows.next()) {
                values.add(rows.getString(1));
            }
        }
        return values;
    }
}
