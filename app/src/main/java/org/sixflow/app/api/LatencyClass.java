// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * What the pipeline did to a packet, as its latency aggregates and telemetry reports name it.
 * Codes are p4src/common/define.p4's CLASS_* values (held together by LatencyClassTest); names
 * are what REST, CLI and the dashboard use.
 */
public enum LatencyClass {
    IPV6(0, "ipv6"),
    APN6_INSERT(1, "apn6-insert"),
    APN6_TRANSIT(2, "apn6-transit"),
    MSR6_TE_ENCAP(3, "msr6-te-encap"),
    MSR6_RLB_ENCAP(4, "msr6-rlb-encap"),
    MSR6_REPLICATE(5, "msr6-replicate"),
    MSR6_DECAP(6, "msr6-decap"),
    GTPU_ENCAP_ZERO(7, "gtpu-encap-zero"),
    GTPU_ENCAP_FULL(8, "gtpu-encap-full"),
    GTPU_ENCAP_INCREMENTAL(9, "gtpu-encap-incremental"),
    GTPU_DECAP(10, "gtpu-decap");

    /** The plain forwarding every feature is compared against. */
    public static final LatencyClass BASELINE = IPV6;

    private final int code;
    private final String label;

    LatencyClass(int code, String label) {
        this.code = code;
        this.label = label;
    }

    /**
     * Returns the data plane's code of this class.
     *
     * @return 0..15
     */
    public int code() {
        return code;
    }

    /**
     * Returns the name used outside Java (REST, CLI, dashboard).
     *
     * @return e.g. "apn6-insert"
     */
    public String label() {
        return label;
    }

    /**
     * Returns the class with the given data-plane code.
     *
     * @param code the code
     * @return the class
     * @throws IllegalArgumentException if no class has that code
     */
    public static LatencyClass ofCode(int code) {
        return find(code).orElseThrow(() -> new IllegalArgumentException("no latency class has code " + code));
    }

    /**
     * Returns the class with the given data-plane code, if there is one.
     *
     * @param code the code
     * @return the class, or empty
     */
    public static Optional<LatencyClass> find(int code) {
        return Arrays.stream(values()).filter(c -> c.code == code).findFirst();
    }

    /**
     * Parses a class from its label (case-insensitive) or its code.
     *
     * @param text e.g. "apn6-insert" or "1"
     * @return the class
     * @throws IllegalArgumentException naming the accepted labels if text is neither
     */
    public static LatencyClass parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("latency class missing; one of " + labels());
        }
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.chars().allMatch(Character::isDigit) && t.length() <= 2) {
            return ofCode(Integer.parseInt(t));
        }
        return Arrays.stream(values()).filter(c -> c.label.equals(t)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown latency class '" + text + "'; one of " + labels()));
    }

    private static String labels() {
        return String.join(", ", Arrays.stream(values()).map(LatencyClass::label).toArray(String[]::new));
    }

    @Override
    public String toString() {
        return label;
    }
}
