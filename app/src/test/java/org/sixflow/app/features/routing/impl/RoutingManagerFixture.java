// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import com.google.common.util.concurrent.MoreExecutors;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.intent.WorkPartitionServiceAdapter;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.features.routing.api.RoutingEvent;
import org.sixflow.app.features.routing.api.RoutingListener;
import org.sixflow.app.impl.LocalAddressRegistry;
import org.sixflow.app.testing.LabNetwork;
import org.sixflow.app.testing.ManualTimer;
import org.sixflow.app.testing.SynchronousEventDispatcher;
import org.sixflow.app.testing.TestFlowRuleService;
import org.sixflow.app.testing.TestGroupService;
import org.sixflow.app.testing.TestHistoryService;
import org.sixflow.app.testing.TestHostService;
import org.sixflow.app.testing.TestInterfaceService;
import org.sixflow.app.testing.TestMastershipService;
import org.sixflow.app.testing.TestPipeconfService;
import org.sixflow.pipeconf.SixflowPipeconfs;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A routing manager on the lab of docker/: its devices (all running the bmv2 pipeconf), links,
 * hosts and interfaces, with a flow-rule store that confirms every write. Recomputations run on
 * the thread that caused them, so a test sees the entries as soon as its change returns; retries
 * of refused writes run when the test moves {@link #timer} on.
 */
public final class RoutingManagerFixture {

    public static final ApplicationId APP_ID = TestApplicationId.create(SixflowConfigRegistrar.APP_NAME);

    public final LabNetwork lab;
    public final TestHostService hosts;
    public final TestInterfaceService interfaces = TestInterfaceService.lab();
    public final TestPipeconfService pipeconfs = new TestPipeconfService();
    public final TestFlowRuleService flows = new TestFlowRuleService();
    /** ECMP's groups: held by the devices at once, ADDED in ONOS's store on {@link TestGroupService#poll}. */
    public final TestGroupService groups = new TestGroupService();
    public final TestMastershipService mastership = new TestMastershipService();
    /** Devices whose work partition is another instance's (all others are this one's). */
    public final Set<DeviceId> otherPartitions = ConcurrentHashMap.newKeySet();
    public final RoutingManager manager = new RoutingManager();
    /** Runs the retries of refused writes when a test moves it on. */
    public final ManualTimer timer = new ManualTimer();
    public final TestHistoryService history = new TestHistoryService();
    public final List<RoutingEvent> events = new CopyOnWriteArrayList<>();
    /** The features' addresses (GTP-U's N3 addresses): tests add providers. */
    public final LocalAddressRegistry localAddresses = new LocalAddressRegistry();
    private final RoutingListener recorder = events::add;

    public RoutingManagerFixture() {
        this(new LabNetwork(), TestHostService.lab());
    }

    /**
     * A routing manager on a lab network and hosts that others use too, as in the dashboard harness.
     *
     * @param lab   the lab's devices, links and netcfg
     * @param hosts the lab's hosts
     */
    public RoutingManagerFixture(LabNetwork lab, TestHostService hosts) {
        this.lab = lab;
        this.hosts = hosts;
        for (Device device : lab.devices.getDevices()) {
            pipeconfs.bindToDevice(SixflowPipeconfs.FULL_BMV2, device.id());
        }
        manager.deviceService = lab.devices;
        manager.linkService = lab.linkService;
        manager.hostService = hosts;
        manager.interfaceService = interfaces;
        manager.configService = lab.netcfg;
        manager.pipeconfService = pipeconfs;
        manager.flowRuleService = flows;
        manager.groupService = groups;
        manager.driverGroups = groups::held;
        manager.mastershipService = mastership;
        manager.workPartitionService = new WorkPartitionServiceAdapter() {
            @Override
            public <K> boolean isMine(K id, Function<K, Long> hasher) {
                return !otherPartitions.contains(id);
            }
        };
        manager.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return APP_ID;
            }
        };
        manager.executors = MoreExecutors::newDirectExecutorService;
        manager.retryTimer = timer;
        manager.historyService = history;
        manager.localAddresses = localAddresses;
        SynchronousEventDispatcher.installInto(manager);
        manager.addListener(recorder);
        manager.activate();
    }
}
