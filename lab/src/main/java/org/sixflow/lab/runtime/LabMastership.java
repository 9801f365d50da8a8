// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.runtime;

import org.onosproject.cluster.NodeId;
import org.onosproject.cluster.RoleInfo;
import org.onosproject.mastership.MastershipInfo;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.device.DeviceService;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

/**
 * Mastership in a one-node lab: the lab masters every device (its P4Runtime sessions hold the
 * highest election id), so no mastership ever changes and no events are posted.
 */
public final class LabMastership implements MastershipService {

    private final DeviceService devices;

    /**
     * Creates the service.
     *
     * @param devices the devices mastered
     */
    public LabMastership(DeviceService devices) {
        this.devices = devices;
    }

    @Override
    public MastershipRole getLocalRole(DeviceId deviceId) {
        return MastershipRole.MASTER;
    }

    @Override
    public CompletableFuture<MastershipRole> requestRoleFor(DeviceId deviceId) {
        return CompletableFuture.completedFuture(MastershipRole.MASTER);
    }

    @Override
    public CompletableFuture<Void> relinquishMastership(DeviceId deviceId) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public NodeId getMasterFor(DeviceId deviceId) {
        return LabCluster.NODE_ID;
    }

    @Override
    public RoleInfo getNodesFor(DeviceId deviceId) {
        return new RoleInfo(LabCluster.NODE_ID, List.of());
    }

    @Override
    public MastershipInfo getMastershipFor(DeviceId deviceId) {
        return new MastershipInfo(1, Optional.of(LabCluster.NODE_ID),
                                  com.google.common.collect.ImmutableMap.of(LabCluster.NODE_ID, MastershipRole.MASTER));
    }

    @Override
    public Set<DeviceId> getDevicesOf(NodeId nodeId) {
        if (!LabCluster.NODE_ID.equals(nodeId)) {
            return Set.of();
        }
        return StreamSupport.stream(devices.getDevices().spliterator(), false).map(d -> d.id())
                .collect(Collectors.toSet());
    }

    @Override
    public void addListener(MastershipListener listener) {
        // Mastership never changes here.
    }

    @Override
    public void removeListener(MastershipListener listener) {
        // See addListener.
    }
}
