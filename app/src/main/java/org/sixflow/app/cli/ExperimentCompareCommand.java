// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.api.ExperimentService;
import org.sixflow.app.api.ExperimentTable;
import org.sixflow.app.api.RunComparison;

import java.util.NoSuchElementException;

/**
 * Compares two runs class by class (means, difference, ratio, Welch's p-value), and as a study
 * compares them where one does: the PPPoE study's single against split data plane by number of
 * packets, for runs of pppoe-single and pppoe-split.
 */
@Service
@Command(scope = "sixflow", name = "experiment-compare", description = "Compares two runs class by class")
public class ExperimentCompareCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "runA", description = "The first run (before, e.g. the single data plane)",
            required = true)
    long runA;

    @Argument(index = 1, name = "runB", description = "The second run (after, e.g. the split data plane)",
            required = true)
    long runB;

    @Override
    protected void doExecute() {
        RunComparison c;
        try {
            c = get(ExperimentService.class).compare(runA, runB);
        } catch (NoSuchElementException | IllegalArgumentException e) {
            print("%s", e.getMessage());
            return;
        }
        if (outputJson()) {
            print("%s", jsonForEntity(c, RunComparison.class));
            return;
        }
        print("%-6s %-16s %10s %10s %14s %14s %12s %8s %9s", "Cell", "Class", "Count " + runA, "Count " + runB,
              "Mean " + runA + " (ns)", "Mean " + runB + " (ns)", "Diff (ns)", "Ratio", "p");
        for (RunComparison.Row r : c.rows()) {
            print("%-6d %-16s %10d %10d %14.1f %14.1f %12.1f %8.3f %9.3g", r.cellIndex(), r.className(), r.countA(),
                  r.countB(), r.meanA(), r.meanB(), r.difference(), r.ratio(), r.pValue());
        }
        for (ExperimentTable t : c.tables()) {
            print("");
            ExperimentText.table(t).forEach(line -> print("%s", line));
        }
    }
}
