// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;

/**
 * Which instance of a cluster reads a device: its master, or any instance while none masters it
 * (a lone ONOS, or a device between masters), so no device goes unread.
 */
public final class Masters {

    private Masters() {
    }

    /**
     * Tells whether this instance reads a device.
     *
     * @param mastership ONOS's mastership service
     * @param deviceId   the device
     * @return true if this instance masters it or nobody does
     */
    public static boolean readsHere(MastershipService mastership, DeviceId deviceId) {
        return mastership.getMasterFor(deviceId) == null || mastership.isLocalMaster(deviceId);
    }
}
