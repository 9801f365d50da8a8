// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.hosts;

import org.onosproject.net.ConnectPoint;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Which command sends probes from the host at each switch port, read from the component property
 * {@code hostCommands}: entries separated by {@code ;}, each {@code DEVICE/PORT=COMMAND WORDS}, e.g.
 * {@code device:beijing/3=ip netns exec sfh-h_bj python3 /opt/lab/hosttools.py burst}. The command's
 * words are split on white space and run without a shell; the generator adds {@code --spec FILE}.
 * An empty text configures no host.
 */
final class HostCommands {

    private static final HostCommands NONE = new HostCommands(Map.of());

    private final Map<ConnectPoint, List<String>> commands;

    private HostCommands(Map<ConnectPoint, List<String>> commands) {
        this.commands = commands;
    }

    /** No host configured. */
    static HostCommands none() {
        return NONE;
    }

    /**
     * Reads the property's text.
     *
     * @param text the property
     * @return the commands
     * @throws IllegalArgumentException naming the first entry that is not DEVICE/PORT=COMMAND, or a
     *                                  port named twice
     */
    static HostCommands parse(String text) {
        Map<ConnectPoint, List<String>> commands = new LinkedHashMap<>();
        for (String entry : text.split(";")) {
            if (entry.isBlank()) {
                continue;
            }
            int equals = entry.indexOf('=');
            if (equals < 0) {
                throw new IllegalArgumentException("'" + entry.trim() + "' is not DEVICE/PORT=COMMAND");
            }
            String where = entry.substring(0, equals).trim();
            ConnectPoint port;
            try {
                port = ConnectPoint.deviceConnectPoint(where);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("'" + where + "' is not a switch port DEVICE/PORT (e.g. "
                                                           + "device:beijing/3)");
            }
            List<String> words = Arrays.stream(entry.substring(equals + 1).trim().split("\\s+"))
                    .filter(w -> !w.isEmpty()).collect(Collectors.toList());
            if (words.isEmpty()) {
                throw new IllegalArgumentException(where + " has no command");
            }
            if (commands.put(port, List.copyOf(words)) != null) {
                throw new IllegalArgumentException(where + " is named twice");
            }
        }
        return new HostCommands(Map.copyOf(commands));
    }

    /**
     * The command of the host at a port.
     *
     * @param port a switch port
     * @return its command's words, if a host there is configured
     */
    Optional<List<String>> at(ConnectPoint port) {
        return Optional.ofNullable(commands.get(port));
    }

    /** How many hosts are configured. */
    int size() {
        return commands.size();
    }
}
