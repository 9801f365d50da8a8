// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;

import java.util.List;
import java.util.stream.Collectors;

import static org.onosproject.cli.AbstractShellCommand.get;

/**
 * Completes GTP-U tunnel ids.
 */
@Service
public class GtpuTunnelIdCompleter extends AbstractChoicesCompleter {

    @Override
    protected List<String> choices() {
        return get(GtpuTunnelService.class).tunnels().stream().map(GtpuTunnel::id).collect(Collectors.toList());
    }
}
