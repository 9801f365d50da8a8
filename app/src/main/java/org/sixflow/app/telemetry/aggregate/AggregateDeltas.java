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
 * Register deltas are taken modulo their width (Tofino's 32-bit sum wraps); a packet counter
 * that went down means the pipeline was pushed again and its registers restarted from zero, so
 * the cumulative values are the delta. Not thread-safe: one poller thread per device.
 */
public final class AggregateDeltas {

    private static final int BUCKET_BITS = 32;

    private final AggregateLayout layout;
    private final long nanosPerTick;
    private final Map<Integer, Long> lastPackets = new HashMap<>();
    private final Map<Integer, SlotRegisters> lastRegisters = new HashMap<>();

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
        for (SlotRegisters now : registers) {
            checkArgument(now.bucketCount() == layout.buckets(), "slot %s has %s buckets, the layout %s",
                          now.slot(), now.bucketCount(), layout.buckets());
            SlotRegisters before = lastRegisters.put(now.slot(), now);
            long[] histogram = new long[layout.buckets()];
            long count = 0;
            for (int b = 0; b < histogram.length; b++) {
                histogram[b] = delta(now.bucket(b), before == null ? 0 : before.bucket(b), BUCKET_BITS);
                count += histogram[b];
            }
            if (count == 0) {
                continue;
            }
            long sum = delta(now.sum(), before == null ? 0 : before.sum(), layout.sumBits());
            Long min = now.minPlusOne() == 0 ? null : (now.minPlusOne() - 1) * nanosPerTick;
            Long max = now.minPlusOne() == 0 ? null : now.max() * nanosPerTick;
            rows.add(LatencyAggregate.of(polledAt, deviceId, layout.classOf(now.slot()), layout.portOf(now.slot()),
                                         count, sum * nanosPerTick, min, max, histogram));
        }
        return rows.build();
    }

    // (now - before) mod 2^bits, for unsigned registers of that width.
    static long delta(long now, long before, int bits) {
        long d = now - before;
        return bits >= 64 ? d : d & ((1L << bits) - 1);
    }
}
