// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import org.sixflow.app.api.LatencySample;
import org.sixflow.app.testing.PostgresTestServer;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;

/**
 * Prints samples/s written to a throwaway PostgreSQL by {@link SampleWriter}, and the time of a
 * dashboard query (per-minute mean, min, max over one hour of per-second samples of one class
 * on one device). Run: {@code make bench-history}.
 */
public final class HistoryBenchmark {

    private static final int SAMPLES = 1_000_000;
    private static final int BATCH = 20_000;

    private HistoryBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        try (PostgresTestServer server = PostgresTestServer.start();
             HistoryDatabase db = HistoryDatabase.open(server.settings())) {
            SampleWriter writer = new SampleWriter(db.dataSource(), SAMPLES);
            Instant start = Instant.parse("2026-11-22T00:00:00Z");
            for (int i = 0; i < SAMPLES; i++) {
                // 16 devices x 8 classes, one report per device and class per second.
                writer.offer(LatencySample.of(start.plusSeconds(i / 128), "device:s" + (i % 16), (i / 16) % 8, 0,
                                              1, 2, i, 300 + i % 97));
            }
            long t0 = System.nanoTime();
            while (writer.flush(BATCH) > 0) {
                // drain
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            System.out.println(String.format(Locale.ROOT, "write: %d samples in %.2f s = %.0f samples/s (COPY, %d per batch)",
                                             writer.written(), seconds, writer.written() / seconds, BATCH));
            try (Connection c = db.dataSource().getConnection()) {
                c.createStatement().execute("ANALYZE sixflow.latency_samples");
                String query = "SELECT date_trunc('minute', sampled_at) AS minute, avg(delta_ns), min(delta_ns), "
                        + "max(delta_ns), count(*) FROM sixflow.latency_samples WHERE device_id = ? AND lat_class = ? "
                        + "AND sampled_at >= ? AND sampled_at < ? GROUP BY 1 ORDER BY 1";
                double[] times = new double[21];
                int rows = 0;
                for (int run = 0; run < times.length; run++) {
                    try (PreparedStatement ps = c.prepareStatement(query)) {
                        ps.setString(1, "device:s3");
                        ps.setInt(2, 3);
                        ps.setTimestamp(3, Timestamp.from(start));
                        ps.setTimestamp(4, Timestamp.from(start.plusSeconds(3600)));
                        long q0 = System.nanoTime();
                        rows = 0;
                        try (ResultSet r = ps.executeQuery()) {
                            while (r.next()) {
                                rows++;
                            }
                        }
                        times[run] = (System.nanoTime() - q0) / 1e6;
                    }
                }
                Arrays.sort(times);
                System.out.println(String.format(Locale.ROOT, "query: one hour of per-second data -> %d "
                        + "per-minute rows in %.2f ms (median of %d)", rows, times[times.length / 2], times.length));
            }
        }
    }
}
