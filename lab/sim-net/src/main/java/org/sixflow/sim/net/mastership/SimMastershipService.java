// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.mastership;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.onosproject.cluster.NodeId;
import org.onosproject.cluster.RoleInfo;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipInfo;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.device.DeviceService;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.sixflow.sim.net.SimIdentities.LOCAL_NODE;

/**
 * ONOS's mastership service for a one-node cluster: the local node ({@code sim-1}) is master of
 * every device the device service knows, and of no other. When a device is added, its election
 * is announced with MASTER_CHANGED, as ONOS announces it. Nothing ever takes mastership away:
 * relinquishing it is accepted and changes nothing (no other node could take it).
 */
public final class SimMastershipService extends AbstractListenerManager<MastershipEvent, MastershipListener>
        implements MastershipService {

    /** The term of every mastership: each device has had one master since it was added. */
    private static final long TERM = 1;

    private final DeviceService devices;

    /**
     * Creates the service over the devices.
     *
     * @param dispatcher the simulated network's event dispatcher
     * @param devices    the device service
     */
    public SimMastershipService(EventDeliveryService dispatcher, DeviceService devices) {
        this.eventDispatcher = checkNotNull(dispatcher, "Event dispatcher cannot be null");
        this.devices = checkNotNull(devices, "Device service cannot be null");
        dispatcher.addSink(MastershipEvent.class, listenerRegistry);
    }

    /**
     * Announces the local node as a new device's master: MASTER_CHANGED.
     *
     * @param deviceId the device just added
     */
    public void deviceAdded(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        post(new MastershipEvent(MastershipEvent.Type.MASTER_CHANGED, deviceId, getMastershipFor(deviceId)));
    }

    private boolean known(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        return devices.getDevice(deviceId) != null;
    }

    @Override
    public MastershipRole getLocalRole(DeviceId deviceId) {
        return known(deviceId) ? MastershipRole.MASTER : MastershipRole.NONE;
    }

    @Override
    public boolean isLocalMaster(DeviceId deviceId) {
        return getLocalRole(deviceId) == MastershipRole.MASTER;
    }

    @Override
    public CompletableFuture<MastershipRole> requestRoleFor(DeviceId deviceId) {
        return CompletableFuture.completedFuture(getLocalRole(deviceId));
    }

    @Override
    public MastershipRole requestRoleForSync(DeviceId deviceId) {
        return getLocalRole(deviceId);
    }

    /**
     * Accepts and ignores the request: in a one-node cluster no other node could take the device.
     *
     * @param deviceId the device
     * @return a completed future
     */
    @Override
    public CompletableFuture<Void> relinquishMastership(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void relinquishMastershipSync(DeviceId deviceId) {
        relinquishMastership(deviceId);
    }

    @Override
    public NodeId getMasterFor(DeviceId deviceId) {
        return known(deviceId) ? LOCAL_NODE : null;
    }

    @Override
    public RoleInfo getNodesFor(DeviceId deviceId) {
        return known(deviceId) ? new RoleInfo(LOCAL_NODE, List.of()) : new RoleInfo();
    }

    @Override
    public MastershipInfo getMastershipFor(DeviceId deviceId) {
        if (!known(deviceId)) {
            return new MastershipInfo();
        }
        return new MastershipInfo(TERM, Optional.of(LOCAL_NODE), ImmutableMap.of(LOCAL_NODE, MastershipRole.MASTER));
    }

    @Override
    public ImmutableSet<DeviceId> getDevicesOf(NodeId nodeId) {
        checkNotNull(nodeId, "Node id cannot be null");
        if (!LOCAL_NODE.equals(nodeId)) {
            return ImmutableSet.of();
        }
        ImmutableSet.Builder<DeviceId> ids = ImmutableSet.builder();
        for (Device device : devices.getDevices()) {
            ids.add(device.id());
        }
        return ids.build();
    }
}
