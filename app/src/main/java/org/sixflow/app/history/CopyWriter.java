// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import com.google.common.collect.ImmutableList;
import com.zaxxer.hikari.HikariDataSource;
import org.postgresql.PGConnection;
import org.slf4j.Logger;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Buffers rows and writes them to PostgreSQL in batches with COPY (text format). While the
 * database is away, rows wait in the buffer, in order, and are written when it returns; only
 * when the buffer is full is a new row dropped, and every drop is counted. Rows leave the buffer
 * only once PostgreSQL has them, or once they are in its quarantine: a batch PostgreSQL refuses
 * for what it holds ({@link Quarantine#refuses}) is split until the refused rows are found; those
 * go to sixflow.quarantined_rows and are counted, the others are written. {@link #drain} waits
 * longer after each failure to reach the database (1 s doubling to 30 s), and starts over after a
 * write. One thread flushes; any thread may offer.
 *
 * @param <T> the row type
 */
public final class CopyWriter<T> {

    static final Duration FIRST_RETRY = Duration.ofSeconds(1);
    static final Duration LAST_RETRY = Duration.ofSeconds(30);
    private static final Pattern DESTINATION = Pattern.compile("(?i)^\\s*COPY\\s+(.*?)\\s+FROM\\s+STDIN");

    private final String what;
    private final String copy;
    private final String destination;
    private final Supplier<Optional<HistoryDatabase>> database;
    private final int capacity;
    private final BiConsumer<T, StringBuilder> format;
    private final Clock clock;
    private final Companion<T> companion;
    private final ArrayDeque<T> buffer = new ArrayDeque<>();
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong quarantined = new AtomicLong();
    // Written by the flushing thread only.
    private Duration retryWait = FIRST_RETRY;
    private volatile Instant retryAt = Instant.MIN;
    // Set once, before the writer is shared (writingInOrder).
    private Comparator<? super T> order;

    /**
     * Creates a writer.
     *
     * @param what     what the rows are, for messages ("latency aggregates")
     * @param copy     the COPY table (columns) FROM STDIN (FORMAT text) statement
     * @param database the history database while it is up
     * @param capacity most rows kept while the database cannot take them
     * @param format   appends one row's tab-separated values, without the newline
     */
    public CopyWriter(String what, String copy, Supplier<Optional<HistoryDatabase>> database, int capacity,
                      BiConsumer<T, StringBuilder> format) {
        this(what, copy, database, capacity, format, Clock.systemUTC());
    }

    /**
     * Creates a writer whose retries wait by a given clock.
     *
     * @param what     what the rows are, for messages ("latency aggregates")
     * @param copy     the COPY table (columns) FROM STDIN (FORMAT text) statement
     * @param database the history database while it is up
     * @param capacity most rows kept while the database cannot take them
     * @param format   appends one row's tab-separated values, without the newline
     * @param clock    what {@link #drain}'s waits between failed attempts are measured by
     */
    public CopyWriter(String what, String copy, Supplier<Optional<HistoryDatabase>> database, int capacity,
                      BiConsumer<T, StringBuilder> format, Clock clock) {
        this(what, copy, database, capacity, format, clock, null);
    }

    /**
     * Creates a writer whose every COPY is followed, in the same transaction, by a companion
     * write of the same rows (e.g. aggregates that must always add up what the table holds).
     *
     * @param what      what the rows are, for messages ("latency aggregates")
     * @param copy      the COPY table (columns) FROM STDIN (FORMAT text) statement
     * @param database  the history database while it is up
     * @param capacity  most rows kept while the database cannot take them
     * @param format    appends one row's tab-separated values, without the newline
     * @param clock     what {@link #drain}'s waits between failed attempts are measured by
     * @param companion what else the rows of each COPY write, in its transaction; null for nothing
     */
    public CopyWriter(String what, String copy, Supplier<Optional<HistoryDatabase>> database, int capacity,
                      BiConsumer<T, StringBuilder> format, Clock clock, Companion<T> companion) {
        checkArgument(capacity > 0, "capacity must be positive");
        this.what = checkNotNull(what);
        this.copy = checkNotNull(copy);
        Matcher m = DESTINATION.matcher(copy);
        checkArgument(m.find(), "not a COPY ... FROM STDIN statement: %s", copy);
        this.destination = m.group(1);
        this.database = checkNotNull(database);
        this.capacity = capacity;
        this.format = checkNotNull(format);
        this.clock = checkNotNull(clock);
        this.companion = companion;
    }

    /**
     * Writes the rows of each COPY in an order of their own instead of as they were offered
     * (rows leave the buffer as before, oldest first). Rows read together then lie together in
     * the table: samples of one device and class, say, instead of spread over every page a
     * second of all devices fills.
     *
     * @param rowOrder the order within one COPY
     * @return this writer
     */
    public CopyWriter<T> writingInOrder(Comparator<? super T> rowOrder) {
        this.order = checkNotNull(rowOrder);
        return this;
    }

    /**
     * Queues rows.
     *
     * @param rows the rows
     * @return how many were dropped because the buffer was full
     */
    public int offer(Collection<? extends T> rows) {
        int lost = 0;
        synchronized (buffer) {
            for (T row : rows) {
                if (buffer.size() >= capacity) {
                    lost++;
                } else {
                    buffer.addLast(row);
                }
            }
        }
        dropped.addAndGet(lost);
        return lost;
    }

    /**
     * Writes up to maxBatch of the oldest buffered rows; rows PostgreSQL refuses for what they
     * hold go to its quarantine instead.
     *
     * @param maxBatch most rows in one COPY
     * @return how many left the buffer, written or quarantined
     * @throws SQLException when the database cannot be reached or the quarantine cannot be
     *                      written; the rows not yet written or quarantined stay buffered, in order
     */
    public int flush(int maxBatch) throws SQLException {
        List<T> batch;
        synchronized (buffer) {
            ImmutableList.Builder<T> b = ImmutableList.builder();
            Iterator<T> it = buffer.iterator();
            for (int i = 0; i < maxBatch && it.hasNext(); i++) {
                b.add(it.next());
            }
            batch = b.build();
        }
        if (batch.isEmpty()) {
            return 0;
        }
        List<String> rows = new ArrayList<>(batch.size());
        StringBuilder row = new StringBuilder(128);
        for (T value : batch) {
            row.setLength(0);
            format.accept(value, row);
            rows.add(row.toString());
        }
        HistoryDatabase db = database.get()
                .orElseThrow(() -> new SQLException("no history database to write " + what + " to"));
        Progress progress = new Progress();
        try {
            write(db, batch, rows, 0, rows.size(), progress);
        } finally {
            // Whatever happened, what is written or quarantined is a prefix of the batch.
            synchronized (buffer) {
                for (int i = 0; i < progress.done; i++) {
                    buffer.pollFirst();
                }
            }
            written.addAndGet(progress.written);
            quarantined.addAndGet(progress.quarantined);
        }
        return progress.done;
    }

    // Writes rows [from, to) and, where PostgreSQL refuses a part for what it holds, halves it
    // until the refused rows stand alone; those go to the quarantine. Parts go in order, so what
    // is done is always a prefix. A COPY is one transaction: a refused one leaves nothing behind.
    private void write(HistoryDatabase db, List<T> values, List<String> rows, int from, int to, Progress progress)
            throws SQLException {
        try {
            copy(db.dataSource(), values.subList(from, to), rows.subList(from, to));
            progress.written += to - from;
            progress.done = to;
        } catch (SQLException e) {
            if (!Quarantine.refuses(e)) {
                throw e;
            }
            if (to - from == 1) {
                db.quarantine().put(destination, rows.subList(from, to), e);
                progress.quarantined++;
                progress.done = to;
                return;
            }
            int middle = (from + to) >>> 1;
            write(db, values, rows, from, middle, progress);
            write(db, values, rows, middle, to, progress);
        }
    }

    private void copy(DataSource db, List<T> values, List<String> rows) throws SQLException {
        StringBuilder text = new StringBuilder(rows.size() * 128);
        // One COPY is one transaction, so the order within it leaves the written prefix as it is.
        Integer[] at = new Integer[rows.size()];
        for (int i = 0; i < at.length; i++) {
            at[i] = i;
        }
        if (order != null) {
            Arrays.sort(at, (a, b) -> order.compare(values.get(a), values.get(b)));
        }
        for (int i : at) {
            text.append(rows.get(i)).append('\n');
        }
        try (Connection connection = db.getConnection()) {
            try {
                if (companion == null) {
                    connection.unwrap(PGConnection.class).getCopyAPI().copyIn(copy, new StringReader(text.toString()));
                } else {
                    copyWithCompanion(connection, values, text.toString());
                }
            } catch (SQLException e) {
                if (!Quarantine.refuses(e)) {
                    evict(db, connection);
                }
                throw new SQLException("COPY of " + rows.size() + " " + what + " failed: " + e.getMessage(),
                                       e.getSQLState(), e);
            } catch (IOException e) {
                evict(db, connection);
                throw new SQLException("COPY of " + rows.size() + " " + what + " failed: " + e.getMessage(), e);
            }
        }
    }

    // COPY and the companion's write in one transaction.
    private void copyWithCompanion(Connection connection, List<T> values, String text)
            throws SQLException, IOException {
        Transactions.inTransaction(connection, c -> {
            c.unwrap(PGConnection.class).getCopyAPI().copyIn(copy, new StringReader(text));
            companion.write(c, values);
            return null;
        });
    }

    // COPY runs on the unwrapped connection, so the pool never sees the failure: evict the
    // connection or it would be handed out again, broken.
    private static void evict(DataSource db, Connection connection) {
        if (db instanceof HikariDataSource) {
            ((HikariDataSource) db).evictConnection(connection);
        }
    }

    /**
     * Writes everything buffered, batch by batch. What the database cannot take stays buffered,
     * and the next attempt waits: 1 s after the first failure, twice as long after each further
     * one, at most 30 s. A failure is logged only while a database is configured (without one,
     * buffering is expected, and nothing is tried until one is there).
     *
     * @param maxBatch         most rows in one COPY
     * @param databaseExpected whether netcfg names a database that is connected
     * @param log              where a failure is reported
     */
    public void drain(int maxBatch, boolean databaseExpected, Logger log) {
        if (database.get().isEmpty() || clock.instant().isBefore(retryAt)) {
            return;
        }
        long quarantinedBefore = quarantined.get();
        try {
            while (flush(maxBatch) == maxBatch) {
                // more waiting
            }
            retryWait = FIRST_RETRY;
            retryAt = Instant.MIN;
        } catch (SQLException e) {
            retryAt = clock.instant().plus(retryWait);
            if (databaseExpected) {
                log.warn("{} wait for the database ({} buffered, next attempt in {} s): {}", what, buffered(),
                         retryWait.getSeconds(), e.getMessage());
            }
            retryWait = retryWait.multipliedBy(2).compareTo(LAST_RETRY) > 0 ? LAST_RETRY : retryWait.multipliedBy(2);
        } catch (RuntimeException e) {
            log.warn("Writing {} failed: {}", what, e.toString());
        }
        long refused = quarantined.get() - quarantinedBefore;
        if (refused > 0) {
            log.warn("PostgreSQL refused {} {}; they are in sixflow.quarantined_rows", refused, what);
        }
    }

    /**
     * Returns when {@link #drain} tries the database again, after a failure.
     *
     * @return the next attempt, or empty if drain tries at once
     */
    public Optional<Instant> nextAttempt() {
        return retryAt.equals(Instant.MIN) ? Optional.empty() : Optional.of(retryAt);
    }

    /** Rows written since creation. */
    public long written() {
        return written.get();
    }

    /** Rows dropped because the buffer was full. */
    public long dropped() {
        return dropped.get();
    }

    /** Rows PostgreSQL refused, set aside in its quarantine since creation. */
    public long quarantined() {
        return quarantined.get();
    }

    /** Rows waiting to be written. */
    public int buffered() {
        synchronized (buffer) {
            return buffer.size();
        }
    }

    /**
     * Escapes a value for COPY's text format (backslash, tab, newline, carriage return).
     *
     * @param value the value
     * @return the escaped value
     */
    public static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
    }

    /**
     * A write that goes with each COPY, in its transaction: both happen or neither does.
     *
     * @param <T> the row type
     */
    @FunctionalInterface
    public interface Companion<T> {
        /**
         * Writes what goes with the rows just copied.
         *
         * @param connection the COPY's connection, inside its transaction
         * @param rows       the rows copied
         * @throws SQLException when PostgreSQL refuses; the COPY is rolled back with it
         */
        void write(Connection connection, List<T> rows) throws SQLException;
    }

    // How far a flush got: rows [0, done) of the batch are written or quarantined.
    private static final class Progress {
        int done;
        long written;
        long quarantined;
    }
}
