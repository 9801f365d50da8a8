// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.flow;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.driver.Driver;
import org.onosproject.net.driver.DriverData;
import org.onosproject.net.driver.DriverHandler;
import org.onosproject.net.driver.DriverListener;
import org.onosproject.net.driver.DriverService;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupOperations;
import org.onosproject.net.group.GroupProgrammable;
import org.sixflow.lab.device.LabDeviceManager;

import java.util.Collection;
import java.util.Map;
import java.util.Set;

/**
 * The drivers' side of groups that Sixflow reads: a lab device's handler has a GroupProgrammable
 * whose getGroups() returns what the device accepted ({@link LabGroupManager#held}), as ONOS
 * 2.7's P4Runtime driver returns its PRE entry mirror. The lab has no driver registry otherwise.
 */
public final class LabGroupDrivers implements DriverService {

    private final LabDeviceManager devices;
    private final LabGroupManager groups;

    /**
     * Creates the drivers.
     *
     * @param devices the devices (a handler exists for those the lab runs)
     * @param groups  the group service, which knows what the devices accepted
     */
    public LabGroupDrivers(LabDeviceManager devices, LabGroupManager groups) {
        this.devices = devices;
        this.groups = groups;
    }

    @Override
    public DriverHandler createHandler(DeviceId deviceId, String... credentials) {
        if (devices.agent(deviceId).isEmpty()) {
            throw new ItemNotFoundException("no driver for " + deviceId);
        }
        return new DriverHandler() {
            @Override
            public Driver driver() {
                throw new UnsupportedOperationException("the lab's handlers have no driver description");
            }

            @Override
            public DriverData data() {
                throw new UnsupportedOperationException("the lab's handlers have no driver data");
            }

            @Override
            public boolean hasBehaviour(Class<? extends Behaviour> behaviourClass) {
                return behaviourClass.equals(GroupProgrammable.class);
            }

            @Override
            public <T extends Behaviour> T behaviour(Class<T> behaviourClass) {
                if (!hasBehaviour(behaviourClass)) {
                    throw new IllegalArgumentException(behaviourClass.getName() + " not supported");
                }
                return behaviourClass.cast(new HeldGroups(deviceId));
            }

            @Override
            public <T> T get(Class<T> serviceClass) {
                throw new UnsupportedOperationException("the lab's handlers offer no services");
            }
        };
    }

    /** A device's groups as its driver reports them; writes go through the group service. */
    private final class HeldGroups extends AbstractHandlerBehaviour implements GroupProgrammable {
        private final DeviceId deviceId;

        HeldGroups(DeviceId deviceId) {
            this.deviceId = deviceId;
        }

        @Override
        public void performGroupOperation(DeviceId device, GroupOperations groupOps) {
            throw new UnsupportedOperationException("the lab's group service writes groups");
        }

        @Override
        public Collection<Group> getGroups() {
            return groups.held(deviceId);
        }
    }

    @Override
    public Set<Driver> getDrivers() {
        return ImmutableSet.of();
    }

    @Override
    public Set<Driver> getDrivers(Class<? extends Behaviour> withBehaviour) {
        return ImmutableSet.of();
    }

    @Override
    public Driver getDriver(DeviceId deviceId) {
        throw new ItemNotFoundException("the lab has no driver descriptions");
    }

    @Override
    public Map<DeviceId, String> getDeviceDrivers() {
        return ImmutableMap.of();
    }

    @Override
    public Driver getDriver(String mfr, String hw, String sw) {
        throw new ItemNotFoundException("the lab has no driver descriptions");
    }

    @Override
    public Driver getDriver(String driverName) {
        throw new ItemNotFoundException("the lab has no driver descriptions");
    }

    @Override
    public void addListener(DriverListener listener) {
    }

    @Override
    public void removeListener(DriverListener listener) {
    }
}
