// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.features.nptv6.api.Nptv6MappingService;

/**
 * Removes an NPTv6 mapping and its entries.
 */
@Service
@Command(scope = "sixflow", name = "nptv6-remove", description = "Removes an NPTv6 mapping")
public class Nptv6MappingRemoveCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Mapping id", required = true)
    @Completion(Nptv6MappingIdCompleter.class)
    String id = null;

    @Override
    protected void doExecute() {
        if (get(Nptv6MappingService.class).remove(id)) {
            print("Removed NPTv6 mapping %s", id);
        } else {
            error("No NPTv6 mapping %s", id);
        }
    }
}
