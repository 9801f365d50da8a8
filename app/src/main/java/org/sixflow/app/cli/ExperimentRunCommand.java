// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.ExperimentService;
import org.sixflow.app.api.ExperimentValidationException;

import java.io.PrintStream;

/**
 * Runs an experiment: queues a run and, unless told not to wait, shows its progress on one line
 * until it ends, then its latency table (and a GTP-U or PPPoE experiment's own tables).
 */
@Service
@Command(scope = "sixflow", name = "experiment-run", description = "Runs an experiment with a progress line")
public class ExperimentRunCommand extends AbstractShellCommand {

    /** How often the progress line is redrawn. */
    static final long REDRAW_MILLIS = 500;

    @Argument(index = 0, name = "id", description = "Experiment id", required = true)
    @Completion(ExperimentIdCompleter.class)
    String id;

    @Option(name = "--no-wait", description = "Queue the run and return")
    boolean noWait;

    @Override
    protected void doExecute() {
        ExperimentService service = get(ExperimentService.class);
        ExperimentRun run;
        try {
            run = service.start(id);
        } catch (ExperimentValidationException e) {
            print("Experiment %s cannot run:", id);
            ExperimentText.problems(e.fields()).forEach(line -> print("  %s", line));
            return;
        } catch (RuntimeException e) {
            print("%s", e.getMessage());
            return;
        }
        if (noWait) {
            print("Run %d queued (sixflow:experiment-results %d once it is done)", run.id(), run.id());
            return;
        }
        PrintStream out = System.out;
        try {
            while (!run.state().isFinal()) {
                out.print("\r" + ExperimentText.progress(run));
                out.flush();
                Thread.sleep(REDRAW_MILLIS);
                run = service.run(run.id()).orElse(run);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            out.println();
            print("Run %d goes on (sixflow:experiment-cancel %d stops it)", run.id(), run.id());
            return;
        }
        out.println("\r" + ExperimentText.progress(run));
        long runId = run.id();
        service.results(runId).ifPresent(r -> {
            r.table("latency").ifPresent(t -> ExperimentText.table(t).forEach(line -> print("%s", line)));
            // GTP-U experiments: draft-murakami's table per load point as well.
            ExperimentText.loadPoints(r).forEach(line -> print("%s", line));
            // PPPoE experiments: the study's tables by number of packets.
            ExperimentText.packetCounts(r).forEach(line -> print("%s", line));
        });
        if (run.resultsMillis().isPresent()) {
            print("Results %d ms after the last packet; all tables: sixflow:experiment-results %d",
                  run.resultsMillis().get(), runId);
        }
    }
}
