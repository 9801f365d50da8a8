// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.tree;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSortedSet;

import java.util.Arrays;
import java.util.List;
import java.util.SortedSet;

/**
 * A tree rooted at the source that reaches every receiver: for each vertex, the edge that
 * enters it from its parent.
 */
public final class MulticastTree {

    private final Graph graph;
    private final int root;
    private final int[] parentEdge;
    private final SortedSet<Integer> receivers;

    MulticastTree(Graph graph, int root, int[] parentEdge, SortedSet<Integer> receivers) {
        this.graph = graph;
        this.root = root;
        this.parentEdge = parentEdge;
        this.receivers = ImmutableSortedSet.copyOf(receivers);
    }

    public int root() {
        return root;
    }

    public SortedSet<Integer> receivers() {
        return receivers;
    }

    /**
     * Returns whether a vertex is on the tree.
     *
     * @param v vertex
     * @return true for the root and every vertex with a parent edge
     */
    public boolean contains(int v) {
        return v == root || parentEdge[v] >= 0;
    }

    /**
     * Returns the edge from a vertex's parent.
     *
     * @param v vertex on the tree, not the root
     * @return edge index
     */
    public int parentEdge(int v) {
        return parentEdge[v];
    }

    /**
     * Returns the tree's edges, sorted by head vertex.
     *
     * @return edge indexes
     */
    public List<Integer> edges() {
        ImmutableList.Builder<Integer> edges = ImmutableList.builder();
        for (int e : parentEdge) {
            if (e >= 0) {
                edges.add(e);
            }
        }
        return edges.build();
    }

    public int linkCount() {
        return (int) Arrays.stream(parentEdge).filter(e -> e >= 0).count();
    }

    public double cost() {
        return Arrays.stream(parentEdge).filter(e -> e >= 0).mapToDouble(graph::weight).sum();
    }

    /**
     * Returns the children of every vertex, counted.
     *
     * @return children per vertex
     */
    public int[] childCounts() {
        int[] children = new int[graph.vertexCount()];
        for (int e : parentEdge) {
            if (e >= 0) {
                children[graph.source(e)]++;
            }
        }
        return children;
    }

    /**
     * Returns how many vertices make more than one copy: two or more children, or a child and
     * a local receiver.
     *
     * @return replication points
     */
    public int replicationPoints() {
        int[] children = childCounts();
        int points = 0;
        for (int v = 0; v < children.length; v++) {
            int copies = children[v] + (receivers.contains(v) && v != root ? 1 : 0);
            if (copies >= 2) {
                points++;
            }
        }
        return points;
    }

    /**
     * Returns a vertex's depth in links from the root.
     *
     * @param v vertex on the tree
     * @return hops from the root
     */
    public int depth(int v) {
        int hops = 0;
        for (int at = v; at != root; at = graph.source(parentEdge[at])) {
            hops++;
        }
        return hops;
    }
}
