// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.tree;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Test and benchmark topologies: fat-tree, ring, and random ISP-like graphs (preferential
 * attachment, the degree distribution measured on ISP router maps). Seeded, so repeatable.
 */
public final class TopologyGenerators {

    private TopologyGenerators() {
    }

    /** A ring of n vertices, unit weights. */
    public static Graph ring(int n) {
        Graph.Builder b = Graph.builder(n);
        for (int v = 0; v < n; v++) {
            b.link(v, (v + 1) % n, 1);
        }
        return b.build();
    }

    /**
     * A k-ary fat-tree (k even): (k/2)^2 core, k pods of k/2 aggregation and k/2 edge switches.
     * Vertices: cores first, then per pod aggregation then edge. Unit weights.
     */
    public static Graph fatTree(int k) {
        int half = k / 2;
        int cores = half * half;
        int n = cores + k * k;
        Graph.Builder b = Graph.builder(n);
        for (int pod = 0; pod < k; pod++) {
            int aggBase = cores + pod * k;
            int edgeBase = aggBase + half;
            for (int a = 0; a < half; a++) {
                for (int c = 0; c < half; c++) {
                    b.link(aggBase + a, a * half + c, 1);
                }
                for (int e = 0; e < half; e++) {
                    b.link(aggBase + a, edgeBase + e, 1);
                }
            }
        }
        return b.build();
    }

    /** Edge switches of {@link #fatTree(int)}. */
    public static List<Integer> fatTreeEdges(int k) {
        int half = k / 2;
        List<Integer> edges = new ArrayList<>();
        for (int pod = 0; pod < k; pod++) {
            for (int e = 0; e < half; e++) {
                edges.add(half * half + pod * k + half + e);
            }
        }
        return edges;
    }

    /**
     * A connected random graph grown by preferential attachment: each new vertex links to m
     * existing ones chosen in proportion to their degree; weights 1..10 (integer costs).
     */
    public static Graph isp(int n, int m, long seed) {
        return isp(n, m, seed, true);
    }

    /**
     * As {@link #isp(int, int, long)}, with unit weights when {@code weighted} is false (the hop
     * metric).
     */
    public static Graph isp(int n, int m, long seed, boolean weighted) {
        Random random = new Random(seed);
        Graph.Builder b = Graph.builder(n);
        List<Integer> endpoints = new ArrayList<>();
        for (int v = 1; v <= m && v < n; v++) {
            b.link(0, v, weighted ? 1 + random.nextInt(10) : 1);
            endpoints.add(0);
            endpoints.add(v);
        }
        for (int v = m + 1; v < n; v++) {
            Set<Integer> chosen = new HashSet<>();
            while (chosen.size() < m) {
                chosen.add(endpoints.get(random.nextInt(endpoints.size())));
            }
            for (int u : chosen) {
                b.link(v, u, weighted ? 1 + random.nextInt(10) : 1);
                endpoints.add(u);
                endpoints.add(v);
            }
        }
        return b.build();
    }

    /**
     * A Waxman random graph (the classic model of ISP router graphs): vertices placed uniformly
     * in the unit square, each pair linked with probability beta * exp(-d / (alpha * sqrt 2)),
     * then a ring through the vertices in placement order keeps it connected. Unit weights.
     */
    public static Graph waxman(int n, double alpha, double beta, long seed) {
        Random random = new Random(seed);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int v = 0; v < n; v++) {
            x[v] = random.nextDouble();
            y[v] = random.nextDouble();
        }
        Graph.Builder b = Graph.builder(n);
        double scale = alpha * Math.sqrt(2);
        for (int u = 0; u < n; u++) {
            b.link(u, (u + 1) % n, 1);
            for (int v = u + 2; v < n; v++) {
                double d = Math.hypot(x[u] - x[v], y[u] - y[v]);
                if (random.nextDouble() < beta * Math.exp(-d / scale)) {
                    b.link(u, v, 1);
                }
            }
        }
        return b.build();
    }

    /** k distinct receivers among vertices 1..n-1, seeded. */
    public static Set<Integer> receivers(int n, int k, long seed) {
        Random random = new Random(seed);
        Set<Integer> receivers = new HashSet<>();
        while (receivers.size() < Math.min(k, n - 1)) {
            receivers.add(1 + random.nextInt(n - 1));
        }
        return receivers;
    }
}
