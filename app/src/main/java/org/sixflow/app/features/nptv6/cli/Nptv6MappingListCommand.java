// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.cli;

import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6MappingService;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Lists NPTv6 mappings with their lifecycle state, or shows one with its entries.
 */
@Service
@Command(scope = "sixflow", name = "nptv6-mappings", description = "Lists NPTv6 mappings, or shows one")
public class Nptv6MappingListCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Mapping id (shows its entries)")
    @Completion(Nptv6MappingIdCompleter.class)
    String id = null;

    @Override
    protected void doExecute() {
        Nptv6MappingService service = get(Nptv6MappingService.class);
        if (id == null) {
            list(service).forEach(line -> print("%s", line));
            return;
        }
        Optional<NamedNptv6Mapping> mapping = service.mapping(id);
        if (mapping.isEmpty()) {
            error("No NPTv6 mapping %s", id);
            return;
        }
        details(mapping.get(), service).forEach(line -> print("%s", line));
    }

    /** Every mapping, one a line. */
    static List<String> list(Nptv6MappingService service) {
        List<NamedNptv6Mapping> mappings = service.mappings();
        if (mappings.isEmpty()) {
            return List.of("No NPTv6 mappings");
        }
        Map<String, InstallStatus> statuses = service.statuses();
        ImmutableList.Builder<String> lines = ImmutableList.builder();
        mappings.forEach(m -> lines.add(line(m, statuses.getOrDefault(m.id(), InstallStatus.REQUESTED))));
        return lines.build();
    }

    /** One mapping on one line. */
    static String line(NamedNptv6Mapping m, InstallStatus status) {
        return String.format(Locale.ROOT, "id=%s, internal=%s, external=%s, uplink=%s, state=%s%s", m.id(),
                             m.internalPrefix(), m.externalPrefix(), m.uplink(), status.state(),
                             status.failure().map(f -> ", failedDevice=" + f.deviceId() + ", reason=" + f.reason())
                                     .orElse(""));
    }

    /** A mapping's line and its entries. */
    static List<String> details(NamedNptv6Mapping mapping, Nptv6MappingService service) {
        ImmutableList.Builder<String> lines = ImmutableList.<String>builder()
                .add(line(mapping, service.status(mapping.id()).orElse(InstallStatus.REQUESTED)));
        service.entries(mapping.id()).forEach(entry -> lines.add("  " + entry));
        return lines.build();
    }
}
