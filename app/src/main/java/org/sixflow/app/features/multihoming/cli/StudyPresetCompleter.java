// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.MultihomingStudyService;

import java.util.List;
import java.util.stream.Collectors;

import static org.onosproject.cli.AbstractShellCommand.get;

/** Completes the presets' ids. */
@Service
public class StudyPresetCompleter extends AbstractChoicesCompleter {

    @Override
    protected List<String> choices() {
        return get(MultihomingStudyService.class).presets().stream().map(MultihomingStudy::id)
                .collect(Collectors.toList());
    }
}
