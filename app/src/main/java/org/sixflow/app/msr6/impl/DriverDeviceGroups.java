// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.DriverService;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupProgrammable;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.Optional;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * A device's groups from its driver's GroupProgrammable behaviour. With ONOS 2.7's P4Runtime
 * drivers, a replication (ALL, CLONE) group write is synchronous and, once the device accepted
 * it, the group is in the driver's PRE entry mirror, which getGroups() returns (no device read:
 * P4Runtime 1.x cannot read multicast groups); a delete takes it out of the mirror.
 */
final class DriverDeviceGroups implements DeviceGroups {

    private final Logger log = getLogger(getClass());
    private final DriverService drivers;

    DriverDeviceGroups(DriverService drivers) {
        this.drivers = drivers;
    }

    @Override
    public Optional<Collection<Group>> held(DeviceId deviceId) {
        try {
            return Optional.of(drivers.createHandler(deviceId).behaviour(GroupProgrammable.class).getGroups());
        } catch (RuntimeException e) {
            // No driver for the device (ItemNotFoundException), or none with groups (IllegalArgumentException).
            log.debug("Cannot read the groups of {}: {}", deviceId, e.getMessage());
            return Optional.empty();
        }
    }
}
