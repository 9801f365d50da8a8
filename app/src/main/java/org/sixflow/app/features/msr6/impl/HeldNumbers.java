// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.sixflow.app.impl.NewestWrites;

import java.util.BitSet;

/**
 * Which tree numbers are held, as this instance knows from the numbers map's events and its own
 * writes, kept in the map's order of writes ({@link NewestWrites}): finding the lowest free
 * number scans bits instead of reading every claim from the map.
 */
final class HeldNumbers {

    private final BitSet held = new BitSet();
    private final NewestWrites<Integer> writes = new NewestWrites<>();

    /**
     * A write of the map: a claim (or the claim found by a failed putIfAbsent), or a release.
     *
     * @param number  the number
     * @param order   the write's order (NewestWrites#written or #after)
     * @param removal whether it frees the number
     */
    synchronized void written(int number, long order, boolean removal) {
        if (writes.accept(number, order, removal)) {
            held.set(number, !removal);
        }
    }

    /**
     * A claim this instance just made, whose version the map does not tell: held at once, and
     * the claim's own event confirms it.
     *
     * @param number the number
     */
    synchronized void claimed(int number) {
        held.set(number);
    }

    /**
     * The numbers held now.
     *
     * @return a copy
     */
    synchronized BitSet now() {
        return (BitSet) held.clone();
    }
}
