// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpSiteService;

import java.util.List;
import java.util.stream.Collectors;

import static org.onosproject.cli.AbstractShellCommand.get;

/**
 * Completes ILNP site names.
 */
@Service
public class IlnpSiteNameCompleter extends AbstractChoicesCompleter {

    @Override
    protected List<String> choices() {
        return get(IlnpSiteService.class).sites().stream().map(IlnpSite::name).collect(Collectors.toList());
    }
}
