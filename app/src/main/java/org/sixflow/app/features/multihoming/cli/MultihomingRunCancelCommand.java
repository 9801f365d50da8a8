// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.features.multihoming.api.MultihomingStudyService;

/** Asks a run to stop after its current trial. */
@Service
@Command(scope = "sixflow", name = "multihoming-run-cancel", description = "Cancels a multihoming study run")
public class MultihomingRunCancelCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "runId", description = "Run number", required = true)
    long runId;

    @Override
    protected void doExecute() {
        try {
            print("%s", MultihomingRunsCommand.line(get(MultihomingStudyService.class).cancel(runId)));
        } catch (ItemNotFoundException | IllegalStateException e) {
            error("%s", e.getMessage());
        }
    }
}
