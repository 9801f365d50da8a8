// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

/**
 * Component properties of the multihoming study manager: the operator's commands, each a text of
 * {@code NAME=COMMAND WORDS} entries separated by {@code ;} (run without a shell, as ONOS's user).
 */
public final class OsgiPropertyConstants {

    /** HOST=PREFIX: how to run a command in each lab host, e.g. {@code h_site=ip netns exec sfh-h_site}. */
    public static final String HOST_COMMANDS = "hostCommands";
    public static final String HOST_COMMANDS_DEFAULT = "";

    /** DEVICE/PORT=COMMAND: takes the link at the port down or up (the words get "down" or "up" added). */
    public static final String LINK_COMMANDS = "linkCommands";
    public static final String LINK_COMMANDS_DEFAULT = "";

    /** HOST=COMMAND: the host's ILNP endpoint, started for ILNP's trials and stopped (SIGTERM) after. */
    public static final String ILNP_ENDPOINTS = "ilnpEndpoints";
    public static final String ILNP_ENDPOINTS_DEFAULT = "";

    private OsgiPropertyConstants() {
    }
}
