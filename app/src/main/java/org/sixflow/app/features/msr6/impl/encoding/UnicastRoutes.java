// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.encoding;

/**
 * Where the network's unicast routing sends traffic: what the MRH encoder asks to leave out the
 * M-SIDs of transit nodes that would forward a tree's packets along the tree anyway.
 */
@FunctionalInterface
public interface UnicastRoutes {

    /** No routes known: every tree node keeps its M-SID. */
    UnicastRoutes NONE = (edge, towards) -> false;

    /**
     * Tells whether the edge's tail routes traffic for a vertex's locator by that edge.
     *
     * @param edge    an edge of the graph
     * @param towards a vertex, whose locator the traffic is for
     * @return true if routing at the edge's tail takes the edge towards it
     */
    boolean takes(int edge, int towards);
}
