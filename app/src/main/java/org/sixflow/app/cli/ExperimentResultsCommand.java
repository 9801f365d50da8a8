// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.api.ExperimentResults;
import org.sixflow.app.api.ExperimentService;
import org.sixflow.app.api.ExperimentTable;

import java.util.Optional;

/**
 * Shows a run's results as the studies' tables (or one of them), or as JSON.
 */
@Service
@Command(scope = "sixflow", name = "experiment-results", description = "Shows a run's tables")
public class ExperimentResultsCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "run", description = "Run id", required = true)
    long runId;

    @Option(name = "-t", aliases = "--table", description = "Only this table, e.g. latency, overhead-one-packet, "
            + "encapsulation, stability, grid, loss")
    String tableId;

    @Override
    protected void doExecute() {
        ExperimentService service = get(ExperimentService.class);
        Optional<ExperimentResults> results = service.results(runId);
        if (results.isEmpty()) {
            print("Run %d has no results (%s)", runId, service.run(runId).map(r -> r.state()
                    + r.reason().map(x -> ": " + x).orElse("")).orElse("no such run"));
            return;
        }
        if (outputJson()) {
            print("%s", jsonForEntity(results.get(), ExperimentResults.class));
            return;
        }
        // A class measured while the switch queued: its figures stand, no comparison is drawn from it.
        results.get().cells().forEach(cell -> cell.classes().forEach(c -> c.queueing().ifPresent(
                evidence -> print("Cell %d, class %s: the switch queued (%s); not compared",
                                  cell.cell().index(), c.className(), evidence))));
        boolean shown = false;
        for (ExperimentTable table : results.get().tables()) {
            if (tableId == null || tableId.equals(table.id())) {
                ExperimentText.table(table).forEach(line -> print("%s", line));
                print("");
                shown = true;
            }
        }
        if (!shown) {
            print("Run %d has no table %s; it has %s", runId, tableId, results.get().tables().stream()
                    .map(ExperimentTable::id).reduce((a, b) -> a + ", " + b).orElse("none"));
        }
    }
}
