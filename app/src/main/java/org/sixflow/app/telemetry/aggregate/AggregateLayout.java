// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import com.google.protobuf.TextFormat;
import org.onosproject.net.pi.model.PiPipeconf;
import p4.config.v1.P4InfoOuterClass.Counter;
import p4.config.v1.P4InfoOuterClass.P4Info;
import p4.config.v1.P4InfoOuterClass.Register;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkArgument;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.P4_INFO_TEXT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_LAT_CLASS_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_LATENCY_HISTOGRAM;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_LATENCY_MAX;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_LATENCY_MIN;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_LATENCY_PACKETS;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_LATENCY_SUM;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_LATENCY_SUM_HI;

/**
 * Where a pipeline keeps its latency aggregates, read from its P4Info: the P4Runtime ids of the
 * packet counter and the registers, the number of slots (class, egress port), histogram buckets
 * per slot and the width of each register. The sum is kept in two 32-bit registers, latency_sum
 * (the low word) and latency_sum_hi (the carries out of it): 64 bits in all, so that no number of
 * wraps between two polls loses time. A pipeline without latency_sum_hi (a Tofino build before it)
 * has a sum as wide as latency_sum, whose deltas are taken modulo its width.
 * Slot = class &lt;&lt; portBits | port, with 2^(lat_class_t's width) classes.
 */
public final class AggregateLayout {

    /** Latency classes: lat_class_t's width is that of telemetry_sampling's lat_class key. */
    static final int CLASSES = 1 << HDR_LAT_CLASS_BITWIDTH;

    private final int packetsCounterId;
    private final int sumRegisterId;
    /** latency_sum_hi's id, or 0 when the pipeline has none. */
    private final int sumHighRegisterId;
    private final int minRegisterId;
    private final int maxRegisterId;
    private final int histogramRegisterId;
    private final int slots;
    private final int buckets;
    private final int sumBits;
    private final int minBits;
    private final int maxBits;
    private final int bucketBits;
    private final int portBits;

    private AggregateLayout(P4Info p4Info) {
        Counter packets = counter(p4Info, SIXFLOW_EGRESS_LATENCY_PACKETS.id());
        Register sum = register(p4Info, SIXFLOW_EGRESS_LATENCY_SUM.id());
        Register histogram = register(p4Info, SIXFLOW_EGRESS_LATENCY_HISTOGRAM.id());
        Register min = register(p4Info, SIXFLOW_EGRESS_LATENCY_MIN.id());
        Register max = register(p4Info, SIXFLOW_EGRESS_LATENCY_MAX.id());
        packetsCounterId = packets.getPreamble().getId();
        sumRegisterId = sum.getPreamble().getId();
        minRegisterId = min.getPreamble().getId();
        maxRegisterId = max.getPreamble().getId();
        histogramRegisterId = histogram.getPreamble().getId();
        slots = Math.toIntExact(packets.getSize());
        checkArgument(slots % CLASSES == 0 && Integer.bitCount(slots / CLASSES) == 1,
                      "latency slots %s are not %s classes times a power of two", slots, CLASSES);
        checkArgument(sum.getSize() == slots && histogram.getSize() % slots == 0,
                      "latency registers do not match %s slots", slots);
        buckets = Math.toIntExact(histogram.getSize() / slots);
        int lowBits = width(sum);
        Optional<Register> high = findRegister(p4Info, SIXFLOW_EGRESS_LATENCY_SUM_HI.id());
        sumHighRegisterId = high.map(r -> r.getPreamble().getId()).orElse(0);
        checkArgument(high.isEmpty() || lowBits == 32 && high.get().getSize() == slots,
                      "latency_sum_hi needs a 32-bit latency_sum and %s slots", slots);
        sumBits = lowBits + high.map(AggregateLayout::width).orElse(0);
        checkArgument(sumBits <= 64, "latency_sum is %s bits wide", sumBits);
        minBits = width(min);
        maxBits = width(max);
        bucketBits = width(histogram);
        portBits = Integer.numberOfTrailingZeros(slots / CLASSES);
    }

    /**
     * Reads the layout from P4Info text.
     *
     * @param p4InfoText P4Info in protobuf text format
     * @return the layout
     * @throws IllegalArgumentException when the P4Info lacks the aggregates or cannot be parsed
     */
    public static AggregateLayout fromP4InfoText(InputStream p4InfoText) {
        P4Info.Builder p4Info = P4Info.newBuilder();
        try {
            TextFormat.getParser().merge(new InputStreamReader(p4InfoText, StandardCharsets.UTF_8), p4Info);
        } catch (IOException e) {
            throw new IllegalArgumentException("Cannot read P4Info: " + e.getMessage(), e);
        }
        return new AggregateLayout(p4Info.build());
    }

