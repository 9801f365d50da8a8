// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6MappingService;

import java.util.List;
import java.util.stream.Collectors;

import static org.onosproject.cli.AbstractShellCommand.get;

/**
 * Completes NPTv6 mapping ids.
 */
@Service
public class Nptv6MappingIdCompleter extends AbstractChoicesCompleter {

    @Override
    protected List<String> choices() {
        return get(Nptv6MappingService.class).mappings().stream().map(NamedNptv6Mapping::id)
                .collect(Collectors.toList());
    }
}
