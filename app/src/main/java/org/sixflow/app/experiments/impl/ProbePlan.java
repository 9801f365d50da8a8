// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.experiments.ProbeFrames;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6Tree;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An experiment resolved against the network: each class's packet (a tree's class without one
 * goes to the tree's group, from its source address), each packet's Ethernet destination, and
 * for probes the neighbour port that injects them into the ingress port: the P4 program sends a
 * packet-out straight out of the port the controller names, so a probe enters the measured
 * device's pipeline only by arriving there over a link.
 */
final class ProbePlan {

    /** M-SIDs an MRH may hold for the probe inside to show in a report (see ProbeReports). */
    static final int MAX_READABLE_MSIDS = 3;

    /** A locally administered MAC for probes from a neighbour without a configured router MAC. */
    static final MacAddress PROBE_SOURCE_MAC = MacAddress.valueOf("02:5f:00:00:00:01");

    /** What a plan needs to know about the network. */
    interface Network {
        boolean hasDevice(DeviceId device);

        /** Whether the device runs a pipeconf whose telemetry reports Sixflow reads. */
        boolean reports(DeviceId device);

        /** The port of the link that ends at a port, if a link does. */
        Optional<ConnectPoint> linkInto(ConnectPoint port);

        Optional<MacAddress> routerMac(DeviceId device);

        Optional<Msr6Tree> tree(String id);

        boolean hasPolicy(String id);

        /** Whether a host traffic generator sends from the host at the port. */
        boolean generatorServes(ConnectPoint port);

        /** The GTP-U tunnels, as far as the controller has them. */
        TunnelDirectory tunnels();
    }

    private final List<ProbePacket> packets;
    private final List<MacAddress> destinationMacs;
    private final ConnectPoint injection;
    private final MacAddress sourceMac;
    private final Network network;

    private ProbePlan(List<ProbePacket> packets, List<MacAddress> destinationMacs, ConnectPoint injection,
                      MacAddress sourceMac, Network network) {
        this.packets = ImmutableList.copyOf(packets);
        this.destinationMacs = destinationMacs;
        this.injection = injection;
        this.sourceMac = sourceMac;
        this.network = network;
    }

    /**
     * Resolves an experiment that passed its own validation.
     *
     * @param e        the experiment
     * @param network  the network
     * @param problems where field problems go
     * @return the plan; empty when there are problems
     */
    static Optional<ProbePlan> resolve(Experiment e, Network network, Map<String, String> problems) {
        int before = problems.size();
        ConnectPoint ingress = e.ingress();
        if (!network.hasDevice(ingress.deviceId())) {
            problems.put("ingress", ingress.deviceId() + " is not a known device");
            return Optional.empty();
        }
        if (!network.reports(ingress.deviceId())) {
            problems.put("ingress", ingress.deviceId() + " runs no Sixflow pipeconf with per-packet telemetry reports");
        }
        ConnectPoint injection = null;
        MacAddress sourceMac = PROBE_SOURCE_MAC;
        if (e.traffic() == ExperimentTraffic.PROBES) {
            Optional<ConnectPoint> from = network.linkInto(ingress);
            if (from.isEmpty()) {
                problems.put("ingress", ingress + " has no link into it: probes enter the measured device from a "
                        + "neighbour's packet-out over a link (the P4 program sends packet-outs straight out of a "
                        + "port), so choose a switch-to-switch port, or HOSTS traffic from the host on " + ingress);
            } else {
                injection = from.get();
                sourceMac = network.routerMac(injection.deviceId()).orElse(PROBE_SOURCE_MAC);
            }
        } else if (e.traffic() == ExperimentTraffic.HOSTS && !network.generatorServes(ingress)) {
            problems.put("traffic", "no host traffic generator sends from " + ingress + " (only the bmv2 lab "
                    + "has one, for its hosts' ports)");
        }
        MacAddress router = network.routerMac(ingress.deviceId()).orElse(MacAddress.BROADCAST);
        List<ProbePacket> packets = new ArrayList<>();
        List<MacAddress> macs = new ArrayList<>();
        for (int i = 0; i < e.classes().size(); i++) {
            ExperimentClass c = e.classes().get(i);
            ProbePacket packet = packet(c, "classes[" + i + "]", network, problems);
            TunnelCheck.check(c, packet, ingress.deviceId(), "classes[" + i + "]", network.tunnels(), problems);
            packets.add(packet);
            macs.add(packet == null ? null : ProbeFrames.destinationMac(packet.wireDestination(), router));
        }
        if (problems.size() > before) {
            return Optional.empty();
        }
        return Optional.of(new ProbePlan(packets, macs, injection, sourceMac, network));
    }

