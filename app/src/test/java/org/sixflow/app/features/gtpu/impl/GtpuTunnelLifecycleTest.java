// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceEvent;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.lifecycle.OwnedLifecycleContract;
import org.sixflow.app.testing.ClusterStorageService;
import org.sixflow.app.testing.PolicyFlowRules;
import org.sixflow.app.testing.PredicatePartitions;

import java.util.Optional;

import static org.sixflow.app.features.gtpu.impl.GtpuTunnelManagerFixture.tunnel;

/** The owned-object lifecycle's contract, held by GTP-U tunnels (all with one N3 address, whose entry they share). */
public class GtpuTunnelLifecycleTest extends OwnedLifecycleContract<GtpuTunnel> {

    @Override
    protected Instance<GtpuTunnel> instance(ClusterStorageService storage, PolicyFlowRules flows,
                                            PredicatePartitions partitions, boolean start) {
        GtpuTunnelManagerFixture fixture = new GtpuTunnelManagerFixture(storage, flows, partitions, start);
        return new Instance<>() {
            @Override
            public void create(GtpuTunnel tunnel) {
                fixture.manager.create(tunnel);
            }

            @Override
            public boolean remove(String id) {
                return fixture.manager.remove(id);
            }

            @Override
            public Optional<InstallStatus> status(String id) {
                return fixture.manager.status(id);
            }

            @Override
            public void activate() {
                fixture.activate();
            }

            @Override
            public void deactivate() {
                fixture.deactivate();
            }

            @Override
            public void deviceAvailable(DeviceId device) {
                fixture.lab.devices.emit(new DeviceEvent(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED,
                                                         fixture.lab.devices.getDevice(device)));
            }
        };
    }

    @Override
    protected GtpuTunnel object(String id, int number) {
        return tunnel(id, "fd00:9:" + number + "::/64", number).build();
    }
}
