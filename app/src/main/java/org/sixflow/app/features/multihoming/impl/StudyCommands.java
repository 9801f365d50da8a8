// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.onosproject.net.ConnectPoint;
import org.sixflow.app.features.multihoming.api.MultihomingProtocol;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.StudyFailover;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The operator's commands a study runs with (component properties of the manager): how to run a
 * command in each host ({@code hostCommands}), how to take a link down and up
 * ({@code linkCommands}: the words get "down" or "up" added) and each host's ILNP endpoint
 * ({@code ilnpEndpoints}: long-lived, started for ILNP's trials and stopped after).
 */
final class StudyCommands {

    static final StudyCommands NONE = new StudyCommands(NamedCommands.none(), NamedCommands.none(),
                                                        NamedCommands.none());

    final NamedCommands hosts;
    final NamedCommands links;
    final NamedCommands endpoints;

    StudyCommands(NamedCommands hosts, NamedCommands links, NamedCommands endpoints) {
        this.hosts = Objects.requireNonNull(hosts);
        this.links = Objects.requireNonNull(links);
        this.endpoints = Objects.requireNonNull(endpoints);
    }

    /**
     * A command run in a host: its prefix, then the words.
     *
     * @param host  the host's name
     * @param words the command
     * @return the words to run
     * @throws StudyFailure if no prefix is configured for the host
     */
    List<String> inHost(String host, String... words) throws StudyFailure {
        List<String> prefix = hosts.command(host).orElseThrow(() -> new StudyFailure(
                "no hostCommands entry for host " + host + " (component property of "
                        + MultihomingStudyManager.class.getName() + ", e.g. " + host + "=ip netns exec NS)"));
        List<String> argv = new ArrayList<>(prefix);
        argv.addAll(List.of(words));
        return argv;
    }

    /**
     * The command that takes a link down or up.
     *
     * @param uplink the link's port on the border router
     * @param up     up or down
     * @return the words to run
     * @throws StudyFailure if none is configured
     */
    List<String> link(ConnectPoint uplink, boolean up) throws StudyFailure {
        List<String> argv = new ArrayList<>(links.command(uplink.toString()).orElseThrow(() -> new StudyFailure(
                "no linkCommands entry for " + uplink + " (the failover takes it down and up)")));
        argv.add(up ? "up" : "down");
        return argv;
    }

    /**
     * What a study needs configured that is not: the problems, empty when it can run.
     *
     * @param study the study
     * @return the problems, each a sentence
     */
    List<String> missing(MultihomingStudy study) {
        List<String> problems = new ArrayList<>();
        for (String host : List.of(study.siteHost(), study.correspondentHost())) {
            if (hosts.command(host).isEmpty()) {
                problems.add("no hostCommands entry for host " + host);
            }
            if (study.protocol(MultihomingProtocol.ILNP).isPresent()
                    && endpoints.command(host).isEmpty()) {
                problems.add("no ilnpEndpoints entry for host " + host + " (ILNP's trials run its endpoint)");
            }
        }
        if (study.failover().isPresent()) {
            for (StudyFailover f : StudyRunner.failovers(study)) {
                if (links.command(f.uplink().toString()).isEmpty()) {
                    problems.add("no linkCommands entry for " + f.uplink() + " (the failovers take each uplink down)");
                }
            }
        }
        return problems;
    }
}
