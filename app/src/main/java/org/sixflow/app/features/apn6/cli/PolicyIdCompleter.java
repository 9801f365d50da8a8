// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.Apn6PolicyService;

import java.util.List;
import java.util.stream.Collectors;

import static org.onosproject.cli.AbstractShellCommand.get;

/**
 * Completes installed APN6 policy ids.
 */
@Service
public class PolicyIdCompleter extends AbstractChoicesCompleter {

    @Override
    protected List<String> choices() {
        return get(Apn6PolicyService.class).policies().stream().map(Apn6Policy::id).collect(Collectors.toList());
    }
}
