// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.resources.tofino;

import org.sixflow.app.api.MauResourceType;

import java.util.EnumMap;
import java.util.Map;

/**
 * What one MAU stage of Tofino 1 has, per resource: the one place Sixflow keeps these figures
 * (docs/features/resources.md#tofino-capacity-per-stage). Used/capacity shares are taken against
 * them.
 */
public final class TofinoCapacity {

    /** Stages per pipe on Tofino 1. */
    public static final int STAGES = 12;

    private static final Map<MauResourceType, Integer> PER_STAGE = new EnumMap<>(MauResourceType.class);

    static {
        PER_STAGE.put(MauResourceType.SRAM, 80);                        // 8 rows × 10 columns of 1024 × 128 b
        PER_STAGE.put(MauResourceType.TCAM, 24);                        // 12 rows × 2 columns of 512 × 44 b
        PER_STAGE.put(MauResourceType.LOGICAL_TABLES, 16);
        PER_STAGE.put(MauResourceType.EXACT_CROSSBAR_BYTES, 8 * 128 / 8);   // 8 groups × 128 b
        PER_STAGE.put(MauResourceType.TERNARY_CROSSBAR_BYTES, 12 * 44 / 8); // 12 groups × 44 b
        PER_STAGE.put(MauResourceType.HASH_BITS, 8 * 52);               // 8 hash functions × 52 b
        PER_STAGE.put(MauResourceType.ACTION_DATA_BUS_BYTES, 128);
        PER_STAGE.put(MauResourceType.VLIW_SLOTS, 32);
        // Gateways: 8 SRAM rows × 2 gateways each (docs/features/resources.md lists them too).
        PER_STAGE.put(MauResourceType.GATEWAYS, 8 * 2);
    }

    private TofinoCapacity() {
    }

    /**
     * Returns how many units of a resource one stage has.
     *
     * @param type the resource
     * @return units per stage
     */
    public static int perStage(MauResourceType type) {
        return PER_STAGE.get(type);
    }
}
