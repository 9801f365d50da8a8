// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.cli;

import com.google.common.collect.ImmutableSet;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.cli.net.ConnectPointCompleter;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.TableFullException;
import org.sixflow.app.features.apn6.api.Apn6Match;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.Apn6PolicyAdminService;
import org.sixflow.app.features.apn6.api.Apn6Validation;
import org.sixflow.app.features.apn6.api.ApplicationAwareId;
import org.sixflow.app.features.apn6.api.PortRange;

import java.util.List;

/**
 * Validates and installs an APN6 SLA policy: matching traffic gets the Application-aware ID option.
 */
@Service
@Command(scope = "sixflow", name = "policy-add", description = "Validates and installs an APN6 SLA policy")
public class PolicyAddCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Policy id (lower-case letters, digits, dashes)", required = true)
    String id = null;

    @Argument(index = 1, name = "priority", description = "1..65535; higher wins where policies overlap",
            required = true)
    String priority = null;

    @Argument(index = 2, name = "option", description = "SLA:APP:USER:FLOW, e.g. 3:4660:7:1", required = true)
    String option = null;

    @Option(name = "-s", aliases = "--source", description = "Source prefix (default ::/0)")
    String source = null;

    @Option(name = "-d", aliases = "--destination", description = "Destination prefix (default ::/0)")
    String destination = null;

    @Option(name = "--next-header", description = "Upper-layer protocol number, e.g. 17")
    String nextHeader = null;

    @Option(name = "--source-ports", description = "LOW-HIGH or a single port")
    String sourcePorts = null;

    @Option(name = "--destination-ports", description = "LOW-HIGH or a single port")
    String destinationPorts = null;

    @Option(name = "-i", aliases = "--ingress-port", description = "Edge port to classify on (default: all)",
            multiValued = true)
    @Completion(ConnectPointCompleter.class)
    List<String> ingressPorts = null;

    @Option(name = "--sla-priority", description = "Transit queue priority for this SLA level")
    String slaPriority = null;

    @Option(name = "--strip", description = "Remove the option at the egress edge")
    boolean strip = false;

    @Override
    protected void doExecute() {
        try {
            Apn6Policy policy = policy(id, priority, option, source, destination, nextHeader, sourcePorts,
                                       destinationPorts, ingressPorts, slaPriority, strip);
            Apn6Validation result = get(Apn6PolicyAdminService.class).create(policy);
            print("Installed policy %s: %d entries", id, result.entries());
            result.warnings().forEach(w -> print("  warning: %s", w));
        } catch (IllegalArgumentException | TableFullException e) {
            error("Policy %s not created: %s", id, e.getMessage());
        }
    }

    /**
     * Parses the command's arguments into a policy; null options are wildcards.
     *
     * @return the policy
     * @throws IllegalArgumentException naming the argument that is wrong
     */
    @SuppressWarnings("checkstyle:ParameterNumber")
    static Apn6Policy policy(String id, String priority, String option, String source, String destination,
                             String nextHeader, String sourcePorts, String destinationPorts,
                             List<String> ingressPorts, String slaPriority, boolean strip) {
        Apn6Match.Builder match = Apn6Match.builder();
        if (source != null) {
            match.source(prefix("source", source));
        }
        if (destination != null) {
            match.destination(prefix("destination", destination));
        }
        if (nextHeader != null) {
            match.nextHeader(integer("next-header", nextHeader));
        }
        if (sourcePorts != null) {
            match.sourcePorts(ports("source-ports", sourcePorts));
        }
        if (destinationPorts != null) {
            match.destinationPorts(ports("destination-ports", destinationPorts));
        }
        if (ingressPorts != null) {
            ImmutableSet.Builder<ConnectPoint> points = ImmutableSet.builder();
            for (String port : ingressPorts) {
                try {
                    points.add(ConnectPoint.deviceConnectPoint(port));
                } catch (RuntimeException e) {
                    throw new IllegalArgumentException("ingress-port \"" + port
                                                               + "\" is not a port like device:beijing/3");
                }
            }
            match.ingressPorts(points.build());
        }
        return Apn6Policy.of(id, null, integer("priority", priority), match.build(), applicationAwareId(option),
                             slaPriority == null ? null : integer("sla-priority", slaPriority), strip);
    }

    private static ApplicationAwareId applicationAwareId(String text) {
        String[] parts = text.split(":", -1);
        if (parts.length != 4) {
            throw new IllegalArgumentException("option \"" + text + "\" must be SLA:APP:USER:FLOW, e.g. 3:4660:7:1");
        }
        try {
            return ApplicationAwareId.of(Long.parseLong(parts[0]), Long.parseLong(parts[1]),
                                         Long.parseLong(parts[2]), Long.parseLong(parts[3]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option \"" + text + "\" must hold four whole numbers");
        }
    }

    private static Ip6Prefix prefix(String name, String text) {
        try {
            return Ip6Prefix.valueOf(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + " \"" + text + "\" is not an IPv6 prefix like fd00:1::/32");
        }
    }

    private static int integer(String name, String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " \"" + text + "\" must be a whole number");
        }
    }

    private static PortRange ports(String name, String text) {
        String[] bounds = text.split("-", -1);
        if (bounds.length > 2) {
            throw new IllegalArgumentException(name + " \"" + text + "\" must be LOW-HIGH or a single port");
        }
        int low = integer(name, bounds[0]);
        int high = bounds.length == 2 ? integer(name, bounds[1]) : low;
        try {
            return PortRange.of(low, high);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage());
        }
    }
}
