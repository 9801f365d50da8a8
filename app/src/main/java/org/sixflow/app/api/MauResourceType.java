// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

/**
 * A kind of Tofino match-action unit (MAU) resource that the compiler allocates per stage, in
 * the order reports list them.
 */
public enum MauResourceType {
    /** SRAM blocks (1024 × 128 bit): exact-match entries, action data, counters, meters. */
    SRAM("sram"),
    /** TCAM blocks (512 × 44 bit): ternary and LPM entries. */
    TCAM("tcam"),
    /** Logical table IDs: one per table placed in the stage. */
    LOGICAL_TABLES("logicalTables"),
    /** Bytes of the exact-match input crossbar. */
    EXACT_CROSSBAR_BYTES("exactCrossbarBytes"),
    /** Bytes of the ternary-match input crossbar. */
    TERNARY_CROSSBAR_BYTES("ternaryCrossbarBytes"),
    /** Bits of the hash functions' outputs. */
    HASH_BITS("hashBits"),
    /** Bytes of the action data bus. */
    ACTION_DATA_BUS_BYTES("actionDataBusBytes"),
    /** VLIW instruction slots. */
    VLIW_SLOTS("vliwSlots"),
    /** Gateways (the comparisons of if-conditions placed beside tables). */
    GATEWAYS("gateways");

    private final String label;

    MauResourceType(String label) {
        this.label = label;
    }

    /**
     * Returns the REST/CLI name (camelCase).
     *
     * @return label
     */
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
