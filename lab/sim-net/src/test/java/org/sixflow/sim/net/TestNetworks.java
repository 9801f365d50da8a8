// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net;

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.sim.net.device.DeviceSpec;

/**
 * Small networks for tests.
 */
public final class TestNetworks {

    /** Device a of {@link #twoSwitches()}. */
    public static final DeviceId A = DeviceId.deviceId("device:a");
    /** Device b of {@link #twoSwitches()}. */
    public static final DeviceId B = DeviceId.deviceId("device:b");

    private TestNetworks() {
    }

    /**
     * Returns a network of two switches with three ports each, neither cabled.
     *
     * @return the network
     */
    public static SimNetwork twoSwitches() {
        SimNetwork network = new SimNetwork(new TestCoreService());
        network.addDevice(DeviceSpec.builder(A).name("a").ports(3).build());
        network.addDevice(DeviceSpec.builder(B).name("b").ports(3).build());
        network.awaitEvents();
        return network;
    }

    /**
     * Returns a connect point.
     *
     * @param point e.g. device:a/1
     * @return the connect point
     */
    public static ConnectPoint cp(String point) {
        return ConnectPoint.deviceConnectPoint(point);
    }
}
