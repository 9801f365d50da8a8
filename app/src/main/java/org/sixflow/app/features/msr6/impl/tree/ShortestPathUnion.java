// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.tree;

import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

/**
 * The baseline ONOS multicast uses: the union of the source's shortest paths to each receiver
 * (one shortest-path tree from the source, pruned to the receivers).
 */
public final class ShortestPathUnion implements TreeAlgorithm {

    @Override
    public MulticastTree compute(Graph graph, int source, Set<Integer> receivers) {
        DistanceSearch search = new DistanceSearch(graph);
        search.addSource(source);
        search.run();
        int[] parentEdge = new int[graph.vertexCount()];
        Arrays.fill(parentEdge, -1);
        TreeSet<Integer> unreachable = new TreeSet<>();
        for (int receiver : new TreeSet<>(receivers)) {
            if (Double.isInfinite(search.distance(receiver))) {
                unreachable.add(receiver);
                continue;
            }
            for (int v = receiver; v != source && parentEdge[v] < 0; v = graph.source(parentEdge[v])) {
                parentEdge[v] = search.viaEdge(v);
            }
        }
        if (!unreachable.isEmpty()) {
            throw new UnreachableReceiversException(unreachable);
        }
        return new MulticastTree(graph, source, parentEdge, new TreeSet<>(receivers));
    }
}
