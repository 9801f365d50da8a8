// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.apn6.impl;

import com.google.common.collect.ImmutableList;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.edge.EdgePortServiceAdapter;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleServiceAdapter;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.TestStorageService;
import org.sixflow.app.api.Apn6PolicyEvent;
import org.sixflow.app.msr6.impl.LabNetwork;
import org.sixflow.app.testing.SynchronousEventDispatcher;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A policy manager on the lab network (host ports beijing/3, nanjing/4, shanghai/3,
 * guangzhou/3), with entries captured as installed.
 */
public final class Apn6PolicyManagerFixture {

    private static final List<ConnectPoint> HOST_PORTS = ImmutableList.of(
            ConnectPoint.deviceConnectPoint("device:beijing/3"), ConnectPoint.deviceConnectPoint("device:nanjing/4"),
            ConnectPoint.deviceConnectPoint("device:shanghai/3"),
            ConnectPoint.deviceConnectPoint("device:guangzhou/3"));

    public final LabNetwork lab = new LabNetwork();
    public final Apn6PolicyManager manager = new Apn6PolicyManager();
    public final List<FlowRule> rules = new ArrayList<>();
    public final List<FlowRule[]> applied = new ArrayList<>();
    public final List<Apn6PolicyEvent> events = new ArrayList<>();
    /** Devices another instance masters. */
    public final Set<DeviceId> remoteMastered = new HashSet<>();

    public Apn6PolicyManagerFixture() {
        this(new TestStorageService());
    }

    /**
     * A manager that shares its distributed store with others, like another cluster instance.
     *
     * @param storage the shared storage service
     */
    public Apn6PolicyManagerFixture(StorageService storage) {
        manager.deviceService = lab.devices;
        manager.configService = lab.netcfg;
        manager.storageService = storage;
        manager.edgePortService = new EdgePortServiceAdapter() {
            @Override
            public Iterable<ConnectPoint> getEdgePoints(DeviceId deviceId) {
                return HOST_PORTS.stream().filter(p -> p.deviceId().equals(deviceId))
                        .collect(ImmutableList.toImmutableList());
            }
        };
        manager.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return TestApplicationId.create(name);
            }
        };
        manager.flowRuleService = new FlowRuleServiceAdapter() {
            @Override
            public void applyFlowRules(FlowRule... flowRules) {
                applied.add(flowRules);
                Arrays.stream(flowRules).forEach(r -> rules.removeIf(old -> old.id().equals(r.id())));
                rules.addAll(Arrays.asList(flowRules));
            }

            @Override
            public void removeFlowRules(FlowRule... flowRules) {
                rules.removeAll(Arrays.asList(flowRules));
            }
        };
        manager.mastershipService = new MastershipServiceAdapter() {
            @Override
            public boolean isLocalMaster(DeviceId deviceId) {
                return !remoteMastered.contains(deviceId);
            }
        };
        SynchronousEventDispatcher.installInto(manager);
        manager.addListener(events::add);
        manager.activate();
    }
}
