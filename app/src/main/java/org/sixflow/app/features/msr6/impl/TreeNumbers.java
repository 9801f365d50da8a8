// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Versioned;
import org.sixflow.app.impl.NewestWrites;

import java.util.BitSet;
import java.util.Map;
import java.util.function.IntPredicate;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Data-plane tree numbers, 1..max, claimed by tree id in a distributed map, lowest free first:
 * a freed number comes back, so creating and removing trees never runs out of numbers, and every
 * instance's claim is atomic (putIfAbsent).
 *
 * <p>Which numbers are held is also kept here ({@link HeldNumbers}), from the map's events and
 * this instance's writes, so that finding the lowest free one does not read every claim from the
 * map. It lags another instance's claims by an event's delay: a claim still settles it (a number
 * taken meanwhile fails putIfAbsent, and the next is tried), and a trial build may use a number
 * taken meanwhile, as it could when it read the map (a trial only checks; the owner claims its
 * tree's own number).
 */
final class TreeNumbers {

    private final ConsistentMap<Integer, String> claims;
    private final int max;
    private final HeldNumbers held = new HeldNumbers();
    private final MapEventListener<Integer, String> listener = this::changed;

    /**
     * Numbers over a map.
     *
     * @param claims number to the id of the tree that holds it
     * @param max    the highest number
     */
    TreeNumbers(ConsistentMap<Integer, String> claims, int max) {
        checkArgument(max >= 1, "no numbers to give");
        this.claims = claims;
        this.max = max;
        // Without an executor: marking a bit never waits, so it may run on the map's thread.
        claims.addListener(listener);
        claims.entrySet().forEach(e -> held.written(e.getKey(), NewestWrites.written(e.getValue().version()), false));
    }

    /** Stops following the map. */
    void close() {
        claims.removeListener(listener);
    }

    /**
     * Claims the lowest free number.
     *
     * @param treeId the tree that will hold it
     * @return the number
     * @throws IllegalArgumentException when every number is held
     */
    int claim(String treeId) {
        return claim(treeId, n -> true);
    }

    /**
     * Claims the lowest free number that is usable now.
     *
     * @param treeId the tree that will hold it
     * @param usable whether a free number may be given now
     * @return the number
     * @throws IllegalArgumentException when no free number is usable
     */
    int claim(String treeId, IntPredicate usable) {
        while (true) {
            int number = lowestFree(usable);
            // Another instance may have taken it (its event still on the way): then look again.
            Versioned<String> holder = claims.putIfAbsent(number, treeId);
            if (holder == null) {
                held.claimed(number);
                return number;
            }
            held.written(number, NewestWrites.written(holder.version()), false);
        }
    }

    /**
     * The number {@link #claim} would give now.
     *
     * @return the lowest free number
     * @throws IllegalArgumentException when every number is held
     */
    int lowestFree() {
        return lowestFree(n -> true);
    }

    /**
     * The number {@link #claim(String, IntPredicate)} would give now.
     *
     * @param usable whether a free number may be given now
     * @return the lowest free usable number
     * @throws IllegalArgumentException when no free number is usable
     */
    int lowestFree(IntPredicate usable) {
        BitSet taken = held.now();
        boolean waiting = false;
        for (int number = taken.nextClearBit(1); number <= max; number = taken.nextClearBit(number + 1)) {
            if (usable.test(number)) {
                return number;
            }
            waiting = true;
        }
        throw new IllegalArgumentException(waiting
                ? "every free tree number still has groups being deleted: try again shortly"
                : "all " + max + " tree numbers are in use: remove a tree first");
    }

    /**
     * Frees a number if the tree holds it.
     *
     * @param number the number
     * @param treeId the tree
     */
    void release(int number, String treeId) {
        Versioned<String> claim = claims.get(number);
        if (claim != null && treeId.equals(claim.value())) {
            release(number, claim);
        }
    }

    private void changed(MapEvent<Integer, String> event) {
        if (event.type() == MapEvent.Type.REMOVE) {
            held.written(event.key(), NewestWrites.after(event.oldValue().version()), true);
        } else {
            held.written(event.key(), NewestWrites.written(event.newValue().version()), false);
        }
    }

    /** Frees a claim at the version read, and marks it free here at once. */
    private void release(int number, Versioned<String> claim) {
        if (claims.remove(number, claim.version())) {
            held.written(number, NewestWrites.after(claim.version()), true);
        }
    }

    /**
     * Frees every number a tree holds.
     *
     * @param treeId the tree
     */
    void releaseAll(String treeId) {
        for (Map.Entry<Integer, Versioned<String>> claim : claims.entrySet()) {
            if (treeId.equals(claim.getValue().value())) {
                release(claim.getKey(), claim.getValue());
            }
        }
    }
}
