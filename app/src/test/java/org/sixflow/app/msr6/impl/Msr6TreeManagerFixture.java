// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.impl;

import org.onlab.packet.Ip6Address;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.core.GroupId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleServiceAdapter;
import org.onosproject.net.group.DefaultGroup;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupKey;
import org.onosproject.net.group.GroupServiceAdapter;
import org.onosproject.store.service.TestStorageService;
import org.sixflow.app.api.Msr6Mode;
import org.sixflow.app.api.Msr6Tree;
import org.sixflow.app.api.Msr6TreeEvent;
import org.sixflow.app.api.Msr6TreeRequest;
import org.sixflow.app.testing.SynchronousEventDispatcher;
import org.sixflow.app.testing.TestPipeconfService;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A tree manager on the lab network, with flow rules and groups captured as installed.
 */
public final class Msr6TreeManagerFixture {

    public final LabNetwork lab = new LabNetwork();
    /** Device to pipeconf bindings: none unless a test binds one (no egress M-SID limit then). */
    public final TestPipeconfService pipeconfs = new TestPipeconfService();
    public final Msr6TreeManager manager = new Msr6TreeManager();
    public final List<FlowRule> rules = new ArrayList<>();
    public final List<GroupDescription> groups = new ArrayList<>();
    /** Every install and removal in order: "apply", "remove", "add-group", "remove-group". */
    public final List<String> operations = new ArrayList<>();
    public final List<Msr6TreeEvent> events = new CopyOnWriteArrayList<>();

    public Msr6TreeManagerFixture() {
        this(new TestStorageService());
    }

    /**
     * A manager that shares its distributed store with others, like another cluster instance.
     *
     * @param storage the shared storage service
     */
    public Msr6TreeManagerFixture(org.onosproject.store.service.StorageService storage) {
        manager.deviceService = lab.devices;
        manager.pipeconfService = pipeconfs;
        manager.linkService = lab.linkService;
        manager.configService = lab.netcfg;
        manager.storageService = storage;
        manager.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return TestApplicationId.create(name);
            }
        };
        manager.flowRuleService = new FlowRuleServiceAdapter() {
            @Override
            public void applyFlowRules(FlowRule... flowRules) {
                operations.add("apply");
                // Same id: ONOS modifies the entry in place.
                Arrays.stream(flowRules).forEach(r -> rules.removeIf(old -> old.id().equals(r.id())));
                rules.addAll(Arrays.asList(flowRules));
            }

            @Override
            public void removeFlowRules(FlowRule... flowRules) {
                operations.add("remove");
                rules.removeAll(Arrays.asList(flowRules));
            }

            /** As ONOS does: stage by stage, then the context hears that the devices confirmed. */
            @Override
            public void apply(FlowRuleOperations ops) {
                for (Set<FlowRuleOperation> stage : ops.stages()) {
                    FlowRule[] added = stage.stream().filter(op -> op.type() != FlowRuleOperation.Type.REMOVE)
                            .map(FlowRuleOperation::rule).toArray(FlowRule[]::new);
                    FlowRule[] removed = stage.stream().filter(op -> op.type() == FlowRuleOperation.Type.REMOVE)
                            .map(FlowRuleOperation::rule).toArray(FlowRule[]::new);
                    if (added.length > 0) {
                        applyFlowRules(added);
                    }
                    if (removed.length > 0) {
                        removeFlowRules(removed);
                    }
                }
                ops.callback().onSuccess(ops);
            }
        };
        manager.groupService = new GroupServiceAdapter() {
            @Override
            public void addGroup(GroupDescription description) {
                operations.add("add-group");
                groups.add(description);
            }

            /** Groups are on their devices as soon as they are added. */
            @Override
            public Group getGroup(DeviceId deviceId, GroupKey appCookie) {
                return groups.stream().filter(g -> g.deviceId().equals(deviceId) && g.appCookie().equals(appCookie))
                        .findFirst().map(g -> {
                            DefaultGroup group = new DefaultGroup(new GroupId(g.givenGroupId()), g);
                            group.setState(Group.GroupState.ADDED);
                            return (Group) group;
                        }).orElse(null);
            }

            @Override
            public void removeGroup(DeviceId deviceId, GroupKey appCookie, ApplicationId appId) {
                operations.add("remove-group");
                groups.removeIf(g -> g.deviceId().equals(deviceId) && g.appCookie().equals(appCookie));
            }
        };
        SynchronousEventDispatcher.installInto(manager);
        manager.addListener(events::add);
        manager.activate();
    }

    /**
     * Creates the "video" TE tree for ff3e::1 from port 3 of device:beijing.
     *
     * @param algorithm how the tree is computed
     * @param receivers the receivers' connect points, e.g. "device:nanjing/4"
     * @return the tree
     */
    public Msr6Tree createVideoTree(Msr6TreeRequest.Algorithm algorithm, String... receivers) {
        return manager.create(Msr6TreeRequest.of(
                "video", ConnectPoint.deviceConnectPoint("device:beijing/3"), Ip6Address.valueOf("ff3e::1"),
                Set.of(Arrays.stream(receivers).map(ConnectPoint::deviceConnectPoint).toArray(ConnectPoint[]::new)),
                Msr6Mode.TE, algorithm));
    }
}
