// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.features.msr6.api.Msr6TreeAdminService;

/**
 * Removes an MSR6 tree and everything installed for it.
 */
@Service
@Command(scope = "sixflow", name = "tree-remove", description = "Removes an MSR6 tree")
public class TreeRemoveCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Tree id", required = true)
    @Completion(TreeIdCompleter.class)
    String id = null;

    @Override
    protected void doExecute() {
        if (get(Msr6TreeAdminService.class).remove(id)) {
            print("Removed tree %s", id);
        } else {
            error("No tree %s", id);
        }
    }
}
