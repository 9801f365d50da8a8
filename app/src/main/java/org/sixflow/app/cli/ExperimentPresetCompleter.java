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
 * Completes the ids of the experiment presets (apn6-ietf109, msr6-ietf119, load-grid, gtpu-murakami).
 */
@Service
public class ExperimentPresetCompleter extends AbstractChoicesCompleter {

    @Override
    protected List<String> choices() {
        return get(ExperimentService.class).presets().stream().map(Experiment::id).collect(Collectors.toList());
    }
}
