// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onlab.packet.MacAddress;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.cli.net.DeviceIdCompleter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpSiteService;
import org.sixflow.app.features.ilnp.api.IlnpUplink;

import java.util.ArrayList;
import java.util.List;

/**
 * Validates and stores an ILNP site; its owner instance installs it.
 */
@Service
@Command(scope = "sixflow", name = "ilnp-add", description = "Validates and installs an ILNP site")
public class IlnpSiteAddCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "name", description = "Site name (1-64 letters, digits, '.', '_', '-')",
            required = true)
    String name = null;

    @Argument(index = 1, name = "device", description = "The site border router, e.g. device:sbr", required = true)
    @Completion(DeviceIdCompleter.class)
    String device = null;

    @Argument(index = 2, name = "internal", description = "The site's internal locator, e.g. fd00:5:1:1::/64",
            required = true)
    String internal = null;

    @Argument(index = 3, name = "uplinks", description = "Uplinks, each port,locator,routerMac,nextHopMac,weight"
            + " (e.g. 2,2001:db8:a:1::/64,00:aa:00:00:02:01,00:bb:00:00:00:02,50); weights sum to 100",
            required = true, multiValued = true)
    List<String> uplinks = null;

    @Override
    protected void doExecute() {
        try {
            IlnpSite stored = get(IlnpSiteService.class).add(site(name, device, internal, uplinks));
            print("Stored ILNP site %s", stored);
        } catch (IllegalArgumentException | IllegalStateException e) {
            error("ILNP site %s not created: %s", name, e.getMessage());
        }
    }

    /**
     * Parses the command's arguments into a site.
     *
     * @param name     site name
     * @param device   device id
     * @param internal internal locator
     * @param uplinks  port,locator,routerMac,nextHopMac,weight each
     * @return the site
     * @throws IllegalArgumentException naming the argument that is wrong
     */
    static IlnpSite site(String name, String device, String internal, List<String> uplinks) {
        List<IlnpUplink> parsed = new ArrayList<>();
        for (int i = 0; i < uplinks.size(); i++) {
            parsed.add(uplink(i, uplinks.get(i)));
        }
        return IlnpSite.of(name, DeviceId.deviceId(device), named("internal", internal), parsed);
    }

    private static IlnpUplink uplink(int i, String text) {
        String[] parts = text.split(",", -1);
        String at = "uplink " + (i + 1) + " (" + text + ")";
        if (parts.length != 5) {
            throw new IllegalArgumentException(at + ": write port,locator,routerMac,nextHopMac,weight");
        }
        try {
            return IlnpUplink.of(PortNumber.portNumber(Long.parseLong(parts[0])), IlnpSite.locator(parts[1]),
                                 MacAddress.valueOf(parts[2]), MacAddress.valueOf(parts[3]),
                                 Integer.parseInt(parts[4]));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(at + ": " + e.getMessage(), e);
        }
    }

    private static org.onlab.packet.Ip6Prefix named(String argument, String text) {
        try {
            return IlnpSite.locator(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(argument + ": " + e.getMessage(), e);
        }
    }
}
