// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.impl;

import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.Versioned;

import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Data-plane tree numbers, 1..max, claimed by tree id in a distributed map, lowest free first:
 * a freed number comes back, so creating and removing trees never runs out of numbers, and every
 * instance's claim is atomic (putIfAbsent).
 */
final class TreeNumbers {

    private final ConsistentMap<Integer, String> claims;
    private final int max;

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
            // Another instance may have taken it since the read: then look again.
            if (claims.putIfAbsent(number, treeId) == null) {
                return number;
            }
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
        Set<Integer> held = claims.keySet();
        boolean waiting = false;
        for (int number = 1; number <= max; number++) {
            if (!held.contains(number)) {
                if (usable.test(number)) {
                    return number;
                }
                waiting = true;
            }
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
        claims.remove(number, treeId);
    }

    /**
     * Frees every number a tree holds.
     *
     * @param treeId the tree
     */
    void releaseAll(String treeId) {
        for (Map.Entry<Integer, Versioned<String>> claim : claims.entrySet()) {
            if (treeId.equals(claim.getValue().value())) {
                claims.remove(claim.getKey(), treeId);
            }
        }
    }
}
