// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.api;

/**
 * How a tree is written into the Multicast Routing Header.
 */
public enum Msr6Mode {
    /** Explicit tree with End.RL SIDs (MRH Type 1). */
    TE(1),
    /** Explicit tree with End.RLB.X SIDs and local bitstrings (MRH Type 3 in Sixflow). */
    RLB(3);

    private final int mrhType;

    Msr6Mode(int mrhType) {
        this.mrhType = mrhType;
    }

    /** The MRH Type code point (docs/features/msr6.md#encapsulation). */
    public int mrhType() {
        return mrhType;
    }
}
