// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.net.DefaultPort;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.model.PiTableId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6Mapping;
import org.sixflow.app.lifecycle.OwnedWiring;
import org.sixflow.app.testing.ClusterStorageService;
import org.sixflow.app.testing.LabNetwork;
import org.sixflow.app.testing.PolicyFlowRules;
import org.sixflow.app.testing.PredicatePartitions;
import org.sixflow.app.testing.SmallTables;
import org.sixflow.app.testing.SynchronousEventDispatcher;
import org.sixflow.app.testing.TestPipeconfService;
import org.sixflow.pipeconf.PipeconfTarget;
import org.sixflow.pipeconf.SixflowPipeconfs;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.util.List;
import java.util.Map;

/**
 * One instance of a test cluster running the NPTv6 mapping manager on the lab network (every
 * device bound to the bundled nptv6 bmv2 pipeconf, the full one registered too; beijing and
 * nanjing with ports 1-4) over {@link ClusterStorageService} storage; the owner's work runs at
 * once on the thread that queues it.
 */
public final class Nptv6MappingManagerFixture {

    public static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    public static final DeviceId NANJING = DeviceId.deviceId("device:nanjing");
    public static final PiPipeconfId NPTV6_BMV2 = SixflowPipeconfs.id("nptv6", PipeconfTarget.BMV2);

    public final LabNetwork lab = new LabNetwork();
    public final ClusterStorageService storage;
    public final DistributedNptv6MappingStore store = new DistributedNptv6MappingStore();
    public final Nptv6MappingManager manager = new Nptv6MappingManager();
    public final PolicyFlowRules flows;
    public final PredicatePartitions partitions;
    public final TestPipeconfService pipeconfs = new TestPipeconfService();

    /** A cluster of one instance, started. */
    public Nptv6MappingManagerFixture() {
        this(new ClusterStorageService(), new PolicyFlowRules(), PredicatePartitions.alone(), true);
    }

    /**
     * One instance of a cluster.
     *
     * @param storage    this instance's storage (another's {@code instance()} to join its cluster)
     * @param flows      this instance's flow-rule service
     * @param partitions which mappings this instance owns
     * @param start      whether to activate the store and the manager now
     */
    public Nptv6MappingManagerFixture(ClusterStorageService storage, PolicyFlowRules flows,
                                      PredicatePartitions partitions, boolean start) {
        this.storage = storage;
        this.flows = flows;
        this.partitions = partitions;
        pipeconfs.register(BundledPipeconfs.bmv2("nptv6"));
        pipeconfs.register(BundledPipeconfs.bmv2());
        lab.devices.getDevices().forEach(d -> pipeconfs.bindToDevice(NPTV6_BMV2, d.id()));
        for (DeviceId id : List.of(BEIJING, NANJING)) {
            Device device = lab.devices.getDevice(id);
            lab.devices.setPorts(id, List.of(new DefaultPort(device, PortNumber.portNumber(1), true),
                                             new DefaultPort(device, PortNumber.portNumber(2), true),
                                             new DefaultPort(device, PortNumber.portNumber(3), true),
                                             new DefaultPort(device, PortNumber.portNumber(4), true)));
        }
        OwnedWiring.storageService(store, storage);
        manager.store = store;
        OwnedWiring.deviceService(manager, lab.devices);
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
        if (start) {
            activate();
        }
    }

    /** Activates the store and the manager, as OSGi would. */
    public void activate() {
        store.activate();
        manager.activate();
    }

    /** Deactivates the manager and the store. */
    public void deactivate() {
        manager.deactivate();
        store.deactivate();
    }

    /** Waits until every store event of the cluster, and what the owners did, is done. */
    public void awaitEvents() {
        storage.awaitEvents();
    }

    /** Every entry of the cluster's flow-rule store. */
    public List<FlowRule> rules() {
        return flows.rules();
    }

    /**
     * Gives every device the nptv6 bmv2 pipeline with some tables made small.
     *
     * @param sizes table to the size it declares
     */
    public void shrinkTables(Map<PiTableId, Long> sizes) {
        pipeconfs.unregister(NPTV6_BMV2);
        pipeconfs.register(SmallTables.of(BundledPipeconfs.bmv2("nptv6"), sizes));
    }

    /**
     * Tells the manager a device is (back) available, as ONOS would after it reconnected.
     *
     * @param device the device
     */
    public void deviceBack(DeviceId device) {
        lab.deviceBack(device);
    }

    /**
     * Returns a mapping's status as the store has it.
     *
     * @param id mapping id
     * @return the status
     */
    public InstallStatus status(String id) {
        return manager.status(id).orElseThrow();
    }

    /**
     * A mapping.
     *
     * @param id       mapping id
     * @param internal internal prefix
     * @param external external prefix
     * @param uplink   device/port
     * @return the mapping
     */
    public static NamedNptv6Mapping mapping(String id, String internal, String external, String uplink) {
        return NamedNptv6Mapping.of(id, Nptv6Mapping.of(Nptv6Mapping.prefix(internal), Nptv6Mapping.prefix(external),
                                                        NamedNptv6Mapping.uplink(uplink)));
    }

    /**
     * The worked example of docs/features/nptv6.md on beijing's port 2.
     *
     * @param id mapping id
     * @return the mapping
     */
    public static NamedNptv6Mapping example(String id) {
        return mapping(id, "fd01:203:405::/48", "2001:db8:1::/48", "device:beijing/2");
    }
}
