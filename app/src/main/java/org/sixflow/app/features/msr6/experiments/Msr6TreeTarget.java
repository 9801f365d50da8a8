// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.experiments;

import com.google.common.collect.Sets;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.DeviceId;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentPreset;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeService;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * MSR6 trees as experiment classes exercise them: a class names a tree by its id; its packets go
 * to the tree's group (from the tree's source address unless the class gives its own packet) and
 * are measured as the tree's mode's encapsulation class at its ingress, read by their inner
 * header behind an MRH short enough for a telemetry report to reach; where they are copied and
 * leave the tree, as msr6-replicate and msr6-decap. Offered while the tree service runs, with the
 * MSR6 study's preset.
 */
@Component(immediate = true, service = ExperimentTarget.class)
public class Msr6TreeTarget implements ExperimentTarget {

    /** M-SIDs an MRH may hold for the probe inside to show in a report (see ProbeReports). */
    static final int MAX_READABLE_MSIDS = 3;

    private static final Set<LatencyClass> CLASSES = Sets.immutableEnumSet(LatencyClass.MSR6_TE_ENCAP,
                                                                           LatencyClass.MSR6_RLB_ENCAP);
    /** Where a tree's packets are copied, and where a copy leaves the tree. */
    private static final Set<LatencyClass> DOWNSTREAM = Sets.immutableEnumSet(LatencyClass.MSR6_REPLICATE,
                                                                              LatencyClass.MSR6_DECAP);

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected Msr6TreeService treeService;

    /** The target, as OSGi makes it. */
    public Msr6TreeTarget() {
    }

    /**
     * The target over a given tree service.
     *
     * @param treeService where trees are looked up
     */
    public Msr6TreeTarget(Msr6TreeService treeService) {
        this.treeService = treeService;
    }

    @Override
    public Field field() {
        return Field.TREE;
    }

    @Override
    public Set<LatencyClass> latencyClasses() {
        return CLASSES;
    }

    @Override
    public Set<LatencyClass> downstreamClasses() {
        return DOWNSTREAM;
    }

    @Override
    public List<ExperimentPreset> presets() {
        return Msr6Presets.all();
    }

    @Override
    public boolean suppliesPackets() {
        return true;
    }

    @Override
    public Optional<ProbePacket> plan(ExperimentClass c, DeviceId ingress, String at, Map<String, String> problems) {
        String id = c.tree().orElseThrow();
        Optional<Msr6Tree> tree = treeService.tree(id);
        if (tree.isEmpty()) {
            problems.put(at + ".tree", "no MSR6 tree " + id);
            return Optional.empty();
        }
        LatencyClass encap = tree.get().request().mode() == Msr6Mode.RLB ? LatencyClass.MSR6_RLB_ENCAP
                : LatencyClass.MSR6_TE_ENCAP;
        if (c.latencyClass() != encap) {
            problems.put(at + ".latencyClass", "tree " + id + " is " + tree.get().request().mode()
                    + ": its packets are measured as " + encap.label() + " at its ingress");
        }
        if (tree.get().msids().size() > MAX_READABLE_MSIDS) {
            problems.put(at + ".tree", "tree " + id + "'s MRH holds " + tree.get().msids().size()
                    + " M-SIDs: the encapsulation labels the outer header with the flow's hash, so probes are read by "
                    + "their inner header, which a telemetry report's 128 bytes reach only past an MRH of at most "
                    + MAX_READABLE_MSIDS);
        }
        Ip6Address group = tree.get().request().group();
        if (c.packet().isPresent()) {
            if (!c.packet().get().destination().equals(group)) {
                problems.put(at + ".packet.destination", "tree " + id + " carries " + group + ", not "
                        + c.packet().get().destination());
            }
            return c.packet();
        }
        Optional<Ip6Address> source = tree.get().request().sourceAddress();
        if (source.isEmpty()) {
            problems.put(at + ".packet", "tree " + id + " has no source address: give packet.source");
            return Optional.empty();
        }
        return Optional.of(ProbePacket.of(source.get(), group, ProbePacket.DEFAULT_SOURCE_PORT,
                                          ProbePacket.DEFAULT_DESTINATION_PORT, ProbePacket.DEFAULT_HOP_LIMIT));
    }

    /**
     * Tells whether the tree was removed, or rebuilt (a link came or went) with an MRH past what a
     * report carries, so that its probes were read nowhere: the class would count no probe at
     * all, as if every one had been lost.
     */
    @Override
    public Optional<String> changedDuringRun(ExperimentClass c) {
        String id = c.tree().orElseThrow();
        Optional<Msr6Tree> now = treeService.tree(id);
        if (now.isEmpty()) {
            return Optional.of("tree " + id + " was removed");
        }
        if (now.get().msids().size() > MAX_READABLE_MSIDS) {
            return Optional.of("tree " + id + " was rebuilt with " + now.get().msids().size() + " M-SIDs, past the "
                                       + MAX_READABLE_MSIDS + " behind which a telemetry report still shows a probe");
        }
        return Optional.empty();
    }
}
