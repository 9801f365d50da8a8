// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentCell;
import org.sixflow.app.api.ExperimentCellResult;
import org.sixflow.app.api.ExperimentClassResult;
import org.sixflow.app.api.ExperimentResults;
import org.sixflow.app.api.ExperimentTable;
import org.sixflow.app.api.LatencySummary;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.experiments.ExperimentTargets;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The layout of draft-murakami-dmm-udp-checksum-impact-gtpu's tables: one table per load point
 * ("INPUT: 100 pps, 1492 byte packet"), one row per mode (class) with its average, minimum and
 * maximum latency and its loss. Drawn for experiments with a class of a feature that asks for
 * them ({@link ExperimentTarget#tablesPerLoadPoint}): GTP-U's, whose modes (UDP checksum zero,
 * full, incremental; decapsulation) are what the draft compares. Latencies in nanoseconds, as the
 * draft's; a class measured while the switch queued says so in its last column.
 */
public final class LoadPointTables {

    static final List<String> COLUMNS = List.of("Mode", "Avg latency (ns)", "Min latency (ns)", "Max latency (ns)",
                                                "Loss (%)", "Queueing");

    private LoadPointTables() {
    }

    /**
     * Tells whether an experiment gets these tables.
     *
     * @param e       the experiment
     * @param targets what the running features contribute
     * @return true when one of its classes is measured as a class whose feature asks for them
     */
    public static boolean applies(Experiment e, ExperimentTargets targets) {
        return e.classes().stream().anyMatch(c -> targets.tabledPerLoadPoint(c.latencyClass()));
    }

    /**
     * Lays results out, one table per cell.
     *
     * @param cells the results per cell
     * @return the tables, in cell order
     */
    public static List<ExperimentTable> of(List<ExperimentCellResult> cells) {
        List<ExperimentTable> tables = new ArrayList<>();
        for (ExperimentCellResult cell : cells) {
            List<List<Object>> rows = new ArrayList<>();
            for (ExperimentClassResult c : cell.classes()) {
                LatencySummary l = c.latency().orElse(null);
                rows.add(Arrays.asList(c.className(), l == null ? null : l.mean(), l == null ? null : l.min(),
                                       l == null ? null : l.max(), 100 * c.lossRatio(), c.queueing().orElse(null)));
            }
            tables.add(ExperimentTable.of(ExperimentResults.LOAD_POINT_TABLE + cell.cell().index(), title(cell.cell()),
                                          COLUMNS, rows));
        }
        return tables;
    }

    /**
     * The heading of a load point, as the draft's INPUT line.
     *
     * @param cell the cell
     * @return e.g. "INPUT: 100 pps (one packet every 10 ms), 1492-byte frames"
     */
    static String title(ExperimentCell cell) {
        double pps = cell.packetsPerSecond();
        String rate = pps == Math.rint(pps) ? String.format(Locale.ROOT, "%.0f", pps)
                : String.format(Locale.ROOT, "%.1f", pps);
        return String.format(Locale.ROOT, "INPUT: %s pps (one packet every %s), %d-byte frames", rate,
                             StudyTables.interval(cell.intervalNanos()), cell.frameSize())
                + cell.loadMbps().map(l -> String.format(Locale.ROOT, ", %s Mbps", l)).orElse("");
    }
}
