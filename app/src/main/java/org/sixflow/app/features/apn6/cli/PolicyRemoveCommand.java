// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.features.apn6.api.Apn6PolicyAdminService;

/**
 * Removes an APN6 policy and its entries.
 */
@Service
@Command(scope = "sixflow", name = "policy-remove", description = "Removes an APN6 SLA policy")
public class PolicyRemoveCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Policy id", required = true)
    @Completion(PolicyIdCompleter.class)
    String id = null;

    @Override
    protected void doExecute() {
        if (get(Apn6PolicyAdminService.class).remove(id)) {
            print("Removed policy %s", id);
        } else {
            error("No policy %s", id);
        }
    }
}
