// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentService;

import java.util.List;
import java.util.stream.Collectors;

import static org.onosproject.cli.AbstractShellCommand.get;

/**
 * Completes experiment ids.
 */
@Service
public class ExperimentIdCompleter extends AbstractChoicesCompleter {

    @Override
    protected List<String> choices() {
        return get(ExperimentService.class).experiments().stream().map(Experiment::id).collect(Collectors.toList());
    }
}
