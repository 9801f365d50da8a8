// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.P4_INFO_TEXT;

/**
 * Deltas between polls: first reading, later readings, unmoved slots, wrapping registers (a
 * 32-bit bucket once, the 64-bit sum's low word several times, and a sum without latency_sum_hi
 * several times per poll over successive polls), registers read wider than they are, pipeline
 * resets (with the counter going down, or past its old value), and units.
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

    // A Tofino pipeline whose sum is latency_sum's 32 bits alone (counting ns), as Tofino builds
    // were before latency_sum_hi: the bundled Tofino P4Info without that register.
    private final AggregateLayout tofino = AggregateLayout.fromP4InfoText(withoutRegister(
            BundledPipeconfs.tofino().extension(P4_INFO_TEXT).orElseThrow(), "SixflowEgress.latency_sum_hi"));
    private final int tofinoSlot = tofino.slot(2, 5);
    private static final long WRAP = 1L << 32;

    /** Cumulative Tofino registers of one slot whose packets all fall in histogram bucket 1. */
    private final class TofinoSlot {
        long packets;
        long sum;
        long min = Long.MAX_VALUE;
        long max;
        long bucket;

        TofinoSlot(long startingBucket) {
            bucket = startingBucket;
        }

        /** n packets of the given mean latency, between lo and hi ns, then a poll of the registers. */
        LatencyAggregate poll(AggregateDeltas deltas, Instant at, long n, long mean, long lo, long hi) {
            packets += n;
            sum += n * mean;
            bucket += n;
            min = Math.min(min, lo);
            max = Math.max(max, hi);
            return only(deltas.rows(LEAF, at, Map.of(tofinoSlot, packets), List.of(SlotRegisters.of(
                    tofinoSlot, sum % WRAP, min + 1, max, 0, bucket % WRAP, 0, 0, 0, 0, 0, 0))));
        }
    }

    @Test
    public void aSumThatWrapsSeveralTimesPerPollIsRecoveredOverSuccessivePolls() {
        AggregateDeltas deltas = new AggregateDeltas(tofino, 1);
        assertEquals(32, tofino.sumBits());
        TofinoSlot registers = new TofinoSlot(0);
        // Since the pipeline started: 4,294,000,000 packets of 370 ns, a sum that wrapped 369 times.
        LatencyAggregate first = registers.poll(deltas, T1, 4_294_000_000L, 370, 370, 370);
        assertEquals(4_294_000_000L, first.packets());
        assertEquals(4_294_000_000L * 370, first.sumNanos());
        // Then 10 s polls of 2, 3 and 1 x 10^7 packets (2 to 3 Mpps): 1.7, 2.6 and 0.9 wraps of the
        // sum each, and histogram bucket 1 wraps at the first of them.
        long[][] polls = {{20_000_000, 365}, {30_000_000, 372}, {10_000_000, 379}};
        Instant at = T2;
        for (long[] poll : polls) {
            LatencyAggregate row = registers.poll(deltas, at, poll[0], poll[1], 360, 380);
            assertEquals(at.toString(), poll[0], row.packets());
            assertEquals(at.toString(), poll[0] * poll[1], row.sumNanos());
            assertEquals(Long.valueOf(360), row.minNanos());
            assertEquals(Long.valueOf(380), row.maxNanos());
            at = at.plusSeconds(10);
        }
        assertEquals(0, deltas.ambiguousSums());
    }

    @Test
    public void aSumTheExtremesCannotPinDownIsTheNearestToTheirMidpointAndCounted() {
        AggregateDeltas deltas = new AggregateDeltas(tofino, 1);
        TofinoSlot registers = new TofinoSlot(0);
        registers.poll(deltas, T1, 1_000, 200, 100, 300);
        // 10^8 packets between 100 and 10,000 ns: 230 congruent sums fit; the midpoint's is taken.
        LatencyAggregate row = registers.poll(deltas, T2, 100_000_000, 5_050, 100, 10_000);
        assertEquals(100_000_000L * 5_050, row.sumNanos());
        assertEquals(1, deltas.ambiguousSums());
    }

    @Test
    public void registersReadWiderThanTheyAreCountOnlyTheirWidth() {
        // A reader that sign-extends 32-bit cells: 0xFFFFFF00 arrives as -256. Five packets of
        // 0xFFFFFF00 ns (absurd, but what the registers say) sum to 0xFFFFFB00 modulo 2^32.
        AggregateDeltas signExtended = new AggregateDeltas(tofino, 1);
        AggregateDeltas exact = new AggregateDeltas(tofino, 1);
        SlotRegisters wide = SlotRegisters.of(tofinoSlot, -1280, -255, -256, 0, 5, 0, 0, 0, 0, 0, 0);
        SlotRegisters narrow = SlotRegisters.of(tofinoSlot, 0xFFFF_FB00L, 0xFFFF_FF01L, 0xFFFF_FF00L,
                                                0, 5, 0, 0, 0, 0, 0, 0);
        LatencyAggregate expected = only(exact.rows(LEAF, T1, Map.of(tofinoSlot, 5L), List.of(narrow)));
        assertEquals(expected, only(signExtended.rows(LEAF, T1, Map.of(tofinoSlot, 5L), List.of(wide))));
        assertEquals(Long.valueOf(0xFFFF_FF00L), expected.minNanos());
        assertEquals(Long.valueOf(0xFFFF_FF00L), expected.maxNanos());
        assertEquals(5 * 0xFFFF_FF00L, expected.sumNanos());
    }

    @Test
    public void aPipelineThatRestartedAndCountedPastItsOldValueStartsAfresh() {
        deltas.rows(LEAF, T1, Map.of(slot, 100L),
                    List.of(SlotRegisters.of(slot, 1000, 5, 20, 0, 0, 0, 100, 0, 0, 0, 0)));
        // Restarted: 150 packets since, more than before, but its running min went up and max down.
        LatencyAggregate row = only(deltas.rows(LEAF, T2, Map.of(slot, 150L),
                                                List.of(SlotRegisters.of(slot, 1500, 9, 11, 0, 0, 0, 150, 0, 0, 0, 0))));
        assertEquals(150, row.packets());
        assertEquals(1_500_000, row.sumNanos());
        assertArrayEquals(new long[]{0, 0, 0, 150, 0, 0, 0, 0}, row.histogram());
    }

    @Test
    public void aSumThatWrappedSeveralTimesSinceARestartIsRecovered() {
        AggregateDeltas deltas = new AggregateDeltas(tofino, 1);
        TofinoSlot before = new TofinoSlot(0);
        before.poll(deltas, T1, 50_000_000, 300, 290, 310);
        // The device restarted: 30 million packets of 400 ns since, 2.8 wraps of a sum that began at 0.
        TofinoSlot after = new TofinoSlot(0);
        LatencyAggregate row = after.poll(deltas, T2, 30_000_000, 400, 395, 405);
        assertEquals(30_000_000, row.packets());
        assertEquals(30_000_000L * 400, row.sumNanos());
    }

    private static LatencyAggregate only(List<LatencyAggregate> rows) {
        assertEquals(1, rows.size());
        return rows.get(0);
    }

    /** The P4Info text of a pipeconf without one register, as a pipeline that lacks it would have. */
    private static InputStream withoutRegister(InputStream p4InfoText, String name) {
        try (InputStream in = p4InfoText) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            String stripped = text.replaceFirst("registers \\{\\s*preamble \\{\\s*id: \\d+\\s*name: \""
                    + Pattern.quote(name) + "\"[\\s\\S]*?\n\\}\n", "");
            assertTrue("the P4Info has " + name, stripped.length() < text.length());
            return new ByteArrayInputStream(stripped.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
