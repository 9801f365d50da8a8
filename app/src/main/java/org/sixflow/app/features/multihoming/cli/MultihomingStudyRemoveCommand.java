// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.features.multihoming.api.MultihomingStudyService;

/** Removes a study and its runs. */
@Service
@Command(scope = "sixflow", name = "multihoming-study-remove", description = "Removes a multihoming study and its runs")
public class MultihomingStudyRemoveCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Study id", required = true)
    @Completion(StudyIdCompleter.class)
    String id = null;

    @Override
    protected void doExecute() {
        try {
            if (get(MultihomingStudyService.class).remove(id)) {
                print("Removed %s", id);
            } else {
                error("No multihoming study %s", id);
            }
        } catch (IllegalStateException e) {
            error("%s", e.getMessage());
        }
    }
}
