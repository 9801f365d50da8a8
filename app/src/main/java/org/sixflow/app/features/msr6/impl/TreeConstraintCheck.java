// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.onosproject.net.DeviceId;
import org.sixflow.app.features.msr6.api.TreeConstraints;
import org.sixflow.app.features.msr6.impl.tree.MulticastTree;

import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * Checks a computed tree against the limits of its request (the metric and exclusions already
 * shaped the graph it was computed on): most hops to any receiver, most total cost.
 */
final class TreeConstraintCheck {

    private TreeConstraintCheck() {
    }

    /**
     * Checks a tree.
     *
     * @param tree        the tree
     * @param device      the device of each vertex
     * @param constraints the limits
     * @throws IllegalArgumentException naming the limit and what exceeds it
     */
    static void check(MulticastTree tree, IntFunction<DeviceId> device, TreeConstraints constraints) {
        if (constraints.maxHops() > 0) {
            List<String> far = tree.receivers().stream().filter(r -> tree.depth(r) > constraints.maxHops())
                    .map(r -> device.apply(r) + " (" + tree.depth(r) + " hops)").collect(Collectors.toList());
            if (!far.isEmpty()) {
                throw new IllegalArgumentException("maxHops " + constraints.maxHops() + " exceeded for " + far);
            }
        }
        if (constraints.maxCost() > 0 && tree.cost() > constraints.maxCost()) {
            throw new IllegalArgumentException("the tree costs " + tree.cost() + ", more than maxCost "
                                                       + constraints.maxCost());
        }
    }
}
