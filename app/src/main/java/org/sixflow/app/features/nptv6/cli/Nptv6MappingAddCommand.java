// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.cli.net.ConnectPointCompleter;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6MappingService;

/**
 * Validates and stores an NPTv6 mapping; its owner instance installs it.
 */
@Service
@Command(scope = "sixflow", name = "nptv6-add", description = "Validates and installs an NPTv6 mapping")
public class Nptv6MappingAddCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Mapping id (1-64 letters, digits, '.', '_', '-')",
            required = true)
    String id = null;

    @Argument(index = 1, name = "uplink", description = "The port towards the provider, device/port",
            required = true)
    @Completion(ConnectPointCompleter.class)
    String uplink = null;

    @Argument(index = 2, name = "internal", description = "The site's prefix, e.g. fd01:203:405::/48",
            required = true)
    String internal = null;

    @Argument(index = 3, name = "external", description = "The provider's prefix, e.g. 2001:db8:1::/48",
            required = true)
    String external = null;

    @Override
    protected void doExecute() {
        try {
            NamedNptv6Mapping stored = get(Nptv6MappingService.class).add(mapping(id, uplink, internal, external));
            print("Stored NPTv6 mapping %s", stored);
        } catch (IllegalArgumentException | IllegalStateException e) {
            error("NPTv6 mapping %s not created: %s", id, e.getMessage());
        }
    }

    /**
     * Parses the command's arguments into a mapping.
     *
     * @param id       mapping id
     * @param uplink   device/port
     * @param internal internal prefix
     * @param external external prefix
     * @return the mapping
     * @throws IllegalArgumentException naming the argument that is wrong
     */
    static NamedNptv6Mapping mapping(String id, String uplink, String internal, String external) {
        return NamedNptv6Mapping.of(id, named("internal", internal), named("external", external),
                                    NamedNptv6Mapping.uplink(uplink));
    }

    private static Ip6Prefix named(String argument, String text) {
        try {
            return Nptv6Mapping.prefix(text);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException(argument + ": " + e.getMessage(), e);
        }
    }
}
