// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.seed;

import org.onosproject.net.DeviceId;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.api.HistoryService;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.PortCounters;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.history.PortCounterWriter;
import org.sixflow.app.history.SampleWriter;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * What {@code make bench-rest} measures against: an hour of stored telemetry as a lab would leave
 * it. Every one of msr6-study's five devices reports four classes (ipv6, apn6-insert,
 * msr6-te-encap, and msr6-replicate with two replicas) at a given rate of samples per second and
 * class (25: a class carrying 25,600 packets/s at the default 1-in-1,024 report sampling), with
 * ingress timestamps; each of their ports 1-4 has a gNMI reading every 10 s; 500 history events.
 */
public final class BenchTelemetry {

    /** The devices that report. */
    public static final String[] DEVICES = {
            "device:beijing", "device:wuhan", "device:nanjing", "device:shanghai", "device:guangzhou"};
    /** The hour stored, in seconds. */
    public static final int SECONDS = 3600;
    private static final LatencyClass[] CLASSES = {
            LatencyClass.IPV6, LatencyClass.APN6_INSERT, LatencyClass.MSR6_TE_ENCAP, LatencyClass.MSR6_REPLICATE};
    private static final double[] MEANS = {1_500, 1_760, 2_050, 2_300};
    private static final int EVENTS = 500;

    private BenchTelemetry() {
    }

    /**
     * Stores the hour ending at {@code to}.
     *
     * @param db      the history database
     * @param history where events are recorded
     * @param to      the end of the hour
     * @param rate    samples per second, class and device
     * @return e.g. "samples=N portCounters=M events=500"
     * @throws SQLException when a write fails
     */
    public static String write(HistoryDatabase db, HistoryService history, Instant to, int rate) throws SQLException {
        long samples = writeSamples(db, to, rate);
        long counters = writePortCounters(db, to);
        analyze(db);
        for (int i = 0; i < EVENTS; i++) {
            history.record(HistoryEvent.of(to.minusSeconds(7L * i), "DEVICE_UPDATED", DEVICES[i % DEVICES.length],
                                           "bench event " + i));
        }
        return "samples=" + samples + " portCounters=" + counters + " events=" + EVENTS;
    }

    /**
     * Samples written second by second through the app's writer (as the report collector flushes
     * them), so the table's pages hold what a lab's would.
     */
    private static long writeSamples(HistoryDatabase db, Instant to, int rate) throws SQLException {
        Random random = new Random(15);
        SampleWriter writer = new SampleWriter(db, rate * DEVICES.length * (CLASSES.length + 1));
        Instant start = to.minusSeconds(SECONDS);
        long sequence = 0;
        long stepNanos = 1_000_000_000L / rate;
        for (int second = 0; second < SECONDS; second++) {
            for (int k = 0; k < rate; k++) {
                Instant t = start.plusSeconds(second).plusNanos(k * stepNanos);
                long ingressNanos = second * 1_000_000_000L + k * stepNanos;
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

    /** A gNMI reading of ports 1-4 of every device every 10 s over the hour. */
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
