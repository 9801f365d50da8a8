// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.features.multihoming.api.MultihomingStudyService;
import org.sixflow.app.features.multihoming.api.StudyRun;

/** Queues a run of a study on this instance. */
@Service
@Command(scope = "sixflow", name = "multihoming-study-run", description = "Runs a multihoming study")
public class MultihomingStudyRunCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Study id", required = true)
    @Completion(StudyIdCompleter.class)
    String id = null;

    @Override
    protected void doExecute() {
        try {
            StudyRun run = get(MultihomingStudyService.class).start(id);
            print("Run %d of %s queued (%d trials); sixflow:multihoming-run %d follows it", run.id(), id,
                  run.cellsTotal(), run.id());
        } catch (ItemNotFoundException | IllegalStateException e) {
            error("%s", e.getMessage());
        }
    }
}
