// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.tree;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * A directed graph with weighted edges over vertices 0..n-1, stored as compressed adjacency
 * arrays so that tree algorithms run without allocating per edge. Topology links are directed
 * (ONOS keeps one link per direction), so are edges here.
 */
public final class Graph {

    private final int vertexCount;
    private final int[] offsets;
    private final int[] sources;
    private final int[] targets;
    private final double[] weights;

    private Graph(int vertexCount, int[] offsets, int[] sources, int[] targets, double[] weights) {
        this.vertexCount = vertexCount;
        this.offsets = offsets;
        this.sources = sources;
        this.targets = targets;
        this.weights = weights;
    }

    /**
     * Starts a graph.
     *
     * @param vertexCount number of vertices
     * @return a builder
     */
    public static Builder builder(int vertexCount) {
        return new Builder(vertexCount);
    }

    public int vertexCount() {
        return vertexCount;
    }

    public int edgeCount() {
        return targets.length;
    }

    /** Index of the first edge leaving v; edges of v run to {@link #edgesEnd(int)}. */
    int edgesStart(int v) {
        return offsets[v];
    }

    int edgesEnd(int v) {
        return offsets[v + 1];
    }

    /**
     * Returns an edge's tail.
     *
     * @param edge edge index
     * @return the vertex it leaves
     */
    public int source(int edge) {
        return sources[edge];
    }

    /**
     * Returns an edge's head.
     *
     * @param edge edge index
     * @return the vertex it enters
     */
    public int target(int edge) {
        return targets[edge];
    }

    /**
     * Returns an edge's weight.
     *
     * @param edge edge index
     * @return its weight (non-negative)
     */
    public double weight(int edge) {
        return weights[edge];
    }

    /** Collects edges; {@link #build()} sorts them by tail and keeps insertion order per tail. */
    public static final class Builder {
        private final int vertexCount;
        private final List<double[]> edges = new ArrayList<>();

        private Builder(int vertexCount) {
            checkArgument(vertexCount > 0, "a graph needs at least one vertex");
            this.vertexCount = vertexCount;
        }

        /**
         * Adds a directed edge.
         *
         * @param from   tail
         * @param to     head
         * @param weight non-negative weight
         * @return this builder
         */
        public Builder edge(int from, int to, double weight) {
            checkArgument(from >= 0 && from < vertexCount && to >= 0 && to < vertexCount,
                          "edge %s->%s outside 0..%s", from, to, vertexCount - 1);
            checkArgument(weight >= 0 && !Double.isNaN(weight), "edge %s->%s has weight %s", from, to, weight);
            edges.add(new double[]{from, to, weight});
            return this;
        }

        /**
         * Adds edges both ways with the same weight.
         *
         * @param a      one end
         * @param b      the other end
         * @param weight weight
         * @return this builder
         */
        public Builder link(int a, int b, double weight) {
            return edge(a, b, weight).edge(b, a, weight);
        }

        /**
         * Builds the graph; edge indexes follow tail order, then insertion order.
         *
         * @return the graph
         */
        public Graph build() {
            int[] offsets = new int[vertexCount + 1];
            for (double[] e : edges) {
                offsets[(int) e[0] + 1]++;
            }
            for (int v = 0; v < vertexCount; v++) {
                offsets[v + 1] += offsets[v];
            }
            int[] next = Arrays.copyOf(offsets, vertexCount);
            int[] sources = new int[edges.size()];
            int[] targets = new int[edges.size()];
            double[] weights = new double[edges.size()];
            for (double[] e : edges) {
                int slot = next[(int) e[0]]++;
                sources[slot] = (int) e[0];
                targets[slot] = (int) e[1];
                weights[slot] = e[2];
            }
            return new Graph(vertexCount, offsets, sources, targets, weights);
        }
    }
}
