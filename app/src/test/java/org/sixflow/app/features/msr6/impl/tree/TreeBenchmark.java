// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.tree;

import org.sixflow.app.features.msr6.impl.TreeCreateBenchmark;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Prints compute time and tree size of both algorithms on random ISP-like graphs of 100, 1,000
 * and 5,000 nodes with 10, 100 and 500 receivers, hop metric. Run: {@code make bench-trees}.
 * Times are medians of repeated runs after a warm-up, in one JVM. With the argument
 * {@code creates} (and optional tree counts) it measures tree creation on the tree manager
 * instead (TreeCreateBenchmark, {@code make bench-tree-creates}).
 */
public final class TreeBenchmark {

    private static final int WARMUP = 20;
    private static final int RUNS = 31;

    private TreeBenchmark() {
    }

    private static double medianMillis(TreeAlgorithm algorithm, Graph graph, Set<Integer> receivers) {
        for (int i = 0; i < WARMUP; i++) {
            algorithm.compute(graph, 0, receivers);
        }
        double[] times = new double[RUNS];
        for (int i = 0; i < RUNS; i++) {
            long start = System.nanoTime();
            algorithm.compute(graph, 0, receivers);
            times[i] = (System.nanoTime() - start) / 1e6;
        }
        Arrays.sort(times);
        return times[RUNS / 2];
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("creates")) {
            TreeCreateBenchmark.main(Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        TreeAlgorithm spt = new ShortestPathUnion();
        TreeAlgorithm steiner = new TakahashiMatsuyama();
        for (String family : List.of("preferential-attachment (m=2)", "Waxman")) {
            run(family, spt, steiner);
        }
    }

    private static void run(String family, TreeAlgorithm spt, TreeAlgorithm steiner) {
        System.out.println(family + ", hop metric");
        System.out.println("nodes receivers | SPT: ms links repl | Steiner: ms links repl | Steiner links vs SPT");
        for (int nodes : List.of(100, 1000, 5000)) {
            // Waxman's beta shrinks with n so that the mean degree stays near 4.
            Graph graph = family.startsWith("Waxman")
                    ? TopologyGenerators.waxman(nodes, 0.1, Math.min(1.0, 20.0 / nodes), nodes)
                    : TopologyGenerators.isp(nodes, 2, nodes, false);
            for (int count : List.of(10, 100, 500)) {
                Set<Integer> receivers = TopologyGenerators.receivers(nodes, count, nodes + count);
                MulticastTree a = spt.compute(graph, 0, receivers);
                MulticastTree b = steiner.compute(graph, 0, receivers);
                System.out.println(String.format(Locale.ROOT,
                        "%5d %9d | %7.3f %5d %4d | %7.3f %5d %4d | %+.1f%%",
                        nodes, receivers.size(), medianMillis(spt, graph, receivers), a.linkCount(),
                        a.replicationPoints(), medianMillis(steiner, graph, receivers), b.linkCount(),
                        b.replicationPoints(), 100.0 * (b.linkCount() - a.linkCount()) / a.linkCount()));
            }
        }
    }
}
