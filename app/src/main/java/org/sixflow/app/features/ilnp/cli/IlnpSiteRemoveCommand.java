// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.features.ilnp.api.IlnpSiteService;

/**
 * Removes an ILNP site and its entries.
 */
@Service
@Command(scope = "sixflow", name = "ilnp-remove", description = "Removes an ILNP site")
public class IlnpSiteRemoveCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "name", description = "Site name", required = true)
    @Completion(IlnpSiteNameCompleter.class)
    String name = null;

    @Override
    protected void doExecute() {
        if (get(IlnpSiteService.class).remove(name)) {
            print("Removed ILNP site %s", name);
        } else {
            error("No ILNP site %s", name);
        }
    }
}
