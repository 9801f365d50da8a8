// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * Deltas between polls: first reading, later readings, unmoved slots, wrapping registers (a
 * 32-bit bucket once, the 64-bit sum's low word several times), pipeline resets, and units.
 */
public class AggregateDeltasTest {

    private static final DeviceId LEAF = DeviceId.deviceId("device:leaf1");
    private static final Instant T1 = Instant.parse("2026-11-23T10:00:00Z");
    private static final Instant T2 = T1.plusSeconds(10);

    private final AggregateLayout layout = AggregateLayout.of(BundledPipeconfs.bmv2()).orElseThrow();
    private final AggregateDeltas deltas = new AggregateDeltas(layout, 1_000);
    private final int slot = layout.slot(1, 2);

    @Test
    public void firstPollIsEverythingCountedSoFar() {
        Map<Integer, Long> packets = Map.of(slot, 3L, layout.slot(0, 1), 0L);
        assertEquals(List.of(slot), deltas.moved(packets));
        List<LatencyAggregate> rows = deltas.rows(LEAF, T1, packets,
                                                  List.of(SlotRegisters.of(slot, 30, 8, 12, 0, 0, 0, 2, 1, 0, 0, 0)));
        assertEquals(List.of(LatencyAggregate.of(T1, LEAF, 1, 2, 3, 30_000, 7_000L, 12_000L, 0, 0, 0, 2, 1, 0, 0, 0)),
                     rows);
    }

    @Test
    public void laterPollsAreDifferencesAndKeepTheRunningExtremes() {
        Map<Integer, Long> first = Map.of(slot, 3L);
        deltas.rows(LEAF, T1, first, List.of(SlotRegisters.of(slot, 30, 8, 12, 0, 0, 0, 2, 1, 0, 0, 0)));
        Map<Integer, Long> second = Map.of(slot, 5L);
        assertEquals(List.of(slot), deltas.moved(second));
        LatencyAggregate row = deltas.rows(LEAF, T2, second,
                                           List.of(SlotRegisters.of(slot, 50, 5, 14, 0, 0, 1, 2, 2, 0, 0, 0))).get(0);
        assertEquals(2, row.packets());
        assertEquals(20_000, row.sumNanos());
        assertEquals(Long.valueOf(4_000), row.minNanos());
        assertEquals(Long.valueOf(14_000), row.maxNanos());
        assertArrayEquals(new long[]{0, 0, 1, 0, 1, 0, 0, 0}, row.histogram());
    }

    @Test
    public void unmovedSlotsAreNotRead() {
        Map<Integer, Long> packets = Map.of(slot, 3L);
        deltas.rows(LEAF, T1, packets, List.of(SlotRegisters.of(slot, 30, 8, 12, 0, 0, 0, 3, 0, 0, 0, 0)));
        assertTrue(deltas.moved(packets).isEmpty());
    }

    @Test
    public void aFailedReadLosesNothing() {
        Map<Integer, Long> packets = Map.of(slot, 3L);
        assertEquals(List.of(slot), deltas.moved(packets));
        // rows() never called: the next poll still sees the slot as moved.
        assertEquals(List.of(slot), deltas.moved(packets));
    }

    @Test
    public void registersNarrowerThan64BitsWrap() {
        assertEquals(5, AggregateDeltas.delta(2, 0xffff_fffdL, 32));
        assertEquals(7, AggregateDeltas.delta(10, 3, 64));
        // A 32-bit histogram bucket that wrapped between polls.
        deltas.rows(LEAF, T1, Map.of(slot, 10L),
                    List.of(SlotRegisters.of(slot, 100, 1, 20, 0xffff_fff0L, 0, 0, 0, 0, 0, 0, 0)));
        LatencyAggregate row = deltas.rows(LEAF, T2, Map.of(slot, 30L),
                                           List.of(SlotRegisters.of(slot, 300, 1, 20, 4, 0, 0, 0, 0, 0, 0, 0))).get(0);
        assertEquals(20, row.packets());
    }

    @Test
    public void severalWrapsOfTheLowWordBetweenPollsAreCounted() {
        // Tofino: ns, 1 us per packet at 1 Mpps fills 32 bits in 4.3 s; a 10 s poll sees the low
        // word wrap twice or more. latency_sum_hi carries them: the sum is 64 bits.
        assertEquals(64, layout.sumBits());
        AggregateDeltas nanos = new AggregateDeltas(layout, 1);
        long before = 0xF000_0000L;
        long after = 3L << 32 | 0x1000_0000L;
        nanos.rows(LEAF, T1, Map.of(slot, 10L), List.of(SlotRegisters.of(slot, before, 1, 20, 10, 0, 0, 0, 0, 0, 0, 0)));
        LatencyAggregate row = nanos.rows(LEAF, T2, Map.of(slot, 10_000_010L),
                                          List.of(SlotRegisters.of(slot, after, 1, 20, 10_000_010L, 0, 0, 0, 0, 0, 0, 0)))
                .get(0);
        assertEquals(10_000_000, row.packets());
        assertEquals(2 * (1L << 32) + 0x2000_0000L, row.sumNanos());
    }

    @Test
    public void aCounterThatWentDownMeansThePipelineRestarted() {
        deltas.rows(LEAF, T1, Map.of(slot, 100L),
                    List.of(SlotRegisters.of(slot, 1000, 5, 20, 0, 0, 0, 100, 0, 0, 0, 0)));
        LatencyAggregate row = deltas.rows(LEAF, T2, Map.of(slot, 4L),
                                           List.of(SlotRegisters.of(slot, 40, 9, 11, 0, 0, 0, 4, 0, 0, 0, 0))).get(0);
        assertEquals(4, row.packets());
        assertEquals(40_000, row.sumNanos());
    }

    @Test
    public void minAndMaxAreUnknownWhileMinPlusOneIsZero() {
        // latency_min holds min + 1, so 0 means the register has no minimum to give.
        LatencyAggregate row = only(deltas.rows(LEAF, T1, Map.of(slot, 1L),
                                                List.of(SlotRegisters.of(slot, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0))));
        assertNull(row.minNanos());
        assertNull(row.maxNanos());
    }

    private static LatencyAggregate only(List<LatencyAggregate> rows) {
        assertEquals(1, rows.size());
        return rows.get(0);
    }
}