    private static ProbePacket packet(ExperimentClass c, String at, Network network, Map<String, String> problems) {
        c.policy().filter(id -> !network.hasPolicy(id))
                .ifPresent(id -> problems.put(at + ".policy", "no APN6 policy " + id));
        if (c.tree().isEmpty()) {
            return c.packet().orElse(null);
        }
        Optional<Msr6Tree> tree = network.tree(c.tree().get());
        if (tree.isEmpty()) {
            problems.put(at + ".tree", "no MSR6 tree " + c.tree().get());
            return null;
        }
        LatencyClass encap = tree.get().request().mode() == Msr6Mode.RLB ? LatencyClass.MSR6_RLB_ENCAP
                : LatencyClass.MSR6_TE_ENCAP;
        if (c.latencyClass() != encap) {
            problems.put(at + ".latencyClass", "tree " + c.tree().get() + " is " + tree.get().request().mode()
                    + ": its packets are measured as " + encap.label() + " at its ingress");
        }
        if (tree.get().msids().size() > MAX_READABLE_MSIDS) {
            problems.put(at + ".tree", "tree " + c.tree().get() + "'s MRH holds " + tree.get().msids().size()
                    + " M-SIDs: the encapsulation labels the outer header with the flow's hash, so probes are read by "
                    + "their inner header, which a telemetry report's 128 bytes reach only past an MRH of at most "
                    + MAX_READABLE_MSIDS);
        }
        Ip6Address group = tree.get().request().group();
        if (c.packet().isPresent()) {
            if (!c.packet().get().destination().equals(group)) {
                problems.put(at + ".packet.destination", "tree " + c.tree().get() + " carries " + group + ", not "
                        + c.packet().get().destination());
            }
            return c.packet().get();
        }
        Optional<Ip6Address> source = tree.get().request().sourceAddress();
        if (source.isEmpty()) {
            problems.put(at + ".packet", "tree " + c.tree().get() + " has no source address: give packet.source");
            return null;
        }
        return ProbePacket.of(source.get(), group, ProbePacket.DEFAULT_SOURCE_PORT,
                              ProbePacket.DEFAULT_DESTINATION_PORT, ProbePacket.DEFAULT_HOP_LIMIT);
    }

    /**
     * Tells what happened to the experiment's trees while it ran that its reports cannot show: a
     * tree removed, or rebuilt (a link came or went) with an MRH past what a report carries, so
     * that its probes were read nowhere. Such a class would count no probe at all, as if every one
     * had been lost.
     *
     * @param e the experiment the plan was made for
     * @return why the run's figures cannot stand, if they cannot
     */
    Optional<String> treesNoLongerReadable(Experiment e) {
        List<String> changes = new ArrayList<>();
        for (ExperimentClass c : e.classes()) {
            if (c.tree().isEmpty()) {
                continue;
            }
            String id = c.tree().get();
            Optional<Msr6Tree> now = network.tree(id);
            if (now.isEmpty()) {
                changes.add("tree " + id + " was removed");
            } else if (now.get().msids().size() > MAX_READABLE_MSIDS) {
                changes.add("tree " + id + " was rebuilt with " + now.get().msids().size() + " M-SIDs, past the "
                                    + MAX_READABLE_MSIDS + " behind which a telemetry report still shows a probe");
            }
        }
        return changes.isEmpty() ? Optional.empty() : Optional.of(
                String.join("; ", changes) + " during the run: its probes could not be counted; run it again");
    }

    /** Each class's packet. */
    List<ProbePacket> packets() {
        return packets;
    }

    /** Each class's Ethernet destination: the ingress router's MAC, or the group's 33:33 MAC. */
    List<MacAddress> destinationMacs() {
        return destinationMacs;
    }

    /** The neighbour port probes leave by (PROBES traffic). */
    ConnectPoint injection() {
        return injection;
    }

    /** The Ethernet source of probes: the injecting neighbour's router MAC. */
    MacAddress sourceMac() {
        return sourceMac;
    }
}
