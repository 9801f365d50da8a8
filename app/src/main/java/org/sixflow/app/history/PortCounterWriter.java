// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import com.google.common.collect.ImmutableList;
import com.zaxxer.hikari.HikariDataSource;
import org.postgresql.PGConnection;
import org.sixflow.app.api.PortCounters;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Buffers port counter readings and writes them to sixflow.port_counters in batches with COPY;
 * a counter that was not reported is written as NULL. As {@link SampleWriter}: readings wait in
 * order while the database is away and leave the buffer only once written; only a full buffer
 * drops, and counts what it drops.
 */
public final class PortCounterWriter {

    static final String COPY = "COPY sixflow.port_counters (sampled_at, device_id, port_name, in_packets, "
            + "out_packets, in_octets, out_octets, in_discards, out_discards, in_errors, out_errors) "
            + "FROM STDIN (FORMAT text)";

    private final Supplier<Optional<DataSource>> dataSource;
    private final int capacity;
    private final ArrayDeque<PortCounters> buffer = new ArrayDeque<>();
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();

    /**
     * Creates a writer.
     *
     * @param dataSource the history database while it is up
     * @param capacity   most readings kept while the database cannot take them
     */
    public PortCounterWriter(Supplier<Optional<DataSource>> dataSource, int capacity) {
        checkArgument(capacity > 0, "capacity must be positive");
        this.dataSource = dataSource;
        this.capacity = capacity;
    }

    /**
     * Queues readings.
     *
     * @param readings the readings
     * @return how many were dropped because the buffer was full
     */
    public int offer(List<PortCounters> readings) {
        int lost = 0;
        synchronized (buffer) {
            for (PortCounters reading : readings) {
                if (buffer.size() >= capacity) {
                    lost++;
                } else {
                    buffer.addLast(reading);
                }
            }
        }
        dropped.addAndGet(lost);
        return lost;
    }

    /**
     * Writes up to maxBatch of the oldest buffered readings.
     *
     * @param maxBatch most readings in one COPY
     * @return how many were written
     * @throws SQLException when the database cannot take them; they stay buffered
     */
    public int flush(int maxBatch) throws SQLException {
        List<PortCounters> batch;
        synchronized (buffer) {
            ImmutableList.Builder<PortCounters> b = ImmutableList.builder();
            Iterator<PortCounters> it = buffer.iterator();
            for (int i = 0; i < maxBatch && it.hasNext(); i++) {
                b.add(it.next());
            }
            batch = b.build();
        }
        if (batch.isEmpty()) {
            return 0;
        }
        StringBuilder rows = new StringBuilder(batch.size() * 128);
        for (PortCounters c : batch) {
            rows.append(c.time()).append('\t').append(escape(c.deviceId().toString())).append('\t')
                    .append(escape(c.port()));
            for (Long value : new Long[]{c.inPackets(), c.outPackets(), c.inOctets(), c.outOctets(),
                    c.inDiscards(), c.outDiscards(), c.inErrors(), c.outErrors()}) {
                rows.append('\t').append(value == null ? "\\N" : value.toString());
            }
            rows.append('\n');
        }
        DataSource db = dataSource.get()
                .orElseThrow(() -> new SQLException("no history database to write port counters to"));
        try (Connection connection = db.getConnection()) {
            try {
                connection.unwrap(PGConnection.class).getCopyAPI().copyIn(COPY, new StringReader(rows.toString()));
            } catch (SQLException | IOException e) {
                // COPY runs on the unwrapped connection: evict it so the pool does not hand it out broken.
                if (db instanceof HikariDataSource) {
                    ((HikariDataSource) db).evictConnection(connection);
                }
                throw new SQLException("COPY of " + batch.size() + " port counter rows failed: " + e.getMessage(), e);
            }
        }
        synchronized (buffer) {
            for (int i = 0; i < batch.size(); i++) {
                buffer.pollFirst();
            }
        }
        written.addAndGet(batch.size());
        return batch.size();
    }

    /** Readings written since creation. */
    public long written() {
        return written.get();
    }

    /** Readings dropped because the buffer was full. */
    public long dropped() {
        return dropped.get();
    }

    /** Readings waiting to be written. */
    public int buffered() {
        synchronized (buffer) {
            return buffer.size();
        }
    }

    // COPY text format: backslash, tab and newline must be escaped in values.
    private static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
    }
}
