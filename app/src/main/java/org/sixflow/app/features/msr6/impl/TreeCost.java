// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.api.TreeConstraints;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;

/**
 * What a tree costs in its request's metric, as its algorithm minimises it: the Steiner heuristic
 * the whole tree's cost, the union of shortest paths each receiver's path from the source (then
 * the whole tree's). Fewer M-SIDs break a tie. It tells an installed tree from a better rebuild
 * of it (TreeReconciler#reoptimize).
 */
final class TreeCost {

    /** Below this, two costs are the same (sums of decimal annotations). */
    private static final double SAME = 1e-9;

    private TreeCost() {
    }

    /**
     * True when a tree costs less than another built for the same request.
     *
     * @param tree  a candidate
     * @param other the tree it is compared with
     * @return whether tree is the better of the two
     */
    static boolean cheaper(Msr6Tree tree, Msr6Tree other) {
        return order(tree.request()).compare(tree, other) < 0;
    }

    private static Comparator<Msr6Tree> order(Msr6TreeRequest request) {
        Comparator<Msr6Tree> total = (a, b) -> compare(total(a), total(b));
        Comparator<Msr6Tree> byAlgorithm = request.algorithm() == Msr6TreeRequest.Algorithm.SHORTEST_PATHS
                ? ((Comparator<Msr6Tree>) (a, b) -> compare(toReceivers(a), toReceivers(b))).thenComparing(total)
                : total;
        return byAlgorithm.thenComparingInt(t -> t.msids().size());
    }

    private static int compare(double a, double b) {
        return Math.abs(a - b) < SAME ? 0 : Double.compare(a, b);
    }

    /**
     * The sum of the tree's links' costs.
     *
     * @param tree a tree
     * @return its cost
     */
    static double total(Msr6Tree tree) {
        TreeConstraints.Metric metric = tree.request().constraints().metric();
        return tree.links().stream().mapToDouble(l -> TopologyView.weight(l, metric)).sum();
    }

    /**
     * The sum, over the receivers, of the cost of the tree's path from the source to each (one
     * whose device the tree does not reach counts as infinite).
     *
     * @param tree a tree
     * @return that sum
     */
    static double toReceivers(Msr6Tree tree) {
        TreeConstraints.Metric metric = tree.request().constraints().metric();
        Map<DeviceId, Double> cost = new HashMap<>();
        DeviceId source = tree.request().source().deviceId();
        cost.put(source, 0.0);
        Queue<DeviceId> next = new ArrayDeque<>();
        next.add(source);
        while (!next.isEmpty()) {
            DeviceId at = next.remove();
            for (Link link : tree.links()) {
                DeviceId to = link.dst().deviceId();
                if (link.src().deviceId().equals(at) && !cost.containsKey(to)) {
                    cost.put(to, cost.get(at) + TopologyView.weight(link, metric));
                    next.add(to);
                }
            }
        }
        double sum = 0;
        for (ConnectPoint receiver : tree.request().receivers()) {
            sum += cost.getOrDefault(receiver.deviceId(), Double.POSITIVE_INFINITY);
        }
        return sum;
    }
}
