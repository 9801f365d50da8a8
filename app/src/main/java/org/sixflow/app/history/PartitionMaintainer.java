// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import com.google.common.collect.ImmutableList;
import org.slf4j.Logger;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeSet;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Gives every time-partitioned table of schema sixflow a partition per UTC day, from the oldest
 * day still within the retention up to some days ahead, and drops what has aged out.
 *
 * <p>Each run, per table: rows of the default partition older than the retention are deleted;
 * day partitions whose whole day is older than the retention are dropped; partitions are created
 * for today and the days ahead, and for every other day within the retention that has rows in the
 * default partition (written while no partition existed, e.g. before an upgrade). PostgreSQL
 * refuses to create a partition for a day the default partition holds rows of, so a partition is
 * created in one transaction that detaches the default partition, creates the day's partition,
 * moves that day's rows into it and attaches the default partition again: readers and writers wait
 * for that transaction and never see the rows missing or twice.
 *
 * <p>Every change takes the parent table's lock first and then checks again, so the instances of
 * an ONOS cluster, which all run this against the same database, never create or drop twice.
 */
public final class PartitionMaintainer {

    /** How many days after today get their partition, so the default partition normally stays empty. */
    public static final int DAYS_AHEAD = 7;

    // Bounded waits for the parent's lock: a long query must not make every writer queue behind
    // this job. A run that times out tries again at the next one.
    private static final String LOCK_TIMEOUT = "SET LOCAL lock_timeout = '10s'";

    private final Logger log = getLogger(getClass());
    private final DataSource dataSource;
    private final Clock clock;
    private final int retentionDays;
    private final int daysAhead;

    /**
     * Creates a maintainer.
     *
     * @param dataSource    the history database, migrated
     * @param clock         what "today" and "older than the retention" are measured by
     * @param retentionDays how many days of history to keep, at least 1
     * @param daysAhead     how many days after today get their partition in advance
     */
    public PartitionMaintainer(DataSource dataSource, Clock clock, int retentionDays, int daysAhead) {
        checkArgument(retentionDays >= 1, "retentionDays must be at least 1, got %s", retentionDays);
        checkArgument(daysAhead >= 0, "daysAhead must not be negative, got %s", daysAhead);
        this.dataSource = checkNotNull(dataSource);
        this.clock = checkNotNull(clock);
        this.retentionDays = retentionDays;
        this.daysAhead = daysAhead;
    }

    /**
     * Creates and drops partitions as the clock and the retention say. A table that fails is
     * named in the report and the others are still maintained.
     *
     * @return what changed
     * @throws SQLException when the database or its catalog cannot be read at all
     */
    public PartitionReport maintain() throws SQLException {
        Instant now = clock.instant();
        Instant cutoff = now.minus(Duration.ofDays(retentionDays));
        LocalDate lastDay = LocalDate.ofInstant(now, ZoneOffset.UTC).plusDays(daysAhead);
        Run run = new Run();
        try (Connection connection = dataSource.getConnection()) {
            for (PartitionedTable table : PartitionedTable.find(connection, HistoryDatabase.SCHEMA)) {
                try {
                    maintain(connection, table, now, cutoff, lastDay, run);
                } catch (SQLException | IllegalStateException e) {
                    run.failures.add(table + ": " + e.getMessage());
                    log.warn("Cannot maintain the partitions of {}: {}", table, e.getMessage());
                }
                run.partitions += table.dayPartitions(connection).size();
            }
        }
        return new PartitionReport(run.created.build(), run.dropped.build(), run.rowsMoved, run.rowsExpired,
                                   run.partitions, run.failures.build());
    }

    private void maintain(Connection connection, PartitionedTable table, Instant now, Instant cutoff,
                          LocalDate lastDay, Run run) throws SQLException {
        if (table.defaultPartition().isPresent()) {
            long expired = deleteExpiredDefaultRows(connection, table, cutoff);
            if (expired > 0) {
                run.rowsExpired += expired;
                log.info("Deleted {} rows older than {} from {}", expired, cutoff, table.defaultPartition().get());
            }
        }
        SortedMap<LocalDate, String> existing = table.dayPartitions(connection);
        for (Map.Entry<LocalDate, String> partition : existing.entrySet()) {
            // Only a partition whose every instant is older than the retention goes.
            if (!start(partition.getKey().plusDays(1)).toInstant().isAfter(cutoff)
                    && drop(connection, table, partition.getValue())) {
                run.dropped.add(table.qualify(partition.getValue()));
                log.info("Dropped partition {} of {}: older than {} days", partition.getValue(), table,
                         retentionDays);
            }
        }
        SortedSet<LocalDate> wanted = new TreeSet<>();
        for (LocalDate day = LocalDate.ofInstant(now, ZoneOffset.UTC); !day.isAfter(lastDay); day = day.plusDays(1)) {
            wanted.add(day);
        }
        if (table.defaultPartition().isPresent()) {
            wanted.addAll(daysInDefault(connection, table, LocalDate.ofInstant(cutoff, ZoneOffset.UTC), lastDay));
        }
        for (LocalDate day : wanted) {
            if (!existing.containsKey(day)) {
                long moved = create(connection, table, day);
                if (moved >= 0) {
                    run.created.add(table.qualify(table.dayPartition(day)));
                    run.rowsMoved += moved;
                    log.info("Created partition {} of {}{}", table.dayPartition(day), table,
                             moved > 0 ? ", moved " + moved + " rows of that day into it from the default partition"
                                     : "");
                }
            }
        }
    }

