// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.features.gtpu.api.GtpuTunnelAdminService;

/**
 * Removes a GTP-U tunnel and its entries.
 */
@Service
@Command(scope = "sixflow", name = "gtpu-tunnel-remove", description = "Removes a GTP-U tunnel")
public class GtpuTunnelRemoveCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Tunnel id", required = true)
    @Completion(GtpuTunnelIdCompleter.class)
    String id = null;

    @Override
    protected void doExecute() {
        if (get(GtpuTunnelAdminService.class).remove(id)) {
            print("Removed tunnel %s", id);
        } else {
            error("No tunnel %s", id);
        }
    }
}
