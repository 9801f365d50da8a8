// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import org.onosproject.net.DeviceId;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.LatencySource;
import org.sixflow.app.api.TelemetryService;
import org.sixflow.app.telemetry.TelemetryManagerFixture;
import org.sixflow.app.testing.PostgresTestServer;

import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Prints samples/s written to a throwaway PostgreSQL by {@link SampleWriter}, and the time of
 * the dashboard's queries through {@link TelemetryService} over one hour: the latency series at
 * a 1 s step and the statistics of a feature against IPv6. Two data sets: one report per second
 * per device and class (16 devices x 8 classes), and a dense one of 50 reports per second of two
 * classes on one device. Goals: at least 100,000 samples/s written, at most 100 ms per query.
 * Run: {@code make bench-history}.
 */
public final class HistoryBenchmark {

    private static final int SPARSE_SAMPLES = 1_000_000;
    private static final int DENSE_PER_SECOND = 50;
    private static final int HOUR = 3600;
    private static final int BATCH = 20_000;
    private static final int RUNS = 21;
    private static final Instant START = Instant.parse("2026-11-22T00:00:00Z");

    private HistoryBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        try (PostgresTestServer server = PostgresTestServer.start();
             HistoryDatabase db = HistoryDatabase.open(server.settings())) {
            int total = SPARSE_SAMPLES + 2 * HOUR * DENSE_PER_SECOND;
            SampleWriter writer = new SampleWriter(db, total);
            Random random = new Random(7);
            for (int i = 0; i < SPARSE_SAMPLES; i++) {
                // 16 devices x 8 classes, one report per device and class per second.
                int second = i / 128;
                writer.offer(LatencySample.of(START.plusSeconds(second), "device:s" + (i % 16), (i / 16) % 8, 0,
                                              1, 2, second, 300 + i % 97)
                                     .withIngressTimestamp(second * 1_000_000_000L + random.nextInt(1_000)));
            }
            for (int i = 0; i < HOUR * DENSE_PER_SECOND; i++) {
                Instant t = START.plusMillis(i * 1000L / DENSE_PER_SECOND);
                long ingress = i * (1_000_000_000L / DENSE_PER_SECOND) + random.nextInt(1_000);
                writer.offer(LatencySample.of(t, "device:dense", LatencyClass.IPV6.code(), 0, 1, 2, i,
                                              1_000 + Math.round(random.nextGaussian() * 20))
                                     .withIngressTimestamp(ingress));
                writer.offer(LatencySample.of(t, "device:dense", LatencyClass.APN6_INSERT.code(), 0, 1, 2, i,
                                              1_018 + Math.round(random.nextGaussian() * 20))
                                     .withIngressTimestamp(ingress));
            }
            long t0 = System.nanoTime();
            while (writer.flush(BATCH) > 0) {
                // drain
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            System.out.println(String.format(Locale.ROOT, "write: %d samples in %.2f s = %.0f samples/s "
                    + "(COPY, %d per batch)", writer.written(), seconds, writer.written() / seconds, BATCH));
            try (Connection c = db.dataSource().getConnection()) {
                c.createStatement().execute("ANALYZE sixflow.latency_samples");
            }
            TelemetryManagerFixture telemetry = new TelemetryManagerFixture();
            telemetry.useDatabase(db);
            TelemetryService service = telemetry.manager;
            Instant end = START.plusSeconds(HOUR);
            for (String device : List.of("device:s3", "device:dense")) {
                DeviceId id = DeviceId.deviceId(device);
                LatencyClass feature = device.equals("device:dense") ? LatencyClass.APN6_INSERT
                        : LatencyClass.MSR6_TE_ENCAP;
                time(device + ": latency series, 1 s step over 1 h",
                     () -> service.latencySeries(id, feature, Optional.empty(), START, end, Duration.ofSeconds(1),
                                                 LatencySource.SAMPLES).size() + " points");
                time(device + ": statistics " + feature.label() + " vs ipv6 over 1 h",
                     () -> service.statistics(id, feature, LatencyClass.IPV6, START, end, List.of(0.01, 0.05, 0.1))
                             .featureStatistics().count() + " samples per class");
            }
        }
    }

    private static void time(String what, Supplier<String> query) {
        String result = "";
        for (int i = 0; i < 3; i++) {
            result = query.get();   // warm up the JIT, the pool and PostgreSQL's cache
        }
        double[] millis = new double[RUNS];
        for (int run = 0; run < RUNS; run++) {
            long q0 = System.nanoTime();
            result = query.get();
            millis[run] = (System.nanoTime() - q0) / 1e6;
        }
        Arrays.sort(millis);
        System.out.println(String.format(Locale.ROOT, "query: %s -> %s in %.1f ms (median of %d, max %.1f ms)",
                                         what, result, millis[RUNS / 2], RUNS, millis[RUNS - 1]));
    }
}
