// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.cli.net.DeviceIdCompleter;
import org.onosproject.net.DeviceId;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.app.features.routing.api.RoutingService;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Prints the IPv6 routes Sixflow keeps on the devices.
 */
@Service
@Command(scope = "sixflow", name = "routes", description = "Prints IPv6 routes (routing_v6 entries) per device")
public class RouteListCommand extends AbstractShellCommand {

    private static final String FORMAT = "%-20s %-26s %-8s %6s  %-17s  %-17s  %s";

    @Argument(index = 0, name = "device", description = "Only this device")
    @Completion(DeviceIdCompleter.class)
    String device = null;

    @Override
    protected void doExecute() {
        try {
            RoutingService routing = get(RoutingService.class);
            List<Ipv6Route> routes = device == null ? routing.routes() : routing.routes(DeviceId.deviceId(device));
            if (outputJson()) {
                ArrayNode json = mapper().createArrayNode();
                routes.forEach(r -> json.add(jsonForEntity(r, Ipv6Route.class)));
                print("%s", json);
            } else {
                lines(routes).forEach(line -> print("%s", line));
            }
        } catch (IllegalArgumentException e) {
            error("%s", e.getMessage());
        }
    }

    /**
     * Renders routes as a table.
     *
     * @param routes routes
     * @return lines
     */
    static List<String> lines(List<Ipv6Route> routes) {
        if (routes.isEmpty()) {
            return ImmutableList.of("No routes");
        }
        ImmutableList.Builder<String> lines = ImmutableList.builder();
        lines.add(String.format(Locale.ROOT, FORMAT, "device", "prefix", "kind", "port", "source MAC",
                                "next-hop MAC", "state"));
        for (Ipv6Route r : routes) {
            lines.add(String.format(Locale.ROOT, FORMAT, r.deviceId(), r.prefix(), r.kind(), r.port().toLong(),
                                    r.sourceMac(), r.nextHopMac(), r.state()));
            if (r.nextHops().size() > 1) {
                // ECMP: every equal-cost next hop, the first being the line's.
                lines.add("    ECMP over " + r.nextHops().stream().map(h -> h.port().toLong() + "/" + h.mac())
                        .collect(Collectors.joining(", ")));
            }
        }
        return lines.build();
    }
}
