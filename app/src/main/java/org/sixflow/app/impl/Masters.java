// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.onosproject.cluster.NodeId;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.intent.WorkPartitionService;

/**
 * Which instance of a cluster reads a device: its master; while none masters it (a device
 * between masters, or one ONOS knows only from netcfg), the instance whose work partition the
 * device falls in, so that exactly one instance reads it and none goes unread.
 */
public final class Masters {

    private Masters() {
    }

    /**
     * Tells whether this instance is the one that reads a device.
     *
     * @param mastership ONOS's mastership service
     * @param partitions ONOS's work partitions, for devices without a master
     * @param deviceId   the device
     * @return true if this instance masters it, or nobody does and its partition is this instance's
     */
    public static boolean readsHere(MastershipService mastership, WorkPartitionService partitions,
                                    DeviceId deviceId) {
        NodeId master = mastership.getMasterFor(deviceId);
        if (master != null) {
            return mastership.isLocalMaster(deviceId);
        }
        return partitions.isMine(deviceId, Masters::partitionHash);
    }

    /**
     * Returns the hash that places a device in a work partition: the same on every instance,
     * since String.hashCode is specified.
     *
     * @param deviceId the device
     * @return its hash
     */
    public static Long partitionHash(DeviceId deviceId) {
        return (long) deviceId.toString().hashCode();
    }
}
