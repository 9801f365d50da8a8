// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.cli.net.DeviceIdCompleter;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.PortCounters;
import org.sixflow.app.api.PortRates;
import org.sixflow.app.api.PortStatistics;
import org.sixflow.app.api.TelemetryService;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Prints every port's latest gNMI counters and rates.
 */
@Service
@Command(scope = "sixflow", name = "ports", description = "Prints ports' latest counters and rates (gNMI)")
public class PortsCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "device", description = "Only this device")
    @Completion(DeviceIdCompleter.class)
    String device = null;

    @Override
    protected void doExecute() {
        try {
            List<PortStatistics> ports = get(TelemetryService.class)
                    .ports(Optional.ofNullable(device).map(DeviceId::deviceId));
            if (outputJson()) {
                ArrayNode json = mapper().createArrayNode();
                ports.forEach(p -> json.add(jsonForEntity(p, PortStatistics.class)));
                print("%s", json);
            } else {
                lines(ports).forEach(line -> print("%s", line));
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            error("%s", e.getMessage());
        }
    }

    /**
     * Renders ports as a table; "-" stands for a counter not reported or a rate not derivable.
     *
     * @param ports ports
     * @return lines
     */
    static List<String> lines(List<PortStatistics> ports) {
        if (ports.isEmpty()) {
            return ImmutableList.of("No port counters");
        }
        ImmutableList.Builder<String> lines = ImmutableList.builder();
        lines.add(String.format(Locale.ROOT, "%-20s %-12s %14s %14s %12s %12s %14s %14s %8s %8s %8s %8s  %s",
                                "device", "port", "in pkts", "out pkts", "in pps", "out pps", "in bps", "out bps",
                                "in disc", "out disc", "in err", "out err", "time"));
        for (PortStatistics p : ports) {
            PortCounters c = p.counters();
            PortRates r = p.rates().orElse(null);
            lines.add(String.format(Locale.ROOT, "%-20s %-12s %14s %14s %12s %12s %14s %14s %8s %8s %8s %8s  %s",
                                    c.deviceId(), c.port(), count(c.inPackets()), count(c.outPackets()),
                                    rate(r == null ? null : r.inPacketsPerSecond()),
                                    rate(r == null ? null : r.outPacketsPerSecond()),
                                    rate(r == null ? null : r.inBitsPerSecond()),
                                    rate(r == null ? null : r.outBitsPerSecond()), count(c.inDiscards()),
                                    count(c.outDiscards()), count(c.inErrors()), count(c.outErrors()), c.time()));
        }
        return lines.build();
    }

    private static String count(Long value) {
        return value == null ? "-" : Long.toString(value);
    }

    private static String rate(Double value) {
        return value == null ? "-" : String.format(Locale.ROOT, "%.1f", value);
    }
}
