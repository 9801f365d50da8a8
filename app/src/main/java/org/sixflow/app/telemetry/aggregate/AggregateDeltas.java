// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.DeviceId;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Turns one device's cumulative aggregates into per-poll deltas. The packets of a row come from
 * the histogram (updated in the same pipeline pass as the sum, so sum / packets is a true mean),
 * not from the packet counter, which is read a moment earlier and only tells which slots moved.
 *
 * <p>Every register value is taken at its P4Info width, whatever bits above it a reader returns
 * (a 32-bit register read into a 64-bit long, sign-extended). Register deltas are taken modulo
 * their width. latency_sum is 32 bits on Tofino and can wrap several times between polls; its
 * delta is the one value congruent to the register's that n packets, each between the slot's
 * running min and max, can add up to (see {@link #sum}); when the extremes are too far apart
 * for one value, the one nearest n times their midpoint is taken and counted
 * ({@link #ambiguousSums()}).
 *
 * <p>The pipeline's registers restart from zero when it is pushed again (a device restart, a
 * new pipeconf): that shows as the packet counter going down, or, should it have counted past
 * its old value since, as latency_min going up or latency_max going down, which running
 * extremes never do. The values read are then the delta. Not thread-safe: one poller thread per
 * device.
 */
public final class AggregateDeltas {

    /** Packets the sum may count more or fewer than the histogram, beyond one in a thousand. */
    static final long SKEW_PACKETS = 1;

    private final AggregateLayout layout;
    private final long nanosPerTick;
    private final Map<Integer, Long> lastPackets = new HashMap<>();
    private final Map<Integer, SlotRegisters> lastRegisters = new HashMap<>();
    private long ambiguousSums;

    /**
     * Creates the deltas of one device.
     *
     * @param layout       the pipeline's aggregate layout
     * @param nanosPerTick ns per timestamp tick of the target
     */
    public AggregateDeltas(AggregateLayout layout, long nanosPerTick) {
        checkArgument(nanosPerTick > 0, "nanosPerTick must be positive");
        this.layout = layout;
        this.nanosPerTick = nanosPerTick;
    }

    /**
     * Returns the slots whose packet counter moved since the previous {@link #rows} call. A
     * slot seen for the first time moved if it counted any packet. Remembers nothing.
     *
     * @param packets packet counter per slot (slots absent count zero)
     * @return slots to read registers of
     */
    public List<Integer> moved(Map<Integer, Long> packets) {
        ImmutableList.Builder<Integer> moved = ImmutableList.builder();
        packets.forEach((slot, now) -> {
            Long before = lastPackets.get(slot);
            if (before == null ? now > 0 : !before.equals(now)) {
                moved.add(slot);
            }
        });
        return moved.build();
    }

    /**
     * Returns the rows of the slots read, and remembers the counters and their registers; until
     * this is called, a failed read loses nothing.
     *
     * @param deviceId  the device
     * @param polledAt  poll time
     * @param packets   the counters {@link #moved} was given
     * @param registers registers of the slots {@link #moved} returned
     * @return one row per slot that counted packets since the previous poll
     */
    public List<LatencyAggregate> rows(DeviceId deviceId, Instant polledAt, Map<Integer, Long> packets,
                                       List<SlotRegisters> registers) {
        packets.forEach((slot, now) -> {
            Long before = lastPackets.put(slot, now);
            if (before != null && now < before) {
                // A pipeline push reset counters and registers: start this slot afresh.
                lastRegisters.remove(slot);
            }
        });
        ImmutableList.Builder<LatencyAggregate> rows = ImmutableList.builder();
        for (SlotRegisters read : registers) {
            checkArgument(read.bucketCount() == layout.buckets(), "slot %s has %s buckets, the layout %s",
                          read.slot(), read.bucketCount(), layout.buckets());
            SlotRegisters now = atWidth(read);
            SlotRegisters before = lastRegisters.put(now.slot(), now);
            if (before != null && restarted(before, now)) {
                before = null;
            }
            long[] histogram = new long[layout.buckets()];
            long count = 0;
            for (int b = 0; b < histogram.length; b++) {
                histogram[b] = delta(now.bucket(b), before == null ? 0 : before.bucket(b), layout.bucketBits());
                count += histogram[b];
            }
            if (count == 0) {
                continue;
            }
            long modularSum = delta(now.sum(), before == null ? 0 : before.sum(), layout.sumBits());
            Long min = now.minPlusOne() == 0 ? null : now.minPlusOne() - 1;
            Long max = now.minPlusOne() == 0 ? null : now.max();
            long sum = modularSum;
            if (min != null) {
                Sum resolved = sum(modularSum, count, min, max, layout.sumBits());
                sum = resolved.value;
                if (resolved.ambiguous) {
                    ambiguousSums++;
                }
            }
            rows.add(LatencyAggregate.of(polledAt, deviceId, layout.classOf(now.slot()), layout.portOf(now.slot()),
                                         count, sum * nanosPerTick, min == null ? null : min * nanosPerTick,
                                         max == null ? null : max * nanosPerTick, histogram));
        }
        return rows.build();
    }

    /**
     * Returns how many sums could not be told from the register alone: more than one value fits
     * the slot's extremes, so the one nearest their midpoint was taken. Polling more often
     * (aggregatePollSeconds) makes them decidable again.
     *
     * @return ambiguous sums since creation
     */
    public long ambiguousSums() {
        return ambiguousSums;
    }

    // The registers as wide as the P4Info says, whatever a reader put above that.
    private SlotRegisters atWidth(SlotRegisters r) {
        long[] buckets = r.buckets();
        for (int b = 0; b < buckets.length; b++) {
            buckets[b] = truncate(buckets[b], layout.bucketBits());
        }
        return SlotRegisters.of(r.slot(), truncate(r.sum(), layout.sumBits()), truncate(r.minPlusOne(), layout.minBits()),
                                truncate(r.max(), layout.maxBits()), buckets);
    }

    // Running extremes only ever widen; when they narrowed, the registers started again from zero.
    private static boolean restarted(SlotRegisters before, SlotRegisters now) {
        if (before.minPlusOne() == 0) {
            return false;
        }
        return now.minPlusOne() == 0 || now.minPlusOne() > before.minPlusOne() || now.max() < before.max();
    }

    static long truncate(long value, int bits) {
        return bits >= 64 ? value : value & ((1L << bits) - 1);
    }

    // (now - before) mod 2^bits, for unsigned registers of that width.
    static long delta(long now, long before, int bits) {
        return truncate(now - before, bits);
    }

    /**
     * Recovers a sum of latencies from its value modulo 2^bits: the sum of n latencies, each
     * between min and max, lies in [n·min, n·max]; the values congruent to the register's in that
     * range are one when n·(max − min) is below 2^bits. Of several, the nearest to n times the
     * midpoint is taken and the result is marked ambiguous. The sum and the histogram cells that
     * give n are read in one request but not at one instant, so n is taken as uncertain by
     * {@link #SKEW_PACKETS} plus one in a thousand.
     *
     * @param modular the sum modulo 2^bits
     * @param packets n, packets summed
     * @param min     lowest latency any of them can have, in ticks
     * @param max     highest, in ticks
     * @param bits    the register's width
     * @return the sum, in ticks
     */
    static Sum sum(long modular, long packets, long min, long max, int bits) {
        if (bits >= 63 || max < min) {
            return new Sum(modular, false);
        }
        long modulus = 1L << bits;
        long skew = SKEW_PACKETS + packets / 1000;
        long low = saturatedProduct(Math.max(0, packets - skew), min);
        long high = saturatedProduct(packets + skew, max);
        if (high == Long.MAX_VALUE) {
            return new Sum(modular, true);    // beyond what a long holds: no telling
        }
        long first = modular;
        if (first < low) {
            first += ((low - modular - 1) / modulus + 1) * modulus;    // smallest candidate >= low
        }
        if (high - first < modulus) {
            return new Sum(first, false);    // one candidate (or none: the register's own value stands)
        }
        long middle = low / 2 + high / 2;
        long steps = Math.max(0, Math.round((double) (middle - first) / modulus));
        long lastSteps = (high - first) / modulus;
        return new Sum(first + Math.min(steps, lastSteps) * modulus, true);
    }

    private static long saturatedProduct(long a, long b) {
        long high = Math.multiplyHigh(a, b);
        long product = a * b;
        return high != 0 || product < 0 ? Long.MAX_VALUE : product;
    }

    /** A recovered sum and whether other values would have fitted too. */
    static final class Sum {
        final long value;
        final boolean ambiguous;

        Sum(long value, boolean ambiguous) {
            this.value = value;
            this.ambiguous = ambiguous;
        }
    }
}
