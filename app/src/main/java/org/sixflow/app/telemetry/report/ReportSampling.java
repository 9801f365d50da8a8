// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import com.google.common.collect.ImmutableSortedMap;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.LatencyClass;

import java.util.Comparator;
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
 * packet of an experiment's two classes. A part "class=k@device" applies on that device only
 * and wins there over the class's part for every device: "ipv6=10,ipv6=0@device:beijing" reports
 * every IPv6 packet at beijing and one in 1,024 elsewhere (an experiment measures its classes at
 * its ingress device: the other routers on the probes' path need not report them).
 */
public final class ReportSampling {

    /** Sampling one packet in 2^k: k stays below the width of telemetry_sampling's sample(mask). */
    static final int MAX_SHIFT = MASK_BITWIDTH - 1;
    /** Devices in the order of their ids' text, so that the property reads the same each time. */
    private static final Comparator<DeviceId> BY_NAME = Comparator.comparing(DeviceId::toString);

    private final SortedMap<LatencyClass, Integer> shifts;
    private final SortedMap<DeviceId, SortedMap<LatencyClass, Integer>> deviceShifts;

    private ReportSampling(SortedMap<LatencyClass, Integer> shifts,
                           SortedMap<DeviceId, SortedMap<LatencyClass, Integer>> deviceShifts) {
        this.shifts = ImmutableSortedMap.copyOfSorted(shifts);
        ImmutableSortedMap.Builder<DeviceId, SortedMap<LatencyClass, Integer>> devices =
                ImmutableSortedMap.orderedBy(BY_NAME);
        deviceShifts.forEach((d, m) -> devices.put(d, ImmutableSortedMap.copyOfSorted(m)));
        this.deviceShifts = devices.build();
    }

    /**
     * Returns the sampling of some parts for every device and some for one device only.
     *
     * @param shifts       class to k on every device
     * @param deviceShifts device to its own classes and k; devices with none are left out
     * @return the sampling
     */
    public static ReportSampling of(Map<LatencyClass, Integer> shifts,
                                    Map<DeviceId, ? extends Map<LatencyClass, Integer>> deviceShifts) {
        SortedMap<DeviceId, SortedMap<LatencyClass, Integer>> devices = new TreeMap<>(BY_NAME);
        deviceShifts.forEach((d, m) -> {
            if (!m.isEmpty()) {
                devices.put(d, new TreeMap<>(m));
            }
        });
        return new ReportSampling(new TreeMap<>(shifts), devices);
    }

    /**
     * Parses the property.
     *
     * @param text "off", "k", or "class=k[@device],…"
     * @return the sampling
     * @throws IllegalArgumentException naming the part that is wrong
     */
    public static ReportSampling parse(String text) {
        String t = text == null ? "" : text.trim();
        checkArgument(!t.isEmpty(), "reportSampling is empty; use off, k (1 in 2^k of every class) or class=k,...");
        SortedMap<LatencyClass, Integer> shifts = new TreeMap<>();
        SortedMap<DeviceId, SortedMap<LatencyClass, Integer>> devices = new TreeMap<>(BY_NAME);
        if (t.equalsIgnoreCase("off")) {
            return new ReportSampling(shifts, devices);
        }
        if (!t.contains("=")) {
            int k = shift(t);
            for (LatencyClass c : LatencyClass.values()) {
                shifts.put(c, k);
            }
            return new ReportSampling(shifts, devices);
        }
        for (String part : t.split(",")) {
            String[] pair = part.split("=", -1);
            checkArgument(pair.length == 2, "\"%s\" in reportSampling is not class=k", part.trim());
            LatencyClass c = LatencyClass.parse(pair[0]);
            String[] where = pair[1].split("@", -1);
            checkArgument(where.length <= 2, "\"%s\" in reportSampling is not class=k@device", part.trim());
            if (where.length == 1) {
                checkArgument(shifts.put(c, shift(where[0])) == null, "class %s appears twice in reportSampling", c);
            } else {
                String device = where[1].trim();
                checkArgument(!device.isEmpty() && !device.contains(" "),
                              "\"%s\" in reportSampling names no device after @", part.trim());
                checkArgument(devices.computeIfAbsent(DeviceId.deviceId(device), d -> new TreeMap<>())
                                      .put(c, shift(where[0])) == null,
                              "class %s appears twice for %s in reportSampling", c, device);
            }
        }
        return new ReportSampling(shifts, devices);
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
     * Returns the classes sampled on every device with their exponent k (one in 2^k packets).
     *
     * @return class to k, by class
     */
    public Map<LatencyClass, Integer> shifts() {
        return shifts;
    }

    /**
     * Returns the parts for one device only ("class=k@device"), by device.
     *
     * @return device to its classes and k
     */
    public Map<DeviceId, SortedMap<LatencyClass, Integer>> deviceShifts() {
        return deviceShifts;
    }

    /**
     * Returns what a device samples: the parts for every device, each overridden by the device's
     * own part for that class.
     *
     * @param device the device
     * @return class to k, by class
     */
    public Map<LatencyClass, Integer> shiftsAt(DeviceId device) {
        SortedMap<LatencyClass, Integer> own = deviceShifts.get(device);
        if (own == null) {
            return shifts;
        }
        SortedMap<LatencyClass, Integer> at = new TreeMap<>(shifts);
        at.putAll(own);
        return ImmutableSortedMap.copyOfSorted(at);
    }

    /**
     * Refuses a k the data plane cannot sample.
     *
     * @param shift k
     * @throws IllegalArgumentException outside 0..{@link #MAX_SHIFT}
     */
    static void checkShift(int shift) {
        checkArgument(shift >= 0 && shift <= MAX_SHIFT, "k %s outside 0..%s", shift, MAX_SHIFT);
    }

    /**
     * Returns this sampling with a device reporting a class at least one packet in 2^k: the
     * device's own part for the class becomes the smaller of k and what it samples now (k where
     * the class does not report there); every other part stays.
     *
     * @param device the device
     * @param cls    the class
     * @param shift  k, 0..{@link #MAX_SHIFT}
     * @return the sampling, this one when it already reports that often
     */
    public ReportSampling atLeast(DeviceId device, LatencyClass cls, int shift) {
        checkShift(shift);
        Integer now = shiftsAt(device).get(cls);
        if (now != null && now <= shift) {
            return this;
        }
        SortedMap<DeviceId, SortedMap<LatencyClass, Integer>> devices = new TreeMap<>(BY_NAME);
        deviceShifts.forEach((d, m) -> devices.put(d, new TreeMap<>(m)));
        devices.computeIfAbsent(device, d -> new TreeMap<>()).put(cls, shift);
        return new ReportSampling(new TreeMap<>(shifts), devices);
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
        return o instanceof ReportSampling && shifts.equals(((ReportSampling) o).shifts)
                && deviceShifts.equals(((ReportSampling) o).deviceShifts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(shifts, deviceShifts);
    }

    @Override
    public String toString() {
        if (shifts.isEmpty() && deviceShifts.isEmpty()) {
            return "off";
        }
        StringBuilder b = new StringBuilder();
        shifts.forEach((c, k) -> b.append(b.length() == 0 ? "" : ",").append(c.label()).append('=').append(k));
        deviceShifts.forEach((d, m) -> m.forEach((c, k) -> b.append(b.length() == 0 ? "" : ",").append(c.label())
                .append('=').append(k).append('@').append(d)));
        return b.toString();
    }
}
