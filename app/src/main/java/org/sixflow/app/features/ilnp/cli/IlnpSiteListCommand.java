// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.cli;

import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpSiteService;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Lists ILNP sites with their lifecycle state, or shows one with its entries.
 */
@Service
@Command(scope = "sixflow", name = "ilnp-sites", description = "Lists ILNP sites, or shows one")
public class IlnpSiteListCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "name", description = "Site name (shows its entries)")
    @Completion(IlnpSiteNameCompleter.class)
    String name = null;

    @Override
    protected void doExecute() {
        IlnpSiteService service = get(IlnpSiteService.class);
        if (name == null) {
            list(service).forEach(line -> print("%s", line));
            return;
        }
        Optional<IlnpSite> site = service.site(name);
        if (site.isEmpty()) {
            error("No ILNP site %s", name);
            return;
        }
        details(site.get(), service).forEach(line -> print("%s", line));
    }

    /** Every site, one a line. */
    static List<String> list(IlnpSiteService service) {
        List<IlnpSite> sites = service.sites();
        if (sites.isEmpty()) {
            return List.of("No ILNP sites");
        }
        Map<String, InstallStatus> statuses = service.statuses();
        ImmutableList.Builder<String> lines = ImmutableList.builder();
        sites.forEach(s -> lines.add(line(s, statuses.getOrDefault(s.name(), InstallStatus.REQUESTED))));
        return lines.build();
    }

    /** One site on one line. */
    static String line(IlnpSite s, InstallStatus status) {
        String uplinks = s.uplinks().stream().map(u -> u.port() + ":" + u.locator() + "@" + u.weight())
                .collect(Collectors.joining(" "));
        return String.format(Locale.ROOT, "name=%s, device=%s, internal=%s, uplinks=[%s], revision=%d, state=%s%s",
                             s.name(), s.device(), s.internalLocator(), uplinks, s.revision(), status.state(),
                             status.failure().map(f -> ", failedDevice=" + f.deviceId() + ", reason=" + f.reason())
                                     .orElse(""));
    }

    /** A site's line and its entries. */
    static List<String> details(IlnpSite site, IlnpSiteService service) {
        ImmutableList.Builder<String> lines = ImmutableList.<String>builder()
                .add(line(site, service.status(site.name()).orElse(InstallStatus.REQUESTED)));
        service.entries(site.name()).forEach(entry -> lines.add("  " + entry));
        return lines.build();
    }
}
