// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeEntries;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.impl.compile.Msr6RuleCompiler;
import org.sixflow.app.features.msr6.impl.encoding.EncodedTree;
import org.sixflow.app.features.msr6.impl.encoding.MrhEncoder;
import org.sixflow.app.features.msr6.impl.encoding.UnicastRoutes;
import org.sixflow.app.features.msr6.impl.tree.MulticastTree;
import org.sixflow.app.features.msr6.impl.tree.ShortestPathUnion;
import org.sixflow.app.features.msr6.impl.tree.TakahashiMatsuyama;
import org.sixflow.app.features.msr6.impl.tree.TreeAlgorithm;
import org.sixflow.app.features.msr6.impl.tree.UnreachableReceiversException;
import org.sixflow.app.impl.ProfileFeatures;
import org.sixflow.pipeconf.EgressMsidLimits;
import org.sixflow.pipeconf.Feature;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Builds a tree from a request on the current network: topology to graph, graph to tree (shortest
 * paths or Steiner), constraints, tree to MRH (TE or RLB), MRH to per-device entries and groups.
 */
final class TreeBuilder {

    /** A built tree: the view users see, and the entries its devices need. */
    static final class Built {
        final Msr6Tree tree;
        final Msr6TreeEntries entries;

        Built(Msr6Tree tree, Msr6TreeEntries entries) {
            this.tree = tree;
            this.entries = entries;
        }
    }

    private final DeviceService deviceService;
    private final LinkService linkService;
    private final NetworkConfigService configService;
    private final PiPipeconfService pipeconfService;
    private final Msr6RuleCompiler compiler;

    TreeBuilder(DeviceService deviceService, LinkService linkService, NetworkConfigService configService,
                PiPipeconfService pipeconfService, Msr6RuleCompiler compiler) {
        this.deviceService = deviceService;
        this.linkService = linkService;
        this.configService = configService;
        this.pipeconfService = pipeconfService;
        this.compiler = compiler;
    }

    /**
     * Builds a tree.
     *
     * @param request what to build
     * @param number  the data-plane tree number to give it
     * @return the tree (REQUESTED) and its entries
     * @throws IllegalArgumentException when the request cannot be met, saying why
     */
    Built build(Msr6TreeRequest request, int number) {
        TopologyView view = new TopologyView(deviceService, linkService, configService, request.constraints());
        int source = vertex(view, request.source(), "source");
        // Receivers on the source's own device get their copies there, decapsulated in egress like
        // a replicating node's own receivers: the tree reaches the others.
        Set<Integer> receivers = new TreeSet<>();
        for (ConnectPoint receiver : request.receivers()) {
            int v = vertex(view, receiver, "receiver");
            if (v != source) {
                receivers.add(v);
            }
        }
        if (receivers.isEmpty()) {
            throw new IllegalArgumentException("every receiver is on the source's own device "
                    + request.source().deviceId() + ": deliver them there without MSR6");
        }
        view.receivers(request.receivers());
        TreeAlgorithm algorithm = request.algorithm() == Msr6TreeRequest.Algorithm.STEINER
                ? new TakahashiMatsuyama() : new ShortestPathUnion();
        MulticastTree tree;
        try {
            tree = algorithm.compute(view.graph(), source, receivers);
        } catch (UnreachableReceiversException e) {
            throw new IllegalArgumentException("no path from " + request.source().deviceId() + " to "
                    + e.unreachable().stream().map(view::device).map(Object::toString)
                    .collect(Collectors.joining(", ")), e);
        }
        TreeConstraintCheck.check(tree, view::device, request.constraints());
        // Every device on the tree compiles MSR6 entries (encapsulation, replication, leaves).
        for (int v = 0; v < view.graph().vertexCount(); v++) {
            if (tree.contains(v)) {
                DeviceId device = view.device(v);
                ProfileFeatures.require(device, pipeconfService.ofDevice(device), Feature.MSR6);
            }
        }
        EncodedTree encoded = encode(view, tree, request.mode(), number);
        Set<Integer> decapsulateInEgress = new TreeSet<>(encoded.localDelivery());
        if (!view.receiverPorts(source).isEmpty()) {
            decapsulateInEgress.add(source);
        }
        EgressMsidCheck.check(decapsulateInEgress, encoded.msids().size(), view::device, this::egressLimit);
        Msr6TreeEntries entries = compiler.compile(number, request.group(), request.sourceAddress().orElse(null),
                                                   view.graph(), tree, encoded, view);
        List<Link> links = tree.edges().stream().map(view::link).collect(ImmutableList.toImmutableList());
        return new Built(new Msr6Tree(request, number, links, encoded.msids(), tree.replicationPoints(),
                                      TreeDetails.describe(entries)), entries);
    }

    /**
     * Encodes a tree, splitting every replicating node with receivers of its own on a device whose
     * egress cannot decapsulate every list the ingress parses (EgressMsidLimits below MAX_MSIDS:
     * Tofino 1). Not only the lists longer than it parses: behind an extension header (an APN6
     * Hop-by-Hop option the ingress edge inserted) such an egress reads no M-SID at all, so a
     * copy decapsulated there would be dropped whatever the list's length. Split, the node's
     * receivers take a copy decapsulated in ingress, which parses it all.
     */
    private EncodedTree encode(TopologyView view, MulticastTree tree, Msr6Mode mode, int number) {
        MrhEncoder encoder = new MrhEncoder(view::locator, view::rlbBit, view::endRlFunction,
                                            view::endRlbXFunction);
        EncodedTree encoded = encoder.encode(view.graph(), tree, mode, number);
        Set<Integer> split = EgressMsidCheck.overLimit(encoded.localDelivery(), MrhEncoder.MAX_MSIDS,
                                                       view::device, this::egressLimit).keySet();
        if (split.isEmpty()) {
            return encoded;
        }
        try {
            return encoder.encode(view.graph(), tree, mode, number, UnicastRoutes.NONE, split);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + " (with a second copy to "
                    + split.stream().map(view::device).map(Object::toString).sorted()
                            .collect(Collectors.joining(", "))
                    + ", whose egress cannot decapsulate every list for their own receivers)", e);
        }
    }

    private Optional<Integer> egressLimit(DeviceId device) {
        return DeviceEgressLimits.of(device, pipeconfService, configService);
    }

    private static int vertex(TopologyView view, ConnectPoint port, String role) {
        return view.vertex(port.deviceId()).orElseThrow(() -> new IllegalArgumentException(
                role + " " + port + ": device " + port.deviceId() + " is unknown, unavailable, excluded, or has "
                        + "no valid sixflow netcfg (role, locator, myStationMac)"));
    }
}
