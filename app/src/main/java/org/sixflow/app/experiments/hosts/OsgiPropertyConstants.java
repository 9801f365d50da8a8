// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.hosts;

/**
 * Component properties of the command host traffic generator.
 */
public final class OsgiPropertyConstants {

    /** DEVICE/PORT=COMMAND entries separated by ';' (HostCommands); empty: no host sends. */
    public static final String HOST_COMMANDS = "hostCommands";
    public static final String HOST_COMMANDS_DEFAULT = "";

    /**
     * Shortest interval the hosts' senders keep, in microseconds (a Python send loop in a lab
     * namespace keeps 20: make bench-experiments).
     */
    public static final String MIN_INTERVAL_MICROS = "minIntervalMicros";
    public static final int MIN_INTERVAL_MICROS_DEFAULT = 20;

    private OsgiPropertyConstants() {
    }
}
