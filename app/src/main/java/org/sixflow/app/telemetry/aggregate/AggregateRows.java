// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import org.sixflow.app.history.CopyWriter;
import org.sixflow.app.history.HistoryDatabase;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * Latency aggregates as rows of sixflow.latency_aggregates (db/migrations/V3).
 */
public final class AggregateRows {

    static final String COPY = "COPY sixflow.latency_aggregates (polled_at, device_id, lat_class, port, packets, "
            + "sum_ns, min_ns, max_ns, histogram) FROM STDIN (FORMAT text)";

    private AggregateRows() {
    }

    /**
     * Creates the buffered writer of aggregates.
     *
     * @param database the history database while it is up
     * @param capacity most rows kept while it is away
     * @return the writer
     */
    public static CopyWriter<LatencyAggregate> writer(Supplier<Optional<HistoryDatabase>> database, int capacity) {
        return new CopyWriter<>("latency aggregates", COPY, database, capacity, AggregateRows::format);
    }

    static void format(LatencyAggregate a, StringBuilder row) {
        row.append(a.polledAt()).append('\t').append(CopyWriter.escape(a.deviceId().toString())).append('\t')
                .append(a.latencyClass()).append('\t').append(a.port()).append('\t').append(a.packets())
                .append('\t').append(a.sumNanos()).append('\t').append(a.minNanos() == null ? "\\N" : a.minNanos())
                .append('\t').append(a.maxNanos() == null ? "\\N" : a.maxNanos()).append('\t').append('{');
        long[] histogram = a.histogram();
        for (int i = 0; i < histogram.length; i++) {
            row.append(i == 0 ? "" : ",").append(histogram[i]);
        }
        row.append('}');
    }
}
