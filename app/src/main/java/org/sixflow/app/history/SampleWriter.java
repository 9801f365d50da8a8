// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import com.google.common.collect.ImmutableList;
import com.zaxxer.hikari.HikariDataSource;
import org.postgresql.PGConnection;
import org.sixflow.app.api.LatencySample;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Buffers latency samples and writes them to PostgreSQL in batches with COPY. While the
 * database is unreachable, samples wait in the buffer (in order) and are written when it
 * returns; only when the buffer is full is a new sample dropped, and every drop is counted.
 * One thread flushes; any thread may offer.
 */
public final class SampleWriter {

    static final String COPY = "COPY sixflow.latency_samples (sampled_at, device_id, lat_class, replica, "
            + "ingress_port, egress_port, sequence, delta_ns, ingress_ts_ns) FROM STDIN (FORMAT text)";

    private final DataSource dataSource;
    private final int capacity;
    private final ArrayDeque<LatencySample> buffer = new ArrayDeque<>();
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();

    /**
     * Creates a writer.
     *
     * @param dataSource the history database
     * @param capacity   most samples kept while the database cannot take them
     */
    public SampleWriter(DataSource dataSource, int capacity) {
        checkArgument(capacity > 0, "capacity must be positive");
        this.dataSource = dataSource;
        this.capacity = capacity;
    }

    /**
     * Queues a sample.
     *
     * @param sample the sample
     * @return false if the buffer was full and the sample was dropped (and counted)
     */
    public boolean offer(LatencySample sample) {
        synchronized (buffer) {
            if (buffer.size() >= capacity) {
                dropped.incrementAndGet();
                return false;
            }
            buffer.addLast(sample);
            return true;
        }
    }

    /**
     * Writes up to maxBatch of the oldest buffered samples. They leave the buffer only once
     * PostgreSQL has them.
     *
     * @param maxBatch most samples in one COPY
     * @return how many were written
     * @throws SQLException when the database cannot take them; they stay buffered
     */
    public int flush(int maxBatch) throws SQLException {
        List<LatencySample> batch;
        synchronized (buffer) {
            ImmutableList.Builder<LatencySample> b = ImmutableList.builder();
            Iterator<LatencySample> it = buffer.iterator();
            for (int i = 0; i < maxBatch && it.hasNext(); i++) {
                b.add(it.next());
            }
            batch = b.build();
        }
        if (batch.isEmpty()) {
            return 0;
        }
        StringBuilder rows = new StringBuilder(batch.size() * 96);
        for (LatencySample s : batch) {
            rows.append(s.time()).append('\t').append(escape(s.deviceId())).append('\t').append(s.latencyClass())
                    .append('\t').append(s.replica()).append('\t').append(s.ingressPort()).append('\t')
                    .append(s.egressPort()).append('\t').append(s.sequence()).append('\t').append(s.deltaNanos())
                    .append('\t');
            if (s.ingressTimestampNanos().isPresent()) {
                rows.append(s.ingressTimestampNanos().getAsLong());
            } else {
                rows.append("\\N");    // COPY's NULL
            }
            rows.append('\n');
        }
        try (Connection connection = dataSource.getConnection()) {
            try {
                connection.unwrap(PGConnection.class).getCopyAPI().copyIn(COPY, new StringReader(rows.toString()));
            } catch (SQLException | IOException e) {
                // COPY runs on the unwrapped connection, so the pool never sees the failure:
                // evict the connection or it would be handed out again, broken.
                if (dataSource instanceof HikariDataSource) {
                    ((HikariDataSource) dataSource).evictConnection(connection);
                }
                throw new SQLException("COPY of " + batch.size() + " samples failed: " + e.getMessage(), e);
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

    /** Samples written since creation. */
    public long written() {
        return written.get();
    }

    /** Samples dropped because the buffer was full. */
    public long dropped() {
        return dropped.get();
    }

    /** Samples waiting to be written. */
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
