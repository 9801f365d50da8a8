// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.sixflow.app.testing.TestDeviceService;
import org.sixflow.app.testing.TestNetworkConfigService;
import org.sixflow.app.testing.TestPipeconfService;

/**
 * An inventory manager wired to in-memory ONOS services that a test fills.
 */
public final class InventoryManagerFixture {

    public final InventoryManager manager = new InventoryManager();
    public final TestDeviceService devices = new TestDeviceService();
    public final TestPipeconfService pipeconfs = new TestPipeconfService();
    public final TestNetworkConfigService netcfg = new TestNetworkConfigService();

    public InventoryManagerFixture() {
        manager.deviceService = devices;
        manager.pipeconfService = pipeconfs;
        manager.configService = netcfg;
    }
}
