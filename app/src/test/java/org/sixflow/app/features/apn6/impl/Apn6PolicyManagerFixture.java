// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.net.flow.FlowRule;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.apn6.api.Apn6PolicyEvent;
import org.sixflow.app.features.apn6.api.Apn6PolicyListener;
import org.sixflow.app.lifecycle.OwnedWiring;
import org.sixflow.app.testing.ClusterStorageService;
import org.sixflow.app.testing.LabNetwork;
import org.sixflow.app.testing.PolicyFlowRules;
import org.sixflow.app.testing.PredicatePartitions;
import org.sixflow.app.testing.SynchronousEventDispatcher;
import org.sixflow.app.testing.TestPipeconfService;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One instance of a test cluster running the policy manager on the lab network (host ports
 * beijing/3, nanjing/4, shanghai/3, guangzhou/3) over {@link ClusterStorageService} storage:
 * the store's events arrive on its own thread, after the call that caused them, so a test calls
 * {@link #awaitEvents()} before it looks at what the owner did. The owner's work runs at once on
 * the thread that queues it, one task at a time.
 */
public final class Apn6PolicyManagerFixture {

    public final LabNetwork lab = new LabNetwork();
    public final ClusterStorageService storage;
    public final DistributedApn6PolicyStore store = new DistributedApn6PolicyStore();
    public final Apn6PolicyManager manager = new Apn6PolicyManager();
    public final PolicyFlowRules flows;
    public final PredicatePartitions partitions;
    /** Device to pipeconf bindings: none unless a test binds one (no table sizes to check then). */
    public final TestPipeconfService pipeconfs = new TestPipeconfService();
    public final List<Apn6PolicyEvent> events = new CopyOnWriteArrayList<>();
    private final Apn6PolicyListener recorder = events::add;

    /** A cluster of one instance, started. */
    public Apn6PolicyManagerFixture() {
        this(new ClusterStorageService(), new PolicyFlowRules(), PredicatePartitions.alone(), true);
    }

    /**
     * One instance of a cluster.
     *
     * @param storage    this instance's storage (another instance's {@code instance()} to join its cluster)
     * @param flows      this instance's flow-rule service (another's {@code instance()} to share its entries)
     * @param partitions which policies this instance owns
     * @param start      whether to activate the store and the manager now
     */
    public Apn6PolicyManagerFixture(ClusterStorageService storage, PolicyFlowRules flows,
                                    PredicatePartitions partitions, boolean start) {
        this.storage = storage;
        this.flows = flows;
        this.partitions = partitions;
        OwnedWiring.storageService(store, storage);
        manager.store = store;
        OwnedWiring.deviceService(manager, lab.devices);
        manager.configService = lab.netcfg;
        manager.edgePortService = lab.edgePortService;
        manager.linkService = lab.linkService;
        OwnedWiring.coreService(manager, new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return TestApplicationId.create(name);
            }
        });
        OwnedWiring.flowRuleService(manager, flows);
        OwnedWiring.workPartitionService(manager, partitions);
        OwnedWiring.pipeconfService(manager, pipeconfs);
        Object oneAtATime = new Object();
        OwnedWiring.work(manager, task -> {
            synchronized (oneAtATime) {
                task.run();
            }
        });
        SynchronousEventDispatcher.installInto(manager);
        manager.addListener(recorder);
        if (start) {
            activate();
        }
    }

    /** Activates the store and the manager, as OSGi would (the store first). */
    public void activate() {
        store.activate();
        manager.activate();
    }

    /** Deactivates the manager and the store, as when the app stops on this instance. */
    public void deactivate() {
        manager.deactivate();
        store.deactivate();
    }

    /** Waits until every store event of the cluster, and what the owners did about it, is done. */
    public void awaitEvents() {
        storage.awaitEvents();
    }

    /** Every entry of the cluster's flow-rule store. */
    public List<FlowRule> rules() {
        return flows.rules();
    }

    /**
     * Returns a policy's status as the store has it.
     *
     * @param id policy id
     * @return the status
     */
    public InstallStatus status(String id) {
        return manager.status(id).orElseThrow();
    }

    /**
     * A host port appears (a link went away, or a port came up), as the edge-port service tells it.
     *
     * @param port the port, e.g. device:wuhan/4
     */
    public void edgePortAdded(String port) {
        lab.edgePortAdded(port);
    }

    /**
     * A host port goes away.
     *
     * @param port the port
     */
    public void edgePortRemoved(String port) {
        lab.edgePortRemoved(port);
    }
}
