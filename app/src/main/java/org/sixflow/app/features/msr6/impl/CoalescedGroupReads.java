// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupDescription;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Driver reads of a device's groups shared by concurrent asks: while one read of a device runs,
 * the asks that come meanwhile gather into the next read, which one of their callers makes for
 * all of them once the running one is done. One driver read then serves every caller that asked
 * before it started (installs of several trees confirming groups on one device at once), and no
 * caller is served by a read that started before it asked (that read may predate its write).
 */
final class CoalescedGroupReads implements DeviceGroups {

    private final DeviceGroups driver;
    private final Map<DeviceId, Device> devices = new ConcurrentHashMap<>();

    CoalescedGroupReads(DeviceGroups driver) {
        this.driver = driver;
    }

    @Override
    public Optional<Collection<Group>> held(DeviceId deviceId, Collection<GroupDescription> asked) {
        return devices.computeIfAbsent(deviceId, Device::new).read(asked);
    }

    /**
     * How many callers wait for the next read of a device (tests see that they gathered).
     *
     * @param deviceId the device
     * @return the callers whose asks are in its next read
     */
    int waiting(DeviceId deviceId) {
        Device device = devices.get(deviceId);
        if (device == null) {
            return 0;
        }
        synchronized (device) {
            return device.next.callers;
        }
    }

    /** The asks gathered for one read. */
    private static final class Batch {
        final List<GroupDescription> asked = new ArrayList<>();
        int callers;
        boolean done;
        Optional<Collection<Group>> answer = Optional.empty();
    }

    /** One device's reads: at most one runs at a time. */
    private final class Device {
        private final DeviceId id;
        /** The asks waiting for the next read; guarded by this. */
        private Batch next = new Batch();
        private boolean reading;

        Device(DeviceId id) {
            this.id = id;
        }

        Optional<Collection<Group>> read(Collection<GroupDescription> asked) {
            Batch mine;
            synchronized (this) {
                next.asked.addAll(asked);
                next.callers++;
                mine = next;
            }
            while (true) {
                synchronized (this) {
                    while (reading && !mine.done) {
                        try {
                            wait();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            return Optional.empty();
                        }
                    }
                    if (mine.done) {
                        return mine.answer;
                    }
                    // No read runs and this caller's batch is still to be read: it reads for all.
                    reading = true;
                    next = new Batch();
                }
                Optional<Collection<Group>> answer = Optional.empty();
                try {
                    answer = driver.held(id, mine.asked);
                } finally {
                    synchronized (this) {
                        mine.answer = answer;
                        mine.done = true;
                        reading = false;
                        notifyAll();
                    }
                }
            }
        }
    }
}
