// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import com.google.common.collect.ImmutableList;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentCell;
import org.sixflow.app.api.ExperimentCellResult;
import org.sixflow.app.api.ExperimentClassResult;
import org.sixflow.app.api.ExperimentStageResult;
import org.sixflow.app.api.ExperimentTable;
import org.sixflow.app.api.FeatureComparison;
import org.sixflow.app.api.LatencySummary;
import org.sixflow.app.api.OverheadProbability;
import org.sixflow.app.api.PacingSummary;
import org.sixflow.app.api.StabilitySummary;
import org.sixflow.app.experiments.ExperimentTargets;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Lays results out as the studies' tables: the APN6 study's latency table with its DIFF rows and
 * both "K ≤ x" tables, the MSR6 study's encapsulation delay, clone-and-forward and stability
 * tables, the ILNP method's goodput/loss/jitter grid, for the classes of a feature that asks for
 * them (GTP-U's) draft-murakami's table per load point ({@link LoadPointTables}), and loss,
 * normality, repetitions and pacing.
 * Latencies in nanoseconds; an experiment with several cells gets frame size and interval columns.
 */
public final class StudyTables {

    private StudyTables() {
    }

    /**
     * Lays results out.
     *
     * @param e           the experiment
     * @param cells       its results per cell
     * @param comparisons features against the baseline
     * @param pacing      how the sender kept the interval, or null
     * @param targets     what the running features contribute (whether a class gets the load points' tables)
     * @return the tables (latency, the load points, overheads, then as above); tables without rows are left out
     */
    public static List<ExperimentTable> of(Experiment e, List<ExperimentCellResult> cells,
                                           List<FeatureComparison> comparisons, PacingSummary pacing,
                                           ExperimentTargets targets) {
        boolean grid = cells.size() > 1;
        List<ExperimentTable> tables = new ArrayList<>();
        add(tables, latency(e, cells, comparisons, grid));
        if (LoadPointTables.applies(e, targets)) {
            LoadPointTables.of(cells).forEach(t -> add(tables, t));
        }
        add(tables, overhead("overhead-one-packet", "K ≤ x, L = latency of 1 packet", comparisons, cells, grid,
                             false));
        add(tables, overhead("overhead-mean", "K ≤ x, L = average latency of "
                + e.meanOf() + " packets", comparisons, cells, grid, true));
        add(tables, encapsulation(cells, grid));
        clones(cells, grid).forEach(t -> add(tables, t));
        add(tables, stability(cells, grid));
        add(tables, gridTable(cells));
        add(tables, loss(cells, grid));
        add(tables, normality(cells, grid));
        if (e.repetitions() > 1) {
            add(tables, repetitions(cells, grid));
        }
        if (pacing != null) {
            add(tables, ExperimentTable.of("pacing", "Pacing of the sender", List.of(
                    "Requested interval (ns)", "Packets", "Mean error (ns)", "p99 error (ns)", "Max error (ns)",
                    "Mean lateness (ns)", "Achieved rate (packets/s)"), List.of(List.of(
                    pacing.requestedIntervalNanos(), pacing.packets(), pacing.meanErrorNanos(), pacing.p99ErrorNanos(),
                    pacing.maxErrorNanos(), pacing.meanLatenessNanos(), pacing.achievedPacketsPerSecond()))));
        }
        return tables;
    }

    private static void add(List<ExperimentTable> tables, ExperimentTable table) {
        if (table != null && !table.rows().isEmpty()) {
            tables.add(table);
        }
    }

    private static List<String> columns(boolean grid, String... names) {
        List<String> columns = new ArrayList<>();
        if (grid) {
            columns.add("Size (bytes)");
            columns.add("Interval (ns)");
        }
        columns.addAll(Arrays.asList(names));
        return columns;
    }

    private static List<Object> row(boolean grid, ExperimentCell cell, Object... cells) {
        List<Object> row = new ArrayList<>();
        if (grid) {
            row.add(cell.frameSize());
            row.add(cell.intervalNanos());
        }
        row.addAll(Arrays.asList(cells));
        return row;
    }

    private static String describe(Experiment e) {
        List<ExperimentCell> cells = e.cells();
        if (cells.size() == 1) {
            return String.format(" — %d packets per class at %s, %d-byte frames", e.packetsPerClass(),
                                 interval(cells.get(0).intervalNanos()), cells.get(0).frameSize());
        }
        return String.format(" — %d packets per class and cell", e.packetsPerClass());
    }

    static String interval(long nanos) {
        if (nanos % 1_000_000 == 0) {
            return nanos / 1_000_000 + " ms";
        }
        return nanos % 1000 == 0 ? nanos / 1000 + " µs" : nanos + " ns";
    }

    private static ExperimentTable latency(Experiment e, List<ExperimentCellResult> cells,
                                           List<FeatureComparison> comparisons, boolean grid) {
        List<List<Object>> rows = new ArrayList<>();
        for (ExperimentCellResult cell : cells) {
            int n = 1;
            for (ExperimentClassResult c : cell.classes()) {
                LatencySummary l = c.latency().orElse(null);
                String name = (n++) + " (" + c.className() + ")";
                rows.add(l == null ? row(grid, cell.cell(), name, null, null, null, null, null)
                                 : row(grid, cell.cell(), name, l.mean(), l.stdev(), l.max(), l.min(), l.range()));
            }
            for (FeatureComparison f : comparisons) {
                if (f.cellIndex() == cell.cell().index()) {
                    rows.add(row(grid, cell.cell(), "DIFF (" + f.feature() + " − " + f.baseline() + ")",
                                 f.diffMean(), f.diffStdev(), f.diffMax(), f.diffMin(), null));
                }
            }
        }
        return ExperimentTable.of("latency", "Latency (ns)" + describe(e),
                                  columns(grid, "Experiment", "Mean", "STDEV", "MAX", "MIN", "Range"), rows);
    }

    private static ExperimentCell cellOf(List<ExperimentCellResult> cells, int index) {
        return cells.stream().map(ExperimentCellResult::cell).filter(c -> c.index() == index).findFirst()
                .orElseThrow();
    }

    private static ExperimentTable overhead(String id, String title, List<FeatureComparison> comparisons,
                                            List<ExperimentCellResult> cells, boolean grid, boolean mean) {
        List<List<Object>> rows = new ArrayList<>();
        for (FeatureComparison f : comparisons) {
            for (OverheadProbability p : mean ? f.meanOfPackets() : f.onePacket()) {
                rows.add(row(grid, cellOf(cells, f.cellIndex()), f.feature() + " vs " + f.baseline(),
                             p.threshold(), p.valueNanos(), p.probability()));
            }
        }
        return ExperimentTable.of(id, title + ", K = (L − L_baseline) / L_baseline",
                                  columns(grid, "Comparison", "K ≤", "Value (ns)", "Probability"), rows);
    }

    private static ExperimentTable encapsulation(List<ExperimentCellResult> cells, boolean grid) {
        List<List<Object>> rows = new ArrayList<>();
        for (ExperimentCellResult cell : cells) {
            for (ExperimentClassResult c : cell.classes()) {
                c.latency().ifPresent(l -> rows.add(row(grid, cell.cell(), c.className(), l.mean(), l.variance(),
                                                        l.min(), l.max())));
            }
        }
        return ExperimentTable.of("encapsulation", "Encapsulation delay (ns; variance ns²)",
                                  columns(grid, "Type", "Average", "Variance", "MIN", "MAX"), rows);
    }

    /** One table per class and place that copied its packets, as the MSR6 study's tables 2-4. */
    private static List<ExperimentTable> clones(List<ExperimentCellResult> cells, boolean grid) {
        List<ExperimentTable> tables = new ArrayList<>();
        for (ExperimentCellResult cell : cells) {
            for (ExperimentClassResult c : cell.classes()) {
                Map<String, List<ExperimentStageResult>> places = c.stages().stream().collect(Collectors.groupingBy(
                        s -> s.device() + " (" + s.latencyClass().label() + ")", TreeMap::new, Collectors.toList()));
                places.forEach((place, copies) -> {
                    if (copies.size() < 2) {
                        return;
                    }
                    List<String> columns = new ArrayList<>();
                    columns.add("Action");
                    List<Object> average = new ArrayList<>(List.of("Average"));
                    List<Object> variance = new ArrayList<>(List.of("Variance"));
                    List<Object> count = new ArrayList<>(List.of("Packets"));
                    List<ExperimentStageResult> ordered = new ArrayList<>(copies);
                    ordered.sort(Comparator.comparingDouble(ExperimentStageResult::mean));
                    int n = 0;
                    for (ExperimentStageResult s : ordered) {
                        columns.add(ordinal(++n) + "Clone (port " + s.egressPort() + ")");
                        average.add(s.mean());
                        variance.add(s.variance());
                        count.add(s.count());
                    }
                    String suffix = grid ? String.format(", %d bytes every %d ns", cell.cell().frameSize(),
                                                         cell.cell().intervalNanos()) : "";
                    tables.add(ExperimentTable.of("clones-" + c.className() + "-" + tables.size(),
                                                  c.className() + "'s delay of clone and forward at " + place
                                                          + " (ns; variance ns²; copies by delay)" + suffix,
                                                  columns, List.of(average, variance, count)));
                });
            }
        }
        return tables;
    }

    private static String ordinal(int n) {
        if (n % 100 >= 11 && n % 100 <= 13) {
            return n + "th";
        }
        switch (n % 10) {
            case 1:
                return n + "st";
            case 2:
                return n + "nd";
            case 3:
                return n + "rd";
            default:
                return n + "th";
        }
    }

    private static ExperimentTable stability(List<ExperimentCellResult> cells, boolean grid) {
        List<String> names = new ArrayList<>(List.of("Class", "Pairs", "Mean", "p50", "p90", "p99", "Max"));
        List<Double> edges = StabilitySummary.BIN_EDGES;
        for (int i = 0; i < edges.size(); i++) {
            names.add(i + 1 < edges.size() ? "[" + edges.get(i) + ", " + edges.get(i + 1) + ")"
                              : "[" + edges.get(i) + ", ∞)");
        }
        List<List<Object>> rows = new ArrayList<>();
        for (ExperimentCellResult cell : cells) {
            for (ExperimentClassResult c : cell.classes()) {
                c.stability().ifPresent(s -> {
                    List<Object> values = new ArrayList<>(List.of(c.className(), s.count(), s.mean(), s.p50(),
                                                                  s.p90(), s.p99(), s.max()));
                    s.bins().forEach(b -> values.add((double) b / s.count()));
                    rows.add(row(grid, cell.cell(), values.toArray()));
                });
            }
        }
        return ExperimentTable.of("stability", "Stability: distribution of |(T2 − T1) − (t2 − t1)| / (t2 − t1) "
                + "(fraction of pairs per bin)", columns(grid, names.toArray(new String[0])), rows);
    }

    private static ExperimentTable gridTable(List<ExperimentCellResult> cells) {
        List<List<Object>> rows = new ArrayList<>();
        for (ExperimentCellResult cell : cells) {
            for (ExperimentClassResult c : cell.classes()) {
                rows.add(Arrays.asList(cell.cell().frameSize(), cell.cell().loadMbps().orElse(null), c.className(),
                                       c.offeredMbps().orElse(null), c.goodputMbps().orElse(null),
                                       100 * c.lossRatio(), c.jitterNanos().orElse(null)));
            }
        }
        return ExperimentTable.of("grid", "Goodput, loss and jitter per frame size and load (jitter: RFC 3550)",
                                  List.of("Size (bytes)", "Load (Mbps)", "Class", "Offered (Mbps)", "Goodput (Mbps)",
                                          "Loss (%)", "Jitter (ns)"), rows);
    }

    private static ExperimentTable loss(List<ExperimentCellResult> cells, boolean grid) {
        List<List<Object>> rows = new ArrayList<>();
        for (ExperimentCellResult cell : cells) {
            for (ExperimentClassResult c : cell.classes()) {
                rows.add(row(grid, cell.cell(), c.className(), c.sent(), c.received(), c.lost(), 100 * c.lossRatio(),
                             c.duplicates(), c.reordered(), c.warmupSent(), c.lossBasis().name()));
            }
        }
        return ExperimentTable.of("loss", "Loss, duplication and reordering (sequence numbers)",
                                  columns(grid, "Class", "Sent", "Received", "Lost", "Loss (%)", "Duplicates",
                                          "Reordered", "Warm-up sent", "Counted from"), rows);
    }

    private static ExperimentTable normality(List<ExperimentCellResult> cells, boolean grid) {
        List<List<Object>> rows = new ArrayList<>();
        for (ExperimentCellResult cell : cells) {
            for (ExperimentClassResult c : cell.classes()) {
                c.latency().ifPresent(l -> rows.add(row(
                        grid, cell.cell(), c.className(), l.count(), l.p50(), l.p90(), l.p99(), l.ksStatistic(),
                        l.ksPValue(), Double.isNaN(l.ksPValue()) ? null : l.ksPValue() >= 0.05 ? "yes" : "no")));
            }
        }
        return ExperimentTable.of("normality", "Percentiles and the KS test against the fitted normal",
                                  columns(grid, "Class", "Packets", "p50", "p90", "p99", "KS statistic", "KS p-value",
                                          "Normal at 5%"), rows);
    }

    private static ExperimentTable repetitions(List<ExperimentCellResult> cells, boolean grid) {
        List<List<Object>> rows = new ArrayList<>();
        for (ExperimentCellResult cell : cells) {
            for (ExperimentClassResult c : cell.classes()) {
                c.confidence().ifPresent(ci -> rows.add(row(grid, cell.cell(), c.className(), ci.n(), ci.mean(),
                                                            ci.low(), ci.high(), ci.halfWidth())));
            }
        }
        return ExperimentTable.of("repetitions", "Mean latency across repetitions with its 95% confidence interval "
                + "(Student t)", columns(grid, "Class", "Repetitions", "Mean", "Low", "High", "Half width"), rows);
    }

    /**
     * Returns the comparisons of every feature with the baseline in every cell.
     *
     * @param e     the experiment
     * @param cells its results
     * @return the comparisons
     */
    public static List<FeatureComparison> comparisons(Experiment e, List<ExperimentCellResult> cells) {
        ImmutableList.Builder<FeatureComparison> comparisons = ImmutableList.builder();
        e.baseline().ifPresent(baseline -> {
            for (ExperimentCellResult cell : cells) {
                cell.classResult(baseline.name()).ifPresent(b -> cell.classes().stream()
                        .filter(c -> !c.className().equals(baseline.name()))
                        .forEach(f -> FeatureComparisons.of(cell.cell().index(), f, b, e.thresholds(),
                                                            e.meanThresholds(), e.meanOf())
                                .ifPresent(comparisons::add)));
            }
        });
        return comparisons.build();
    }
}
