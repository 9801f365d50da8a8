// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.e2e;

import org.onlab.osgi.TestServiceDirectory;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.PortCounters;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.history.PortCounterWriter;
import org.sixflow.app.history.SampleWriter;
import org.sixflow.app.testing.PostgresTestServer;
import org.onosproject.net.DeviceId;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * What {@code make bench-rest} measures: the e2e harness's real REST application and managers
 * over the simulated lab and a throwaway PostgreSQL, with an hour of stored telemetry as a lab
 * would leave it. Every one of the five devices reports four classes (ipv6, apn6-insert,
 * msr6-te-encap, and msr6-replicate with two replicas) at {@code -Dbench.rate} samples per
 * second and class (default 25: a class carrying 25,600 packets/s at the default 1-in-1,024
 * report sampling), with ingress timestamps; every port has a gNMI reading every 10 s; 500
 * history events. It prints {@code BENCH_URL=<api base>},
 * {@code BENCH_TO=<instant>} (the end of the stored hour, a whole minute), {@code BENCH_PG=<port>}
 * (its PostgreSQL, so the bench can wait for it to be idle) and the row counts,
 * then serves until its standard input closes.
 */
public final class RestBenchHarness {

    static final String[] DEVICES = {
            "device:beijing", "device:wuhan", "device:nanjing", "device:shanghai", "device:guangzhou"};
    static final int SECONDS = 3600;
    private static final LatencyClass[] CLASSES = {
            LatencyClass.IPV6, LatencyClass.APN6_INSERT, LatencyClass.MSR6_TE_ENCAP, LatencyClass.MSR6_REPLICATE};
    private static final double[] MEANS = {1_500, 1_760, 2_050, 2_300};

    private RestBenchHarness() {
    }

    public static void main(String[] args) throws Exception {
        int rate = Integer.getInteger("bench.rate", 25);
        Path dashboard = Files.createTempDirectory("sixflow-bench-ui");
        Files.writeString(dashboard.resolve("index.html"), "<!doctype html><title>bench</title>");
        try (PostgresTestServer postgres = PostgresTestServer.start()) {
            LabServices lab = new LabServices(postgres.jdbcUrl());
            HistoryDatabase db = lab.awaitDatabase();
            lab.telemetry.useDatabase(db);
            Instant to = Instant.now().truncatedTo(ChronoUnit.MINUTES);
            long started = System.nanoTime();
            long samples = writeSamples(db, to, rate);
            long counters = writePortCounters(db, to);
            analyze(db);
            for (int i = 0; i < 500; i++) {
                lab.history.record(HistoryEvent.of(to.minusSeconds(7L * i), "DEVICE_UPDATED",
                                                   DEVICES[i % DEVICES.length], "bench event " + i));
            }
            System.out.printf("BENCH_ROWS samples=%d portCounters=%d events=500 seeded in %d s%n",
                              samples, counters,
                              Duration.ofNanos(System.nanoTime() - started).getSeconds());
            // The lab's services include experiments over the same PostgreSQL.
            TestServiceDirectory directory = (TestServiceDirectory) lab.directory();
            try (DashboardServer server = new DashboardServer(directory, dashboard)) {
                System.out.println("BENCH_TO=" + to);
                System.out.println("BENCH_PG=" + postgres.port());
                System.out.println("BENCH_URL=" + server.url().replaceAll("/$", "") + DashboardServer.API_PATH);
                System.out.flush();
                BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
                while (in.readLine() != null) {
                    // serve until the bench script closes our input
                }
            } finally {
                lab.stop();
            }
        }
        System.exit(0);
    }

    /**
     * An hour of samples ending at {@code to}, written second by second through the app's writer
     * (as the report collector flushes it), so the table's pages hold what a lab's would.
     */
    private static long writeSamples(HistoryDatabase db, Instant to, int rate) throws SQLException {
        Random random = new Random(15);
        SampleWriter writer = new SampleWriter(db, rate * DEVICES.length * (CLASSES.length + 1));
        Instant start = to.minusSeconds(SECONDS);
        long sequence = 0;
        long ingressNanos = 0;
        long stepNanos = 1_000_000_000L / rate;
        for (int second = 0; second < SECONDS; second++) {
            for (int k = 0; k < rate; k++) {
                Instant t = start.plusSeconds(second).plusNanos(k * stepNanos);
                ingressNanos = (second * 1_000_000_000L) + k * stepNanos;
                sequence++;
                for (String device : DEVICES) {
                    for (int c = 0; c < CLASSES.length; c++) {
                        int replicas = CLASSES[c] == LatencyClass.MSR6_REPLICATE ? 2 : 1;
                        for (int replica = 0; replica < replicas; replica++) {
                            long delta = Math.max(100, Math.round(MEANS[c] + 150 * replica
                                                                   + random.nextGaussian() * (80 + 10 * c)));
                            writer.offer(LatencySample.of(t, device, CLASSES[c].code(), replica, 3, 1 + replica,
                                                          sequence, delta)
                                                 .withIngressTimestamp(ingressNanos + random.nextInt(2_000)));
                        }
                    }
                }
            }
            while (writer.flush(20_000) > 0) {
                // the second's samples in one COPY, as the report collector writes them
            }
        }
        while (writer.flush(50_000) > 0) {
            // what is left
        }
        return writer.written();
    }

    /** A gNMI reading of every lab port every 10 s over the hour. */
    private static long writePortCounters(HistoryDatabase db, Instant to) throws SQLException {
        PortCounterWriter writer = new PortCounterWriter(() -> Optional.of(db), 100_000);
        List<PortCounters> readings = new ArrayList<>();
        for (int reading = 0; reading <= SECONDS / 10; reading++) {
            Instant t = to.minusSeconds(SECONDS - 10L * reading);
            for (String device : DEVICES) {
                for (int p = 1; p <= 4; p++) {
                    long base = 1_000_000L * p + 100_000L * reading * p;
                    readings.add(PortCounters.builder(DeviceId.deviceId(device), String.valueOf(p), t)
                                         .inPackets(base).outPackets(base + 500).inOctets(base * 800)
                                         .outOctets((base + 500) * 800).inDiscards(0L).outDiscards(0L)
                                         .inErrors(0L).outErrors(0L).build());
                }
            }
        }
        writer.offer(readings);
        while (writer.flush(10_000) > 0) {
            // drain
        }
        return readings.size();
    }

    // Statistics for the planner, as a database that has run a while has them (autovacuum would
    // get there a minute later).
    private static void analyze(HistoryDatabase db) throws SQLException {
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement()) {
            s.execute("ANALYZE");
        }
    }
}
