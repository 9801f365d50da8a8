// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.gtpu.api.GtpuChecksumMode;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.impl.LocalAddressRegistry;
import org.sixflow.app.lifecycle.OwnedWiring;
import org.sixflow.app.testing.ClusterStorageService;
import org.sixflow.app.testing.LabNetwork;
import org.sixflow.app.testing.PolicyFlowRules;
import org.sixflow.app.testing.PredicatePartitions;
import org.sixflow.app.testing.SmallTables;
import org.sixflow.app.testing.SynchronousEventDispatcher;
import org.sixflow.app.testing.TestHostService;
import org.sixflow.app.testing.TestPipeconfService;
import org.sixflow.pipeconf.SixflowPipeconfs;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One instance of a test cluster running the tunnel manager on the lab network (every device
 * bound to the bundled bmv2 pipeconf, the lab's hosts) over {@link ClusterStorageService}
 * storage; the owner's work runs at once on the thread that queues it. Counters come from
 * {@link #cells} (a device listed in {@link #unreadable} cannot be read).
 */
public final class GtpuTunnelManagerFixture {

    public final LabNetwork lab = new LabNetwork();
    public final ClusterStorageService storage;
    public final DistributedGtpuTunnelStore store = new DistributedGtpuTunnelStore();
    public final GtpuTunnelManager manager = new GtpuTunnelManager();
    /** Where the manager gives its tunnels' N3 addresses. */
    public final LocalAddressRegistry localAddresses = new LocalAddressRegistry();
    public final PolicyFlowRules flows;
    public final PredicatePartitions partitions;
    public final TestPipeconfService pipeconfs = new TestPipeconfService();
    /** Counter cells by "device counter index". */
    public final Map<String, PiCounterCellData> cells = new ConcurrentHashMap<>();
    public final Set<DeviceId> unreadable = ConcurrentHashMap.newKeySet();
    /** Counter reads the manager made (a device that cannot be read is not counted). */
    public final AtomicInteger reads = new AtomicInteger();

    /** A cluster of one instance, started. */
    public GtpuTunnelManagerFixture() {
        this(new ClusterStorageService(), new PolicyFlowRules(), PredicatePartitions.alone(), true);
    }

    /**
     * One instance of a cluster.
     *
     * @param storage    this instance's storage (another's {@code instance()} to join its cluster)
     * @param flows      this instance's flow-rule service
     * @param partitions which tunnels this instance owns
     * @param start      whether to activate the store and the manager now
     */
    public GtpuTunnelManagerFixture(ClusterStorageService storage, PolicyFlowRules flows,
                                    PredicatePartitions partitions, boolean start) {
        this.storage = storage;
        this.flows = flows;
        this.partitions = partitions;
        pipeconfs.register(BundledPipeconfs.bmv2());
        lab.devices.getDevices().forEach(d -> pipeconfs.bindToDevice(SixflowPipeconfs.FULL_BMV2, d.id()));
        OwnedWiring.storageService(store, storage);
        manager.store = store;
        manager.localAddresses = localAddresses;
        OwnedWiring.deviceService(manager, lab.devices);
        manager.configService = lab.netcfg;
        manager.hostService = TestHostService.lab();
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
            throw new IllegalStateException(device + " cannot be read");
        }
        reads.incrementAndGet();
        String prefix = device + " " + counter + " ";
        Map<Integer, PiCounterCellData> counterCells = new HashMap<>();
        cells.forEach((key, cell) -> {
            if (key.startsWith(prefix)) {
                counterCells.put(Integer.parseInt(key.substring(prefix.length())), cell);
            }
        });
        return counterCells;
    }

    /**
     * Gives every device the bmv2 pipeline with some tables made small, for admission by table
     * room (before or after activation: table sizes are read when a tunnel is checked).
     *
     * @param sizes table to the size it declares
     */
    public void shrinkTables(Map<PiTableId, Long> sizes) {
        pipeconfs.unregister(SixflowPipeconfs.FULL_BMV2);
        pipeconfs.register(SmallTables.bmv2(sizes));
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
     * Returns a tunnel's status as the store has it.
     *
     * @param id tunnel id
     * @return the status
     */
    public InstallStatus status(String id) {
        return manager.status(id).orElseThrow();
    }

    /**
     * A valid tunnel on beijing (locator fd00:1:1::/64), downlink to a UE prefix of its own.
     *
     * @param id     tunnel id
     * @param prefix the UE prefix
     * @param teid   uplink TEID
     * @return a builder to change it further
     */
    public static GtpuTunnel.Builder tunnel(String id, String prefix, long teid) {
        return GtpuTunnel.builder().id(id).uePrefixes(List.of(Ip6Prefix.valueOf(prefix)))
                .n3Address(Ip6Address.valueOf("fd00:1:1::ff:1")).peerAddress(Ip6Address.valueOf("fd00:1:4::100"))
                .downlinkTeid(0x100 + teid).uplinkTeid(teid).checksumMode(GtpuChecksumMode.ZERO)
                .decapDevice(DeviceId.deviceId("device:beijing"));
    }
}
