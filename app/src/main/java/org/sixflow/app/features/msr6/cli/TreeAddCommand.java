// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.cli;

import com.google.common.collect.ImmutableSet;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onlab.packet.Ip6Address;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.cli.net.ConnectPointCompleter;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.host.HostService;
import org.sixflow.app.api.TableFullException;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeAdminService;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.api.TreeConstraints;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Computes and installs an MSR6 tree.
 */
@Service
@Command(scope = "sixflow", name = "tree-add", description = "Computes and installs an MSR6 tree")
public class TreeAddCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Tree id (lower-case letters, digits, dashes)", required = true)
    String id = null;

    @Argument(index = 1, name = "source", description = "Source edge port, e.g. device:beijing/3", required = true)
    @Completion(ConnectPointCompleter.class)
    String source = null;

    @Argument(index = 2, name = "group", description = "IPv6 multicast group, e.g. ff3e::1", required = true)
    String group = null;

    @Argument(index = 3, name = "receivers", description = "Receiver edge ports or host:<host id>", required = true,
            multiValued = true)
    @Completion(ConnectPointCompleter.class)
    List<String> receivers = null;

    @Option(name = "-m", aliases = "--mode", description = "TE or RLB (default TE)")
    String mode = "TE";

    @Option(name = "-a", aliases = "--algorithm", description = "STEINER or SHORTEST_PATHS (default STEINER)")
    String algorithm = "STEINER";

    @Option(name = "--max-hops", description = "Most links from the source to any receiver (0: no limit)")
    int maxHops = 0;

    @Option(name = "-x", aliases = "--exclude-device", description = "Device the tree must avoid",
            multiValued = true)
    List<String> excluded = null;

    @Override
    protected void doExecute() {
        try {
            HostService hosts = get(HostService.class);
            Msr6Tree tree = get(Msr6TreeAdminService.class).create(
                    request(id, source, group, receivers, mode, algorithm, constraints(maxHops, excluded),
                            hostId -> Optional.ofNullable(hosts.getHost(hostId)).map(Host::location)));
            TreeShowCommand.lines(tree).forEach(line -> print("%s", line));
        } catch (IllegalArgumentException | TableFullException e) {
            error("Tree %s not created: %s", id, e.getMessage());
        }
    }

    /**
     * Parses the command's arguments into a request.
     *
     * @throws IllegalArgumentException naming the argument that is wrong
     */
    static Msr6TreeRequest request(String id, String source, String group, List<String> receivers, String mode,
                                   String algorithm) {
        return request(id, source, group, receivers, mode, algorithm, TreeConstraints.NONE, h -> Optional.empty());
    }

    static TreeConstraints constraints(int maxHops, List<String> excludedDevices) {
        ImmutableSet.Builder<DeviceId> devices = ImmutableSet.builder();
        if (excludedDevices != null) {
            excludedDevices.forEach(d -> devices.add(DeviceId.deviceId(d)));
        }
        return TreeConstraints.of(maxHops, 0, devices.build(), ImmutableSet.of(), 0, TreeConstraints.Metric.HOPS);
    }

    static Msr6TreeRequest request(String id, String source, String group, List<String> receivers, String mode,
                                   String algorithm, TreeConstraints constraints,
                                   Function<HostId, Optional<ConnectPoint>> hostLocation) {
        ImmutableSet.Builder<ConnectPoint> ports = ImmutableSet.builder();
        receivers.forEach(r -> ports.add(port("receiver", r, hostLocation)));
        Ip6Address address;
        try {
            address = Ip6Address.valueOf(group);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("group \"" + group + "\" is not an IPv6 address");
        }
        return Msr6TreeRequest.of(id, port("source", source, hostLocation), address, ports.build(),
                                  parse(Msr6Mode.class, "mode", mode),
                                  parse(Msr6TreeRequest.Algorithm.class, "algorithm", algorithm), constraints);
    }

    /** A port, or "host:MAC/VLAN" standing for the edge port the host is on. */
    private static ConnectPoint port(String what, String value, Function<HostId, Optional<ConnectPoint>> hosts) {
        if (value.startsWith("host:")) {
            HostId host;
            try {
                host = HostId.hostId(value.substring("host:".length()));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(what + " \"" + value + "\" is not a host id like "
                                                           + "host:00:00:00:00:00:10/None");
            }
            return hosts.apply(host).orElseThrow(
                    () -> new IllegalArgumentException(what + ": ONOS knows no host " + host));
        }
        try {
            return ConnectPoint.deviceConnectPoint(value);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(what + " \"" + value + "\" is not a port like device:beijing/3");
        }
    }

    private static <E extends Enum<E>> E parse(Class<E> type, String what, String value) {
        try {
            return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + " must be one of "
                                                       + Arrays.toString(type.getEnumConstants()));
        }
    }
}
