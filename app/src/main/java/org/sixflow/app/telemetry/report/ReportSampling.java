// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import com.google.common.collect.ImmutableSortedMap;
import org.sixflow.app.api.LatencyClass;

import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

import static com.google.common.base.Preconditions.checkArgument;
import static org.sixflow.pipeconf.P4InfoConstants.MASK_BITWIDTH;

/**
 * Which latency classes send per-packet telemetry reports, and how often: one in 2^k packets of
 * a class. Written as the component property reportSampling: "off" (none), "k" (every class),
 * or "class=k,…" with a class label or code, e.g. "ipv6=0,msr6-replicate=0" to collect every
 * packet of an experiment's two classes.
 */
public final class ReportSampling {

    /** Sampling one packet in 2^k: k stays below the width of telemetry_sampling's sample(mask). */
    static final int MAX_SHIFT = MASK_BITWIDTH - 1;

    private final SortedMap<LatencyClass, Integer> shifts;

    private ReportSampling(SortedMap<LatencyClass, Integer> shifts) {
        this.shifts = ImmutableSortedMap.copyOfSorted(shifts);
    }

    /**
     * Parses the property.
     *
     * @param text "off", "k", or "class=k,…"
     * @return the sampling
     * @throws IllegalArgumentException naming the part that is wrong
     */
    public static ReportSampling parse(String text) {
        String t = text == null ? "" : text.trim();
        checkArgument(!t.isEmpty(), "reportSampling is empty; use off, k (1 in 2^k of every class) or class=k,...");
        SortedMap<LatencyClass, Integer> shifts = new TreeMap<>();
        if (t.equalsIgnoreCase("off")) {
            return new ReportSampling(shifts);
        }
        if (!t.contains("=")) {
            int k = shift(t);
            for (LatencyClass c : LatencyClass.values()) {
                shifts.put(c, k);
            }
            return new ReportSampling(shifts);
        }
        for (String part : t.split(",")) {
            String[] pair = part.split("=", -1);
            checkArgument(pair.length == 2, "\"%s\" in reportSampling is not class=k", part.trim());
            LatencyClass c = LatencyClass.parse(pair[0]);
            checkArgument(shifts.put(c, shift(pair[1])) == null, "class %s appears twice in reportSampling", c);
        }
        return new ReportSampling(shifts);
    }

    private static int shift(String text) {
        try {
            int k = Integer.parseInt(text.trim());
            checkArgument(k >= 0 && k <= MAX_SHIFT, "sampling exponent %s outside 0..%s", k, MAX_SHIFT);
            return k;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("sampling exponent \"" + text.trim() + "\" is not a number 0.."
                                                       + MAX_SHIFT);
        }
    }

    /**
     * Returns the sampled classes with their exponent k (one in 2^k packets).
     *
     * @return class to k, by class
     */
    public Map<LatencyClass, Integer> shifts() {
        return shifts;
    }

    /**
     * Returns the data plane's mask for an exponent: a packet is reported when its class sequence
     * number ANDed with the mask is zero.
     *
     * @param shift k
     * @return 2^k - 1
     */
    public static long mask(int shift) {
        return (1L << shift) - 1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ReportSampling && shifts.equals(((ReportSampling) o).shifts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(shifts);
    }

    @Override
    public String toString() {
        if (shifts.isEmpty()) {
            return "off";
        }
        StringBuilder b = new StringBuilder();
        shifts.forEach((c, k) -> b.append(b.length() == 0 ? "" : ",").append(c.label()).append('=').append(k));
        return b.toString();
    }
}
