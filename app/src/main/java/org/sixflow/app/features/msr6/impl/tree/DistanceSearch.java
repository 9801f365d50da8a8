// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.tree;

import java.util.Arrays;
import java.util.PriorityQueue;

/**
 * Dijkstra from a set of zero-distance vertices that can grow: adding vertices at distance 0
 * and resuming only relaxes what improves. Distances never increase, so resuming gives the
 * same result as starting again from the larger set, for a fraction of the work.
 */
final class DistanceSearch {

    private final Graph graph;
    private final double[] distance;
    private final int[] viaEdge;
    private final PriorityQueue<long[]> queue;

    DistanceSearch(Graph graph) {
        this.graph = graph;
        this.distance = new double[graph.vertexCount()];
        this.viaEdge = new int[graph.vertexCount()];
        Arrays.fill(distance, Double.POSITIVE_INFINITY);
        Arrays.fill(viaEdge, -1);
        // Entries: {double bits of distance, vertex}; equal distances pop the lower vertex.
        this.queue = new PriorityQueue<>((a, b) -> {
            int byDistance = Double.compare(Double.longBitsToDouble(a[0]), Double.longBitsToDouble(b[0]));
            return byDistance != 0 ? byDistance : Long.compare(a[1], b[1]);
        });
    }

    /** Makes v a source (distance 0). */
    void addSource(int v) {
        if (distance[v] > 0) {
            distance[v] = 0;
            viaEdge[v] = -1;
            queue.add(new long[]{Double.doubleToLongBits(0), v});
        }
    }

    /** Relaxes until every distance is final for the current sources. */
    void run() {
        while (!queue.isEmpty()) {
            long[] entry = queue.poll();
            int u = (int) entry[1];
            double du = Double.longBitsToDouble(entry[0]);
            if (du > distance[u]) {
                continue;  // stale entry
            }
            for (int e = graph.edgesStart(u); e < graph.edgesEnd(u); e++) {
                int v = graph.target(e);
                double dv = du + graph.weight(e);
                if (dv < distance[v]) {
                    distance[v] = dv;
                    viaEdge[v] = e;
                    queue.add(new long[]{Double.doubleToLongBits(dv), v});
                }
            }
        }
    }

    double distance(int v) {
        return distance[v];
    }

    /** The edge that reaches v on a shortest path from the sources, or -1 for a source. */
    int viaEdge(int v) {
        return viaEdge[v];
    }
}
