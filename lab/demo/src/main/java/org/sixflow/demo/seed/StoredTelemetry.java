// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.seed;

import org.onosproject.net.DeviceId;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.PortCounters;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.history.PortCounterWriter;
import org.sixflow.app.history.SampleWriter;

import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * The stored data the dashboard's telemetry pages read, written through the app's own writers:
 * latency samples (SampleWriter) for the last half hour on device:beijing and device:nanjing, two
 * gNMI readings per lab port ten seconds apart (PortCounterWriter), and a few history events.
 */
public final class StoredTelemetry {

    public static final int SECONDS = 1800;
    /** Device and ports as the lab's port table gives them: links 1..3, host ports 3 or 4. */
    private static final String[][] PORTS = {
            {"device:beijing", "1", "2", "3"}, {"device:wuhan", "1", "2", "3"},
            {"device:nanjing", "1", "2", "3", "4"}, {"device:shanghai", "1", "2", "3"},
            {"device:guangzhou", "1", "2", "3"},
    };

    private StoredTelemetry() {
    }

    /** A latency around a mean with a spread, never below 100 ns (seeded, so runs repeat). */
    private static long latency(Random random, double mean, double stdev) {
        return Math.max(100, Math.round(mean + random.nextGaussian() * stdev));
    }

    public static void writeSamples(HistoryDatabase db, Instant now) throws SQLException {
        Random random = new Random(6);
        SampleWriter writer = new SampleWriter(db, 10 * SECONDS);
        Instant start = now.minusSeconds(SECONDS);
        for (int i = 0; i < SECONDS; i++) {
            Instant t = start.plusSeconds(i);
            writer.offer(LatencySample.of(t, "device:beijing", LatencyClass.IPV6.code(), 0, 3, 1, i,
                                          latency(random, 1_500, 80)));
            writer.offer(LatencySample.of(t, "device:beijing", LatencyClass.APN6_INSERT.code(), 0, 3, 1, i,
                                          latency(random, 1_760, 95))
                                 .withIngressTimestamp(i * 1_000_000_000L + random.nextInt(2_000)));
            writer.offer(LatencySample.of(t, "device:beijing", LatencyClass.MSR6_TE_ENCAP.code(), 0, 3, 2, i,
                                          latency(random, 2_050, 110)));
            writer.offer(LatencySample.of(t, "device:nanjing", LatencyClass.IPV6.code(), 0, 1, 3, i,
                                          latency(random, 1_480, 75)));
            for (int replica = 0; replica < 2; replica++) {
                writer.offer(LatencySample.of(t, "device:nanjing", LatencyClass.MSR6_REPLICATE.code(), replica, 1,
                                              3 + replica, i, latency(random, 2_300 + 150 * replica, 120)));
            }
            if (i % 500 == 0) {
                writer.flush(50_000);
            }
        }
        while (writer.flush(50_000) > 0) {
            // drain what is left
        }
    }

    public static void writePortCounters(HistoryDatabase db, Instant now) throws SQLException {
        PortCounterWriter writer = new PortCounterWriter(() -> Optional.of(db), 1_000);
        List<PortCounters> readings = new ArrayList<>();
        for (int reading = 0; reading < 2; reading++) {
            Instant t = now.minusSeconds(20 - 10L * reading);
            for (String[] device : PORTS) {
                for (int p = 1; p < device.length; p++) {
                    long base = 1_000_000L * p + 10_000L * reading * p;
                    readings.add(PortCounters.builder(DeviceId.deviceId(device[0]), device[p], t)
                                         .inPackets(base).outPackets(base + 500)
                                         .inOctets(base * 800).outOctets((base + 500) * 800)
                                         .inDiscards(p == 3 ? 2L * reading : 0L).outDiscards(0L)
                                         .inErrors(0L).outErrors(null).build());
                }
            }
        }
        writer.offer(readings);
        while (writer.flush(1_000) > 0) {
            // drain
        }
    }

    public static List<HistoryEvent> events(Instant now) {
        List<HistoryEvent> events = new ArrayList<>();
        for (String[] device : PORTS) {
            events.add(HistoryEvent.of(now.minusSeconds(SECONDS + 60), "DEVICE_ADDED", device[0],
                                       "available, pipeconf org.sixflow.full.bmv2"));
        }
        return events;
    }
}
