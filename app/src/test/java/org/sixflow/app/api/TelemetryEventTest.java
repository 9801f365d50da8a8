// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.junit.Test;
import org.onosproject.net.DeviceId;

import java.time.Instant;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.sixflow.app.testing.Rejections.assertRejected;

/**
 * Telemetry events carry the subject class their type promises; port rates come from two readings.
 */
public class TelemetryEventTest {

    private static final DeviceId LEAF1 = DeviceId.deviceId("device:leaf1");
    private static final Instant T0 = Instant.parse("2026-11-22T15:00:00Z");

    @Test
    public void eachTypeCarriesItsSubjectClass() {
        LatencyBatch batch = LatencyBatch.of(LEAF1, LatencyClass.APN6_INSERT, T0, 10, 1500.5);
        TelemetryEvent event = TelemetryEvent.of(batch);
        assertEquals(TelemetryEvent.Type.LATENCY_BATCH, event.type());
        assertSame(batch, event.subject(LatencyBatch.class));
        assertEquals(TelemetryEvent.Type.TABLE_OCCUPANCY,
                     TelemetryEvent.of(TableOccupancy.of(LEAF1, "IngressPipe.routing_v6", T0, 3, 1024)).type());
        assertRejected(() -> new TelemetryEvent(TelemetryEvent.Type.PORT_COUNTERS, batch), "PortStatistics");
        assertRejected(() -> event.subject(TableOccupancy.class), "LatencyBatch");
    }

    @Test
    public void ratesFollowTheCountersBetweenTwoReadings() {
        PortCounters before = PortCounters.builder(LEAF1, "1", T0).inPackets(100L).outPackets(50L)
                .inOctets(1_000L).outOctets(null).build();
        PortCounters after = PortCounters.builder(LEAF1, "1", T0.plusSeconds(2)).inPackets(300L).outPackets(40L)
                .inOctets(3_000L).outOctets(7L).build();
        PortStatistics stats = PortStatistics.of(after, Optional.of(before));
        PortRates rates = stats.rates().orElseThrow();
        assertEquals(100.0, rates.inPacketsPerSecond(), 0);
        assertNull("a counter that went backwards was reset", rates.outPacketsPerSecond());
        assertEquals(8_000.0, rates.inBitsPerSecond(), 0);
        assertNull("not reported before", rates.outBitsPerSecond());
        assertFalse(PortStatistics.of(after, Optional.empty()).rates().isPresent());
    }

    @Test
    public void rejectsNegativeCountersAndEmptyBatches() {
        assertRejected(() -> PortCounters.builder(LEAF1, "1", T0).inErrors(-1L), "inErrors");
        assertRejected(() -> LatencyBatch.of(LEAF1, LatencyClass.IPV6, T0, 0, 1), "at least one sample");
    }
}
