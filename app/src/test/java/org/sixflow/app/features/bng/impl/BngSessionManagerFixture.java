// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.sixflow.app.testing.TestNetworkConfigService;

/**
 * The BNG relay's component, activated over test services: the dashboard harness serves its REST
 * resources with it (no device runs a BNG profile there, so it relays nothing).
 */
public final class BngSessionManagerFixture {

    private static final ApplicationId APP_ID = TestApplicationId.create("org.sixflow.app");

    public final BngSessionManager manager = new BngSessionManager();

    /**
     * Activates the component.
     *
     * @param devices the devices it looks BNG behaviours up on
     * @param netcfg  where its configuration lives
     */
    public BngSessionManagerFixture(DeviceService devices, TestNetworkConfigService netcfg) {
        manager.packetService = new PacketServiceAdapter();
        manager.deviceService = devices;
        manager.netcfg = netcfg;
        manager.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return APP_ID;
            }
        };
        manager.activate();
    }

    /** Stops the component's threads. */
    public void stop() {
        manager.deactivate();
    }
}
