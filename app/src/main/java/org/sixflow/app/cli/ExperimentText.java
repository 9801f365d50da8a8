// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import com.google.common.collect.ImmutableList;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentResults;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.ExperimentTable;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How the experiment commands write experiments, runs, progress and the studies' tables as text.
 */
final class ExperimentText {

    /** Width of the progress bar. */
    static final int BAR = 30;

    private ExperimentText() {
    }

    /**
     * One line per experiment.
     *
     * @param e       the experiment
     * @param lastRun its newest run
     * @return the line
     */
    static String experiment(Experiment e, Optional<ExperimentRun> lastRun) {
        String classes = e.classes().stream().map(ExperimentText::className).collect(Collectors.joining(","));
        String pace = e.loadsMbps().isEmpty()
                ? "interval=" + e.cells().get(0).intervalNanos() / 1000.0 + "µs"
                : "loadsMbps=" + e.loadsMbps();
        return String.format(Locale.ROOT, "id=%s, name=%s, traffic=%s, ingress=%s, classes=%s, packetsPerClass=%d, "
                                     + "%s, frameSizes=%s, repetitions=%d, lastRun=%s",
                             e.id(), e.name(), e.traffic(), e.ingress(), classes, e.packetsPerClass(), pace,
                             e.frameSizes(), e.repetitions(),
                             lastRun.map(r -> "#" + r.id() + " " + r.state()).orElse("none"));
    }

    private static String className(ExperimentClass c) {
        return c.name() + "(" + c.latencyClass().label() + (c.role() == ExperimentClassRole.BASELINE ? ", baseline" : "")
                + ")";
    }

    /**
     * A run's progress line: a bar, the share sent, counts and state.
     *
     * @param run the run
     * @return the line (no line break)
     */
    static String progress(ExperimentRun run) {
        int filled = (int) Math.round(run.progress() * BAR);
        StringBuilder bar = new StringBuilder("[");
        for (int i = 0; i < BAR; i++) {
            bar.append(i < filled ? '#' : ' ');
        }
        return String.format(Locale.ROOT, "run %d %s] %3.0f%% %d/%d %s%s", run.id(), bar, 100 * run.progress(),
                             run.sent(), run.total(), run.state(), run.reason().map(r -> ": " + r).orElse(""));
    }

    /**
     * Field problems, one per line.
     *
     * @param fields field path to message
     * @return lines
     */
    static List<String> problems(Map<String, String> fields) {
        return fields.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.toList());
    }

    /**
     * A table as aligned text: its title, a heading line, and rows; numbers with up to six
     * significant digits, empty cells blank.
     *
     * @param table the table
     * @return lines
     */
    static List<String> table(ExperimentTable table) {
        List<List<String>> cells = new ArrayList<>();
        cells.add(table.columns());
        for (List<Object> row : table.rows()) {
            cells.add(row.stream().map(ExperimentText::cell).collect(Collectors.toList()));
        }
        int[] widths = new int[table.columns().size()];
        for (List<String> row : cells) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        ImmutableList.Builder<String> lines = ImmutableList.builder();
        lines.add(table.title());
        for (List<String> row : cells) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                line.append(i == 0 ? "  " : "  ").append(String.format("%-" + widths[i] + "s", row.get(i)));
            }
            lines.add(line.toString().replaceAll("\\s+$", ""));
        }
        return lines.build();
    }

    /**
     * The tables of draft-murakami's layout, one per load point (mode, average, minimum and
     * maximum latency, loss), each followed by an empty line; none for an experiment without GTP-U
     * classes.
     *
     * @param results a run's results
     * @return lines
     */
    static List<String> loadPoints(ExperimentResults results) {
        ImmutableList.Builder<String> lines = ImmutableList.builder();
        for (ExperimentTable t : results.loadPointTables()) {
            lines.addAll(table(t)).add("");
        }
        return lines.build();
    }

    /**
     * The PPPoE study's tables by number of packets, each followed by an empty line; none for an
     * experiment without a class naming a PPPoE session.
     *
     * @param results a run's results
     * @return lines
     */
    static List<String> packetCounts(ExperimentResults results) {
        ImmutableList.Builder<String> lines = ImmutableList.builder();
        for (ExperimentTable t : results.packetCountTables()) {
            lines.addAll(table(t)).add("");
        }
        return lines.build();
    }

    static String cell(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Double || value instanceof Float) {
            double v = ((Number) value).doubleValue();
            if (!Double.isFinite(v)) {
                return "";
            }
            if (v == Math.rint(v) && Math.abs(v) < 1e15) {
                return Long.toString((long) v);
            }
            return String.format(Locale.ROOT, "%.6g", v).replaceAll("(\\.\\d*?)0+(e|$)", "$1$2")
                    .replaceAll("\\.(e|$)", "$1");
        }
        return value.toString();
    }
}
