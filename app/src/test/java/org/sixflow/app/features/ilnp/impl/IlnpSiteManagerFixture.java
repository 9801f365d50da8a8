// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.onlab.packet.MacAddress;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.net.DefaultPort;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpUplink;
import org.sixflow.app.features.nptv6.impl.Nptv6MappingManagerFixture;
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

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One instance of a test cluster running the ILNP site manager on the lab network, as
 * Nptv6MappingManagerFixture does for NPTv6 (every device bound to the bundled nptv6 bmv2
 * pipeconf, the full one registered too; beijing and nanjing with ports 1-4), with the NPTv6
 * mapping manager of a fixture of its own beside it (the sites are checked against its
 * mappings) and counters read from {@link #cells}. The owner's work runs at once.
 */
public final class IlnpSiteManagerFixture {

    public static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    public static final DeviceId NANJING = DeviceId.deviceId("device:nanjing");
    public static final PiPipeconfId NPTV6_BMV2 = SixflowPipeconfs.id("nptv6", PipeconfTarget.BMV2);

    public final LabNetwork lab = new LabNetwork();
    public final ClusterStorageService storage;
    public final DistributedIlnpSiteStore store = new DistributedIlnpSiteStore();
    public final IlnpSiteManager manager = new IlnpSiteManager();
    public final PolicyFlowRules flows;
    public final PredicatePartitions partitions;
    public final TestPipeconfService pipeconfs = new TestPipeconfService();
    public final Nptv6MappingManagerFixture nptv6;
    /** What the devices' counters hold: "device counter" to index to cell. */
    public final Map<String, Map<Integer, PiCounterCellData>> cells = new ConcurrentHashMap<>();
    /** Devices whose counters cannot be read. */
    public final List<DeviceId> unreadable = new ArrayList<>();

    /** A cluster of one instance, started. */
    public IlnpSiteManagerFixture() {
        this(new Nptv6MappingManagerFixture());
    }

    /**
     * A cluster of one instance, started, beside the given NPTv6 mappings.
     *
     * @param nptv6 the NPTv6 mapping manager's fixture whose mappings the sites are checked against
     */
    public IlnpSiteManagerFixture(Nptv6MappingManagerFixture nptv6) {
        this(new ClusterStorageService(), new PolicyFlowRules(), PredicatePartitions.alone(), true, nptv6);
    }

    /**
     * One instance of a cluster, beside NPTv6 mappings of its own.
     *
     * @param storage    this instance's storage (another's {@code instance()} to join its cluster)
     * @param flows      this instance's flow-rule service
     * @param partitions which sites this instance owns
     * @param start      whether to activate the store and the manager now
     */
    public IlnpSiteManagerFixture(ClusterStorageService storage, PolicyFlowRules flows,
                                  PredicatePartitions partitions, boolean start) {
        this(storage, flows, partitions, start, new Nptv6MappingManagerFixture());
    }

    /**
     * One instance of a cluster.
     *
     * @param storage    this instance's storage (another's {@code instance()} to join its cluster)
     * @param flows      this instance's flow-rule service
     * @param partitions which sites this instance owns
     * @param start      whether to activate the store and the manager now
     * @param nptv6      the NPTv6 mappings the sites are checked against
     */
    public IlnpSiteManagerFixture(ClusterStorageService storage, PolicyFlowRules flows,
                                  PredicatePartitions partitions, boolean start, Nptv6MappingManagerFixture nptv6) {
        this.storage = storage;
        this.nptv6 = nptv6;
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
        manager.nptv6 = nptv6.manager;
        OwnedWiring.deviceService(manager, lab.devices);
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
        manager.counterReader = this::read;
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

    private Map<Integer, PiCounterCellData> read(DeviceId device, PiCounterId counter) {
        if (unreadable.contains(device)) {
            throw new IllegalStateException("ONOS has no P4Runtime client for " + device);
        }
        return cells.getOrDefault(device + " " + counter.id(), Map.of());
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

    /** Stops both fixtures' storage. */
    public void shutdown() {
        storage.shutdown();
        nptv6.storage.shutdown();
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
     * Tells the manager a device is (back) available.
     *
     * @param device the device
     */
    public void deviceBack(DeviceId device) {
        lab.deviceBack(device);
    }

    /**
     * A site's status as the store has it.
     *
     * @param name site name
     * @return the status
     */
    public InstallStatus status(String name) {
        return manager.status(name).orElseThrow();
    }

    /**
     * An uplink.
     *
     * @param port    port
     * @param locator provider locator
     * @param weight  weight
     * @return the uplink
     */
    public static IlnpUplink uplink(long port, String locator, int weight) {
        return IlnpUplink.of(PortNumber.portNumber(port), IlnpSite.locator(locator),
                             MacAddress.valueOf(String.format("00:aa:00:00:%02x:01", port)),
                             MacAddress.valueOf(String.format("00:bb:00:00:00:%02x", port)), weight);
    }

    /**
     * A site on a device.
     *
     * @param name     site name
     * @param device   device
     * @param internal internal locator
     * @param uplinks  uplinks
     * @return the site
     */
    public static IlnpSite site(String name, DeviceId device, String internal, IlnpUplink... uplinks) {
        return IlnpSite.of(name, device, IlnpSite.locator(internal), List.of(uplinks));
    }

    /**
     * The packet tests' site on beijing: internal fd00:5:1:1, uplinks 2 and 3 at 50/50.
     *
     * @param name site name
     * @return the site
     */
    public static IlnpSite example(String name) {
        return site(name, BEIJING, "fd00:5:1:1::/64", uplink(2, "2001:db8:a:1::/64", 50),
                    uplink(3, "2001:db8:b:1::/64", 50));
    }
}
