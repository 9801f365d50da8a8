// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.impl;

import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.Versioned;

import java.util.Map;
import java.util.Set;

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
        while (true) {
            int number = lowestFree();
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
        Set<Integer> held = claims.keySet();
        for (int number = 1; number <= max; number++) {
            if (!held.contains(number)) {
                return number;
            }
        }
        throw new IllegalArgumentException("all " + max + " tree numbers are in use: remove a tree first");
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
