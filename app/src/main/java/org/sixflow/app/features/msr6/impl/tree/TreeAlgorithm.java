// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.tree;

import java.util.Set;

/**
 * Computes a multicast tree from a source to receivers. Implementations are deterministic:
 * equal inputs give equal trees (ties go to the lower vertex or edge index).
 */
public interface TreeAlgorithm {

    /**
     * Computes the tree.
     *
     * @param graph     the topology, already without excluded links and devices
     * @param source    root vertex
     * @param receivers vertices to reach
     * @return the tree
     * @throws UnreachableReceiversException naming every receiver the source cannot reach
     */
    MulticastTree compute(Graph graph, int source, Set<Integer> receivers);
}
