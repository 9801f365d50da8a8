// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import org.sixflow.app.api.LatencySample;
import org.sixflow.app.history.minutes.LatencyMinuteRows;
import org.sixflow.app.history.minutes.LatencySecondRows;
import org.slf4j.Logger;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Writes latency samples to sixflow.latency_samples through a {@link CopyWriter}: buffered in
 * order while the database is away, batched with COPY, only a full buffer drops (and counts).
 * Each COPY merges its samples into sixflow.latency_minutes and sixflow.latency_seconds in the
 * same transaction ({@link LatencyMinuteRows}, {@link LatencySecondRows}). One thread flushes;
 * any thread may offer.
 */
public final class SampleWriter {

    static final String COPY = "COPY sixflow.latency_samples (sampled_at, device_id, lat_class, replica, "
            + "ingress_port, egress_port, sequence, delta_ns, ingress_ts_ns) FROM STDIN (FORMAT text)";

    /**
     * The order of the samples within one COPY: the index's, so that a class's samples of a
     * batch share a few table pages instead of one page each among every other class's (a window
     * read of one class then visits a page per batch rather than a page per sample).
     */
    static final Comparator<LatencySample> TABLE_ORDER = Comparator.comparing(LatencySample::deviceId)
            .thenComparingInt(LatencySample::latencyClass).thenComparing(LatencySample::time);

    private final CopyWriter<LatencySample> writer;

    /**
     * Creates a writer to one database.
     *
     * @param database the history database
     * @param capacity most samples kept while the database cannot take them
     */
    public SampleWriter(HistoryDatabase database, int capacity) {
        this(() -> Optional.of(database), capacity);
        checkNotNull(database);
    }

    /**
     * Creates a writer to whichever database is connected at flush time.
     *
     * @param database the history database while it is up
     * @param capacity most samples kept while the database cannot take them
     */
    public SampleWriter(Supplier<Optional<HistoryDatabase>> database, int capacity) {
        writer = new CopyWriter<>("samples", COPY, database, capacity, SampleWriter::format, Clock.systemUTC(),
                                  SampleWriter::aggregate).writingInOrder(TABLE_ORDER);
    }

    /**
     * Queues a sample.
     *
     * @param sample the sample
     * @return false if the buffer was full and the sample was dropped (and counted)
     */
    public boolean offer(LatencySample sample) {
        return writer.offer(List.of(sample)) == 0;
    }

    /**
     * Writes up to maxBatch of the oldest buffered samples.
     *
     * @param maxBatch most samples in one COPY
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

    /** Samples written since creation. */
    public long written() {
        return writer.written();
    }

    /** Samples dropped because the buffer was full. */
    public long dropped() {
        return writer.dropped();
    }

    /** Samples PostgreSQL refused, set aside in sixflow.quarantined_rows. */
    public long quarantined() {
        return writer.quarantined();
    }

    /** Samples waiting to be written. */
    public int buffered() {
        return writer.buffered();
    }

    // What each COPY's samples add to the per-minute and per-second aggregates, in its transaction.
    private static void aggregate(Connection connection, List<LatencySample> samples) throws SQLException {
        LatencyMinuteRows.merge(connection, samples);
        LatencySecondRows.merge(connection, samples);
    }

    private static void format(LatencySample s, StringBuilder row) {
        row.append(s.time()).append('\t').append(CopyWriter.escape(s.deviceId())).append('\t')
                .append(s.latencyClass()).append('\t').append(s.replica()).append('\t').append(s.ingressPort())
                .append('\t').append(s.egressPort()).append('\t').append(s.sequence()).append('\t')
                .append(s.deltaNanos()).append('\t');
        if (s.ingressTimestampNanos().isPresent()) {
            row.append(s.ingressTimestampNanos().getAsLong());
        } else {
            row.append("\\N");    // COPY's NULL
        }
    }
}
