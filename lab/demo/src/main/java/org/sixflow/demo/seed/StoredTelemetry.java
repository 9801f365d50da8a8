// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.seed;

import org.onosproject.net.Device;
import org.onosproject.net.Port;
import org.onosproject.net.device.DeviceService;
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
 * latency samples (SampleWriter) for the last half hour on device:beijing and device:nanjing, and
 * two gNMI readings of every port ten seconds apart (PortCounterWriter). The history's events are
 * the app's own: its device event recorder writes what the simulated network does.
 */
public final class StoredTelemetry {

    public static final int SECONDS = 1800;
    private StoredTelemetry() {
    }

    /** A latency around a mean with a spread, never below 100 ns (seeded, so runs repeat). */
    private static long latency(Random random, double mean, double stdev) {
        return Math.max(100, Math.round(mean + random.nextGaussian() * stdev));
    }

    /**
     * Writes half an hour of latency samples up to now.
     *
     * @param db  the history database
     * @param now the time of the last samples
     * @throws SQLException when a write fails
     */
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

    /**
     * Writes two gNMI readings, ten seconds apart, of every port of every device.
     *
     * @param db      the history database
     * @param now     the time of the second reading
     * @param devices the devices, with their ports
     * @throws SQLException when a write fails
     */
    public static void writePortCounters(HistoryDatabase db, Instant now, DeviceService devices) throws SQLException {
        PortCounterWriter writer = new PortCounterWriter(() -> Optional.of(db), 1_000);
        List<PortCounters> readings = new ArrayList<>();
        for (int reading = 0; reading < 2; reading++) {
            Instant t = now.minusSeconds(20 - 10L * reading);
            for (Device device : devices.getDevices()) {
                for (Port port : devices.getPorts(device.id())) {
                    long p = port.number().toLong();
                    long base = 1_000_000L * p + 10_000L * reading * p;
                    readings.add(PortCounters.builder(device.id(), String.valueOf(p), t)
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
}
