// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.tree;

import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

/**
 * The Takahashi–Matsuyama Steiner-tree heuristic: grow the tree from the source by repeatedly
 * joining the receiver nearest to the tree along its shortest path to the tree (at most twice
 * the optimal cost). Distances to the tree are kept by one resumable Dijkstra, so joining a
 * receiver costs only the relaxations its new path improves.
 */
public final class TakahashiMatsuyama implements TreeAlgorithm {

    @Override
    public MulticastTree compute(Graph graph, int source, Set<Integer> receivers) {
        DistanceSearch search = new DistanceSearch(graph);
        search.addSource(source);
        search.run();
        int[] parentEdge = new int[graph.vertexCount()];
        Arrays.fill(parentEdge, -1);
        boolean[] onTree = new boolean[graph.vertexCount()];
        onTree[source] = true;
        TreeSet<Integer> waiting = new TreeSet<>(receivers);
        waiting.remove(source);
        while (!waiting.isEmpty()) {
            int nearest = -1;
            for (int receiver : waiting) {
                if (nearest < 0 || search.distance(receiver) < search.distance(nearest)) {
                    nearest = receiver;
                }
            }
            if (Double.isInfinite(search.distance(nearest))) {
                throw new UnreachableReceiversException(waiting);
            }
            // Walk back to the tree; every vertex on the way joins it.
            for (int v = nearest; !onTree[v]; ) {
                int edge = search.viaEdge(v);
                parentEdge[v] = edge;
                onTree[v] = true;
                search.addSource(v);
                waiting.remove(v);
                v = graph.source(edge);
            }
            search.run();
        }
        return new MulticastTree(graph, source, parentEdge, new TreeSet<>(receivers));
    }
}
