// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.api.ExperimentService;

/**
 * Cancels a queued or running run.
 */
@Service
@Command(scope = "sixflow", name = "experiment-cancel", description = "Cancels a queued or running run")
public class ExperimentCancelCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "run", description = "Run id", required = true)
    long runId;

    @Override
    protected void doExecute() {
        try {
            print("%s", ExperimentText.progress(get(ExperimentService.class).cancel(runId)));
        } catch (RuntimeException e) {
            print("%s", e.getMessage());
        }
    }
}
