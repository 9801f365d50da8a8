// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.experiments.ExperimentTargets;
import org.sixflow.app.experiments.ProbeFrames;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An experiment resolved against the network: each class's packet (checked against the tree,
 * policy or tunnel it exercises by that object's feature, which may supply it: a tree's group,
 * from its source address), each packet's Ethernet destination, and for probes the neighbour
 * port that injects them into the ingress port: the P4 program sends a packet-out straight out of
 * the port the controller names, so a probe enters the measured device's pipeline only by
 * arriving there over a link.
 */
final class ProbePlan {

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

        /** Whether a host traffic generator sends from the host at the port. */
        boolean generatorServes(ConnectPoint port);

        /** What the running features contribute for the trees, policies and tunnels classes exercise. */
        ExperimentTargets targets();
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
            ProbePacket packet = packet(c, ingress, "classes[" + i + "]", network.targets(), problems);
            if (packet != null && e.traffic() != ExperimentTraffic.EXTERNAL) {
                frameSizes(e, packet, "classes[" + i + "]", problems);
            }
            packets.add(packet);
            macs.add(packet == null ? null : ProbeFrames.destinationMac(packet.wireDestination(), router));
        }
        if (problems.size() > before) {
            return Optional.empty();
        }
        return Optional.of(new ProbePlan(packets, macs, injection, sourceMac, network));
    }

    /** A class's packet, as the feature of the object it exercises checks and may supply it. */
    /** The frames a class's packet is sent in hold it (an upstream PPPoE probe has its framing too). */
    private static void frameSizes(Experiment e, ProbePacket packet, String at, Map<String, String> problems) {
        int min = ProbeFrames.minFrame(packet);
        for (int i = 0; i < e.frameSizes().size(); i++) {
            int size = e.frameSizes().get(i);
            if (size < min) {
                problems.putIfAbsent("frameSizes[" + i + "]", "a probe of " + at + " " + (packet.pppoe().isPresent()
                        ? "in its PPPoE session's framing " : "") + "needs " + min + ".." + ProbeFrames.MAX_FRAME
                        + " bytes, got " + size);
            }
        }
    }

    private static ProbePacket packet(ExperimentClass c, ConnectPoint ingress, String at, ExperimentTargets targets,
                                      Map<String, String> problems) {
        Optional<ExperimentTarget.Field> field = ExperimentTargets.named(c);
        if (field.isEmpty()) {
            return c.packet().orElse(null);
        }
        String id = field.get().in(c).orElseThrow();
        Optional<ExperimentTarget> target = targets.serving(field.get());
        if (target.isEmpty()) {
            problems.put(at + "." + field.get().jsonName(), ExperimentTargets.unavailable(field.get(), id));
            return c.packet().orElse(null);
        }
        return target.get().plan(c, ingress, at, problems).orElse(null);
    }

    /**
     * Tells what happened, while the experiment ran, to the objects its classes exercise that its
     * reports cannot show (a tree rebuilt with an MRH past what a report carries, its probes read
     * nowhere): such a class would count no probe at all, as if every one had been lost. Only the
     * features still running are asked; one that stopped has nothing to say of its objects.
     *
     * @param e the experiment the plan was made for
     * @return why the run's figures cannot stand, if they cannot
     */
    Optional<String> objectsChangedDuringRun(Experiment e) {
        List<String> changes = new ArrayList<>();
        for (ExperimentClass c : e.classes()) {
            ExperimentTargets.named(c).flatMap(network.targets()::serving)
                    .flatMap(t -> t.changedDuringRun(c)).ifPresent(changes::add);
        }
        return changes.isEmpty() ? Optional.empty() : Optional.of(
                String.join("; ", changes) + " during the run: its probes could not be counted; run it again");
    }

    /** What the features running now say of the objects the classes exercise. */
    ExperimentTargets targets() {
        return network.targets();
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