    private static long deleteExpiredDefaultRows(Connection connection, PartitionedTable table, Instant cutoff)
            throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement(
                "DELETE FROM " + table.defaultPartition().orElseThrow() + " WHERE " + table.timeColumn() + " < ?")) {
            delete.setObject(1, OffsetDateTime.ofInstant(cutoff, ZoneOffset.UTC));
            return delete.executeLargeUpdate();
        }
    }

    // Days from first to last (inclusive) that have rows in the default partition.
    private static SortedSet<LocalDate> daysInDefault(Connection connection, PartitionedTable table,
                                                      LocalDate first, LocalDate last) throws SQLException {
        SortedSet<LocalDate> days = new TreeSet<>();
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT DISTINCT (" + table.timeColumn() + " AT TIME ZONE 'UTC')::date FROM "
                        + table.defaultPartition().orElseThrow() + " WHERE " + table.timeColumn() + " >= ? AND "
                        + table.timeColumn() + " < ?")) {
            select.setObject(1, start(first));
            select.setObject(2, start(last.plusDays(1)));
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    days.add(rows.getObject(1, LocalDate.class));
                }
            }
        }
        return days;
    }

    /**
     * Creates one day's partition, moving the day's rows out of the default partition.
     *
     * @return rows moved, or -1 if the partition was there once the lock was held
     */
    private static long create(Connection connection, PartitionedTable table, LocalDate day) throws SQLException {
        String partition = table.qualify(table.dayPartition(day));
        return Transactions.run(connection, statement -> {
            lockParent(statement, table);
            if (exists(connection, partition)) {
                return -1L;
            }
            String defaultPartition = table.defaultPartition().orElse(null);
            if (defaultPartition != null) {
                statement.execute("ALTER TABLE " + table.qualified() + " DETACH PARTITION " + defaultPartition);
            }
            statement.execute("CREATE TABLE " + partition + " PARTITION OF " + table.qualified()
                                      + " FOR VALUES FROM ('" + day + " 00:00:00+00') TO ('" + day.plusDays(1)
                                      + " 00:00:00+00')");
            if (defaultPartition == null) {
                return 0L;
            }
            String columns = table.columnList(connection);
            long moved;
            // OVERRIDING SYSTEM VALUE keeps the values of an identity column, should a table have one.
            try (PreparedStatement move = connection.prepareStatement(
                    "WITH moved AS (DELETE FROM " + defaultPartition + " WHERE " + table.timeColumn() + " >= ? AND "
                            + table.timeColumn() + " < ? RETURNING " + columns + ") INSERT INTO " + partition
                            + " (" + columns + ") OVERRIDING SYSTEM VALUE SELECT " + columns + " FROM moved")) {
                move.setObject(1, start(day));
                move.setObject(2, start(day.plusDays(1)));
                moved = move.executeLargeUpdate();
            }
            statement.execute("ALTER TABLE " + table.qualified() + " ATTACH PARTITION " + defaultPartition
                                      + " DEFAULT");
            return moved;
        });
    }

    /**
     * Drops one day partition.
     *
     * @return false if it was gone once the lock was held
     */
    private static boolean drop(Connection connection, PartitionedTable table, String name) throws SQLException {
        String partition = table.qualify(name);
        return Transactions.run(connection, statement -> {
            lockParent(statement, table);
            if (!exists(connection, partition)) {
                return false;
            }
            statement.execute("DROP TABLE " + partition);
            return true;
        });
    }

    // Writers and readers lock the parent before its partitions; so does this, so no deadlock.
    private static void lockParent(Statement statement, PartitionedTable table) throws SQLException {
        statement.execute(LOCK_TIMEOUT);
        statement.execute("LOCK TABLE " + table.qualified() + " IN ACCESS EXCLUSIVE MODE");
    }

    private static boolean exists(Connection connection, String qualifiedName) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
            select.setString(1, qualifiedName);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() && rows.getBoolean(1);
            }
        }
    }

    private static OffsetDateTime start(LocalDate day) {
        return day.atStartOfDay().atOffset(ZoneOffset.UTC);
    }

    // What a run has done so far.
    private static final class Run {
        final ImmutableList.Builder<String> created = ImmutableList.builder();
        final ImmutableList.Builder<String> dropped = ImmutableList.builder();
        final ImmutableList.Builder<String> failures = ImmutableList.builder();
        long rowsMoved;
        long rowsExpired;
        int partitions;
    }
}
