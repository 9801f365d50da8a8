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

import java.util.List;
import java.util.Locale;

/** Lists a study's runs, newest first. */
@Service
@Command(scope = "sixflow", name = "multihoming-runs", description = "Lists a multihoming study's runs")
public class MultihomingRunsCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Study id", required = true)
    @Completion(StudyIdCompleter.class)
    String id = null;

    @Override
    protected void doExecute() {
        try {
            List<StudyRun> runs = get(MultihomingStudyService.class).runs(id);
            if (runs.isEmpty()) {
                print("No runs of %s", id);
            }
            runs.forEach(r -> print("%s", line(r)));
        } catch (ItemNotFoundException e) {
            error("%s", e.getMessage());
        }
    }

    static String line(StudyRun r) {
        return String.format(Locale.ROOT, "run=%d, state=%s, trials=%d/%d, created=%s%s", r.id(), r.state(),
                             r.cellsDone(), r.cellsTotal(), r.createdAt(),
                             r.reason().map(reason -> ", reason=" + reason).orElse(""));
    }
}
