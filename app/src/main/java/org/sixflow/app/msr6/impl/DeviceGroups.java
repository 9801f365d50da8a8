// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.group.Group;

import java.util.Collection;
import java.util.Optional;

/**
 * Which groups a device holds, as its driver knows them now. ONOS's group store learns that only
 * on its poll (GroupDriverProvider, every fallbackGroupPollFrequency seconds); the driver knows it
 * as soon as its write returns, so confirmations ask here rather than wait for the poll.
 */
interface DeviceGroups {

    /**
     * The groups a device holds.
     *
     * @param deviceId the device
     * @return its groups; empty when its driver cannot tell (no driver, no group behaviour)
     */
    Optional<Collection<Group>> held(DeviceId deviceId);
}
