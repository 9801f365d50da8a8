// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentCell;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentResults;
import org.sixflow.app.api.ExperimentSample;
import org.sixflow.app.api.ExperimentTable;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.experiments.ExperimentTargets;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The PPPoE study's tables by number of packets (pppoe-split-dataplane-p4), for the classes whose
 * feature asks for them ({@link ExperimentTarget#tablesPerPacketCount}). The study sent 30, 60 …
 * 119,476 packets through a single and a split data plane and gave, per count, the processing
 * time per packet and the latency of them all. Here, from one run: for the first N probes of a
 * class (in sending order) that every switch on their path reported, each switch's mean in-switch
 * time, the path's (their sum per probe, averaged) and the path's total over the N probes; and,
 * comparing two runs, the study's two tables side by side with the improvement of the second.
 * Nanoseconds throughout, from the switches' own telemetry reports.
 */
public final class PacketCountTables {

    /** The study's packet counts. */
    public static final List<Integer> STUDY_PACKETS = List.of(30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 600,
                                                              12_000, 17_937, 23_883, 59_932, 119_476);
    /** Table ids: one run's, then a comparison's two. */
    public static final String PREFIX = ExperimentResults.PACKET_COUNT_TABLE;
    public static final String PROCESSING_PREFIX = "packets-processing-";
    public static final String TOTAL_PREFIX = "packets-total-";
    private static final String COUNT = "Number of packets";
    private static final String PATH = "Path mean (ns)";
    private static final String TOTAL = "Path total (ns)";

    private PacketCountTables() {
    }

    /**
     * Tells whether a class gets these tables.
     *
     * @param c       the class
     * @param targets what the running features contribute
     * @return true when the feature of the object it names asks for them
     */
    public static boolean applies(ExperimentClass c, ExperimentTargets targets) {
        return ExperimentTargets.named(c).flatMap(targets::serving).map(ExperimentTarget::tablesPerPacketCount)
                .orElse(false);
    }

    /**
     * Lays a class's probes out by number of packets, one table per cell.
     *
     * @param e          the experiment
     * @param classIndex the class
     * @param samples    the run's samples of that class (any order, any device)
     * @return the tables; none when no probe was reported by its whole path
     */
    public static List<ExperimentTable> of(Experiment e, int classIndex, List<ExperimentSample> samples) {
        ExperimentClass c = e.classes().get(classIndex);
        List<ExperimentTable> tables = new ArrayList<>();
        for (ExperimentCell cell : e.cells()) {
            List<ExperimentSample> measured = samples.stream()
                    .filter(s -> s.classIndex() == classIndex && s.cellIndex() == cell.index() && !s.warmup())
                    .collect(Collectors.toList());
            String id = PREFIX + c.name() + (e.cells().size() > 1 ? "-" + cell.index() : "");
            table(id, c.name(), e.ingress().deviceId().toString(), cell, e.cells().size() > 1, measured)
                    .ifPresent(tables::add);
        }
        return tables;
    }

    private static Optional<ExperimentTable> table(String id, String className, String ingress, ExperimentCell cell,
                                                   boolean grid, List<ExperimentSample> samples) {
        // Each device's first copy of each probe, the first report of it should it come twice.
        Map<Long, Map<String, ExperimentSample>> byProbe = new TreeMap<>();
        for (ExperimentSample s : samples) {
            byProbe.computeIfAbsent(s.sequence(), k -> new HashMap<>())
                    .merge(s.device(), s, (a, b) -> b.replica() < a.replica() ? b : a);
        }
        TreeSet<String> others = new TreeSet<>();
        byProbe.values().forEach(m -> others.addAll(m.keySet()));
        others.remove(ingress);
        List<String> path = new ArrayList<>();
        if (byProbe.values().stream().anyMatch(m -> m.containsKey(ingress))) {
            path.add(ingress);
        }
        path.addAll(others);
        List<long[]> complete = byProbe.values().stream().filter(m -> m.keySet().containsAll(path))
                .map(m -> path.stream().mapToLong(d -> m.get(d).deltaNanos()).toArray())
                .collect(Collectors.toList());
        if (path.isEmpty() || complete.isEmpty()) {
            return Optional.empty();
        }
        List<String> columns = new ArrayList<>();
        columns.add(COUNT);
        path.forEach(d -> columns.add(d + " mean (ns)"));
        columns.add(PATH);
        columns.add(TOTAL);
        List<List<Object>> rows = new ArrayList<>();
        long[] sums = new long[path.size()];
        int next = 0;
        List<Integer> counts = new ArrayList<>(STUDY_PACKETS);
        if (!counts.contains(complete.size())) {
            counts.add(complete.size());
        }
        counts = counts.stream().filter(n -> n <= complete.size()).sorted().collect(Collectors.toList());
        for (int n : counts) {
            for (; next < n; next++) {
                long[] probe = complete.get(next);
                for (int d = 0; d < probe.length; d++) {
                    sums[d] += probe[d];
                }
            }
            List<Object> row = new ArrayList<>();
            row.add(n);
            long total = 0;
            for (long sum : sums) {
                row.add((double) sum / n);
                total += sum;
            }
            row.add((double) total / n);
            row.add(total);
            rows.add(row);
        }
        String where = grid ? String.format(", %d-byte frames every %s", cell.frameSize(),
                                            StudyTables.interval(cell.intervalNanos())) : "";
        return Optional.of(ExperimentTable.of(id, "By number of packets (the PPPoE study's layout): " + className
                + where + ", the first N probes every switch on the path reported (" + complete.size() + " of "
                + byProbe.size() + "), in-switch time per switch and along the path", columns, rows));
    }

    /**
     * The study's two tables from two runs' tables by number of packets (e.g. single, then split
     * data plane): per count, each run's path mean and the second's improvement on the first, and
     * each run's path total.
     *
     * @param runA    the first run
     * @param tablesA its tables
     * @param runB    the second run
     * @param tablesB its tables
     * @return two tables per class both runs have such a table of; none otherwise
     */
    public static List<ExperimentTable> compare(long runA, List<ExperimentTable> tablesA, long runB,
                                                List<ExperimentTable> tablesB) {
        Map<String, ExperimentTable> b = tablesB.stream().filter(t -> t.id().startsWith(PREFIX))
                .collect(Collectors.toMap(ExperimentTable::id, t -> t, (x, y) -> x, LinkedHashMap::new));
        List<ExperimentTable> tables = new ArrayList<>();
        for (ExperimentTable a : tablesA) {
            if (!a.id().startsWith(PREFIX) || !b.containsKey(a.id())) {
                continue;
            }
            String name = a.id().substring(PREFIX.length());
            Map<Integer, List<Object>> rowsB = byCount(b.get(a.id()));
            List<List<Object>> processing = new ArrayList<>();
            List<List<Object>> total = new ArrayList<>();
            for (Map.Entry<Integer, List<Object>> rowA : byCount(a).entrySet()) {
                List<Object> rowB = rowsB.get(rowA.getKey());
                if (rowB == null) {
                    continue;
                }
                double pathA = number(a, rowA.getValue(), PATH);
                double pathB = number(b.get(a.id()), rowB, PATH);
                processing.add(List.of(rowA.getKey(), pathA, pathB, 100.0 * (pathA - pathB) / pathA));
                total.add(List.of(rowA.getKey(), number(a, rowA.getValue(), TOTAL),
                                  number(b.get(a.id()), rowB, TOTAL)));
            }
            if (processing.isEmpty()) {
                continue;
            }
            tables.add(ExperimentTable.of(PROCESSING_PREFIX + name, "Processing time per packet along the path, "
                    + name + ": run " + runA + " against run " + runB + " (the PPPoE study's first table)",
                    List.of(COUNT, "Run " + runA + " (ns)", "Run " + runB + " (ns)",
                            "% improvement of run " + runB), processing));
            tables.add(ExperimentTable.of(TOTAL_PREFIX + name, "In-switch time of all N packets along the path, "
                    + name + ": run " + runA + " against run " + runB + " (the PPPoE study's second table)",
                    List.of(COUNT, "Run " + runA + " (ns)", "Run " + runB + " (ns)"), total));
        }
        return tables;
    }

    private static Map<Integer, List<Object>> byCount(ExperimentTable t) {
        Map<Integer, List<Object>> rows = new TreeMap<>(Comparator.naturalOrder());
        t.rows().forEach(r -> rows.put(((Number) r.get(0)).intValue(), r));
        return rows;
    }

    private static double number(ExperimentTable t, List<Object> row, String column) {
        return ((Number) row.get(t.columns().indexOf(column))).doubleValue();
    }
}
