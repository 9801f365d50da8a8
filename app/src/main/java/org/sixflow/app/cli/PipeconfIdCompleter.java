// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.sixflow.app.api.InventoryService;
import org.sixflow.app.api.PipeconfInfo;

import java.util.List;
import java.util.stream.Collectors;

import static org.onosproject.cli.AbstractShellCommand.get;

/**
 * Completes registered pipeconf ids.
 */
@Service
public class PipeconfIdCompleter extends AbstractChoicesCompleter {

    @Override
    protected List<String> choices() {
        return get(InventoryService.class).pipeconfs().stream()
                .map(PipeconfInfo::id)
                .collect(Collectors.toList());
    }
}
