// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.onlab.packet.IpAddress;
import org.onosproject.TestApplicationId;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.cluster.ClusterServiceAdapter;
import org.onosproject.cluster.ControllerNode;
import org.onosproject.cluster.DefaultControllerNode;
import org.onosproject.cluster.LeadershipServiceAdapter;
import org.onosproject.cluster.NodeId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Link;
import org.onosproject.net.flow.FlowRuleServiceAdapter;
import org.onosproject.net.host.HostServiceAdapter;
import org.onosproject.net.link.LinkServiceAdapter;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.sixflow.app.api.ExperimentStore;
import org.sixflow.app.api.ReportSamplingServiceAdapter;
import org.sixflow.app.features.apn6.api.Apn6PolicyService;
import org.sixflow.app.features.msr6.api.Msr6TreeService;
import org.sixflow.app.testing.FeatureExperimentTargets;
import org.sixflow.app.testing.InMemoryExperimentStore;
import org.sixflow.app.testing.InterfaceProxies;
import org.sixflow.app.testing.LabNetwork;
import org.sixflow.app.testing.TestPipeconfService;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

/**
 * An experiment manager on the lab network (the study's five cities, bmv2 pipeconf on every
 * device) over a given store (the in-memory one, or PostgreSQL's as the dashboard harness uses),
 * with the MSR6 and APN6 experiment targets over the given services;
 * another instance leads experiments unless a test makes this one the leader, so runs stay queued
 * and nothing is sent.
 *
 * @param <S> the store's type, so tests reach what their store offers (InMemoryExperimentStore.down)
 */
public final class ExperimentManagerFixture<S extends ExperimentStore> {

    public static final NodeId LOCAL = new NodeId("n1");

    public final S store;
    public final TestPipeconfService pipeconfs = new TestPipeconfService();
    public final AtomicReference<NodeId> leader = new AtomicReference<>(new NodeId("other"));
    public final ExperimentManager manager = new ExperimentManager();

    /**
     * Builds and activates the manager.
     *
     * @param lab      the network
     * @param trees    the tree service
     * @param policies the policy service
     * @param store    where the manager keeps experiments and runs
     */
    public ExperimentManagerFixture(LabNetwork lab, Msr6TreeService trees, Apn6PolicyService policies, S store) {
        this.store = store;
        PiPipeconf bmv2 = BundledPipeconfs.bmv2();
        pipeconfs.register(bmv2);
        lab.devices.getDevices().forEach(d -> pipeconfs.bindToDevice(bmv2.id(), d.id()));
        manager.store = store;
        manager.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return TestApplicationId.create(name);
            }
        };
        manager.packetService = new PacketServiceAdapter();
        manager.deviceService = lab.devices;
        manager.linkService = new LinkServiceAdapter() {
            @Override
            public Set<Link> getIngressLinks(ConnectPoint connectPoint) {
                return lab.links.stream().filter(l -> l.dst().equals(connectPoint)).collect(Collectors.toSet());
            }
        };
        manager.hostService = new HostServiceAdapter();
        manager.netcfgService = lab.netcfg;
        manager.pipeconfService = pipeconfs;
        manager.flowRuleService = new FlowRuleServiceAdapter();
        manager.reportSamplingService = new ReportSamplingServiceAdapter();
        manager.componentConfigService = new ComponentConfigAdapter();
        manager.leadershipService = new LeadershipServiceAdapter() {
            @Override
            public NodeId getLeader(String path) {
                return leader.get();
            }
        };
        manager.clusterService = new ClusterServiceAdapter() {
            @Override
            public ControllerNode getLocalNode() {
                return new DefaultControllerNode(LOCAL, IpAddress.valueOf("127.0.0.1"));
            }
        };
        // Not the master of any device: a run's probes go by the packet service.
        manager.mastershipService = new MastershipServiceAdapter();
        manager.p4RuntimeController = InterfaceProxies.proxy(P4RuntimeController.class, (method, args) -> null);
        // The features' targets, as OSGi binds them; no tunnel service, so tunnels are unavailable.
        FeatureExperimentTargets.over(trees, policies, null).forEach(manager::bindTarget);
        manager.activate(null);
    }

    /**
     * Builds an experiment manager over an in-memory store.
     *
     * @param lab      the network
     * @param trees    the tree service
     * @param policies the policy service
     * @return the fixture
     */
    public static ExperimentManagerFixture<InMemoryExperimentStore> inMemory(LabNetwork lab, Msr6TreeService trees,
                                                                           Apn6PolicyService policies) {
        return new ExperimentManagerFixture<>(lab, trees, policies, new InMemoryExperimentStore());
    }

    /** Stops the manager's threads. */
    public void close() {
        manager.deactivate();
    }
}
