// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.features.bng.api.BngService;

/**
 * Cuts a PPPoE session: a PADT to the subscriber and to the server, its entries removed.
 */
@Service
@Command(scope = "sixflow", name = "bng-cut", description = "Cuts a PPPoE session")
public class BngCutCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Session id (sixflow:bng-sessions)", required = true)
    Long id = null;

    @Override
    protected void doExecute() {
        if (get(BngService.class).cut(id)) {
            print("Cut BNG session %d", id);
        } else {
            error("No BNG session %d is going", id);
        }
    }
}
