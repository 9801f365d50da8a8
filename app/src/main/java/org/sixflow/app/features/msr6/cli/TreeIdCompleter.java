// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.sixflow.app.features.msr6.api.Msr6TreeService;

import java.util.List;
import java.util.stream.Collectors;

import static org.onosproject.cli.AbstractShellCommand.get;

/**
 * Completes installed tree ids.
 */
@Service
public class TreeIdCompleter extends AbstractChoicesCompleter {

    @Override
    protected List<String> choices() {
        return get(Msr6TreeService.class).trees().stream().map(t -> t.request().id()).collect(Collectors.toList());
    }
}
