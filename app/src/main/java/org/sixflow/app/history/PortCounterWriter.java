// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import org.sixflow.app.api.PortCounters;
import org.slf4j.Logger;

import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Writes port counter readings to sixflow.port_counters through a {@link CopyWriter}; a counter
 * that was not reported is written as NULL. Readings wait in order while the database is away;
 * only a full buffer drops, and counts what it drops.
 */
public final class PortCounterWriter {

    static final String COPY = "COPY sixflow.port_counters (sampled_at, device_id, port_name, in_packets, "
            + "out_packets, in_octets, out_octets, in_discards, out_discards, in_errors, out_errors) "
            + "FROM STDIN (FORMAT text)";

    private final CopyWriter<PortCounters> writer;

    /**
     * Creates a writer.
     *
     * @param database the history database while it is up
     * @param capacity most readings kept while the database cannot take them
     */
    public PortCounterWriter(Supplier<Optional<HistoryDatabase>> database, int capacity) {
        writer = new CopyWriter<>("port counter rows", COPY, database, capacity, PortCounterWriter::format);
    }

    /**
     * Queues readings.
     *
     * @param readings the readings
     * @return how many were dropped because the buffer was full
     */
    public int offer(List<PortCounters> readings) {
        return writer.offer(readings);
    }

    /**
     * Writes up to maxBatch of the oldest buffered readings.
     *
     * @param maxBatch most readings in one COPY
     * @return how many left the buffer, written or quarantined
     * @throws SQLException when the database cannot take them; they stay buffered
     */
    public int flush(int maxBatch) throws SQLException {
        return writer.flush(maxBatch);
    }

    /**
     * Writes everything buffered; see {@link CopyWriter#drain}.
     *
     * @param maxBatch         most rows in one COPY
     * @param databaseExpected whether a database is connected
     * @param log              where a failure is reported
     */
    public void drain(int maxBatch, boolean databaseExpected, Logger log) {
        writer.drain(maxBatch, databaseExpected, log);
    }

    /** Readings written since creation. */
    public long written() {
        return writer.written();
    }

    /** Readings dropped because the buffer was full. */
    public long dropped() {
        return writer.dropped();
    }

    /** Readings PostgreSQL refused, set aside in sixflow.quarantined_rows. */
    public long quarantined() {
        return writer.quarantined();
    }

    /** Readings waiting to be written. */
    public int buffered() {
        return writer.buffered();
    }

    private static void format(PortCounters c, StringBuilder row) {
        row.append(c.time()).append('\t').append(CopyWriter.escape(c.deviceId().toString())).append('\t')
                .append(CopyWriter.escape(c.port()));
        for (Long value : new Long[]{c.inPackets(), c.outPackets(), c.inOctets(), c.outOctets(),
                c.inDiscards(), c.outDiscards(), c.inErrors(), c.outErrors()}) {
            row.append('\t').append(value == null ? "\\N" : value.toString());
        }
    }
}
