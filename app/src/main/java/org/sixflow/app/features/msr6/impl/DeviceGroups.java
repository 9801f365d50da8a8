// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupDescription;

import java.util.Collection;
import java.util.Optional;

/**
 * Which groups a device holds, as its driver knows them now. ONOS's group store learns that only
 * on its poll (GroupDriverProvider, every fallbackGroupPollFrequency seconds); the driver knows it
 * as soon as its write returns, so confirmations ask here rather than wait for the poll.
 */
interface DeviceGroups {

    /**
     * Which of some groups a device holds. Only those asked for are looked up where the driver
     * can (a confirmation must not cost as much as every group on the device).
     *
     * @param deviceId the device
     * @param asked    the groups wanted, all on that device
     * @return those of them the device holds (by group id; their buckets as held), possibly more;
     *         empty when its driver cannot tell (no driver, no group behaviour)
     */
    Optional<Collection<Group>> held(DeviceId deviceId, Collection<GroupDescription> asked);
}