    /**
     * Reads the layout of a pipeconf.
     *
     * @param pipeconf the pipeconf
     * @return the layout, or empty when the pipeconf carries no P4Info text
     */
    public static Optional<AggregateLayout> of(PiPipeconf pipeconf) {
        return pipeconf.extension(P4_INFO_TEXT).map(AggregateLayout::fromP4InfoText);
    }

    private static Counter counter(P4Info p4Info, String name) {
        return p4Info.getCountersList().stream().filter(c -> c.getPreamble().getName().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("P4Info has no counter " + name));
    }

    private static int width(Register register) {
        int bits = register.getTypeSpec().getBitstring().getBit().getBitwidth();
        checkArgument(bits > 0 && bits <= 64, "%s is %s bits wide", register.getPreamble().getName(), bits);
        return bits;
    }

    private static Register register(P4Info p4Info, String name) {
        return findRegister(p4Info, name)
                .orElseThrow(() -> new IllegalArgumentException("P4Info has no register " + name));
    }

    private static Optional<Register> findRegister(P4Info p4Info, String name) {
        return p4Info.getRegistersList().stream().filter(r -> r.getPreamble().getName().equals(name)).findFirst();
    }

    public int packetsCounterId() {
        return packetsCounterId;
    }

    public int sumRegisterId() {
        return sumRegisterId;
    }

    /**
     * Returns the id of latency_sum_hi, the carries out of latency_sum.
     *
     * @return its P4Runtime id, or empty when the sum is latency_sum alone
     */
    public Optional<Integer> sumHighRegisterId() {
        return sumHighRegisterId == 0 ? Optional.empty() : Optional.of(sumHighRegisterId);
    }

    public int minRegisterId() {
        return minRegisterId;
    }

    public int maxRegisterId() {
        return maxRegisterId;
    }

    public int histogramRegisterId() {
        return histogramRegisterId;
    }

    /** Slots (class, egress port) in the counter and the per-slot registers. */
    public int slots() {
        return slots;
    }

    /** Histogram buckets per slot. */
    public int buckets() {
        return buckets;
    }

    /** Width of the sum (latency_sum, and latency_sum_hi above it); its deltas are taken modulo 2^sumBits. */
    public int sumBits() {
        return sumBits;
    }

    /** Width of latency_min. */
    public int minBits() {
        return minBits;
    }

    /** Width of latency_max. */
    public int maxBits() {
        return maxBits;
    }

    /** Width of each latency_histogram cell; their deltas are taken modulo 2^bucketBits. */
    public int bucketBits() {
        return bucketBits;
    }

    /**
     * Returns the slot of a (class, port).
     *
     * @param latencyClass class code 0..15
     * @param port         egress port
     * @return the slot
     */
    public int slot(int latencyClass, int port) {
        checkArgument(latencyClass >= 0 && latencyClass < CLASSES, "class %s outside 0..%s", latencyClass,
                      CLASSES - 1);
        checkArgument(port >= 0 && port < (1 << portBits), "port %s outside 0..%s", port, (1 << portBits) - 1);
        return latencyClass << portBits | port;
    }

    /**
     * Returns the slots of every class at the given egress ports, the ones a device with those
     * ports can count in; ports outside the counter's range are left out.
     *
     * @param ports egress port numbers
     * @return the slots, by class then port
     */
    public List<Integer> slotsAt(Collection<Long> ports) {
        List<Long> inRange = ports.stream().filter(p -> p >= 0 && p < (1L << portBits)).distinct().sorted()
                .collect(Collectors.toList());
        List<Integer> at = new ArrayList<>(CLASSES * inRange.size());
        for (int latencyClass = 0; latencyClass < CLASSES; latencyClass++) {
            for (long port : inRange) {
                at.add(slot(latencyClass, (int) port));
            }
        }
        return at;
    }

    /**
     * Returns the class of a slot.
     *
     * @param slot the slot
     * @return class code
     */
    public int classOf(int slot) {
        return slot >>> portBits;
    }

    /**
     * Returns the egress port of a slot.
     *
     * @param slot the slot
     * @return port number
     */
    public int portOf(int slot) {
        return slot & ((1 << portBits) - 1);
    }
}
