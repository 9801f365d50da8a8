// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.google.common.collect.ImmutableMap;
import org.onosproject.cluster.NodeId;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipInfo;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** Mastership of one instance: it masters every device unless a test gives some to another. */
public final class TestMastershipService extends MastershipServiceAdapter {

    private static final NodeId LOCAL = NodeId.nodeId("local");
    private static final NodeId OTHER = NodeId.nodeId("other");
    private final Set<DeviceId> elsewhere = ConcurrentHashMap.newKeySet();
    /** Devices nobody masters (between masters). */
    public final Set<DeviceId> masterless = ConcurrentHashMap.newKeySet();
    private final List<MastershipListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * Makes another instance, or this one again, the master of a device, and tells listeners.
     *
     * @param device the device
     * @param local  whether this instance masters it
     */
    public void setMaster(DeviceId device, boolean local) {
        if (local) {
            elsewhere.remove(device);
        } else {
            elsewhere.add(device);
        }
        MastershipEvent event = new MastershipEvent(MastershipEvent.Type.MASTER_CHANGED, device,
                                                    new MastershipInfo(1, Optional.of(local ? LOCAL : OTHER),
                                                                       ImmutableMap.of()));
        listeners.stream().filter(l -> l.isRelevant(event)).forEach(l -> l.event(event));
    }

    @Override
    public NodeId getMasterFor(DeviceId deviceId) {
        if (masterless.contains(deviceId)) {
            return null;
        }
        return elsewhere.contains(deviceId) ? OTHER : LOCAL;
    }

    @Override
    public MastershipRole getLocalRole(DeviceId deviceId) {
        if (masterless.contains(deviceId)) {
            return MastershipRole.NONE;
        }
        return elsewhere.contains(deviceId) ? MastershipRole.STANDBY : MastershipRole.MASTER;
    }

    @Override
    public void addListener(MastershipListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(MastershipListener listener) {
        listeners.remove(listener);
    }
}
