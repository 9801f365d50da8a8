// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;

import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.sixflow.app.features.gtpu.impl.GtpuTunnelManagerFixture.tunnel;

/**
 * A tunnel the network no longer fits fails once, naming the device; one that fits again is
 * installed again; the others are left alone.
 */
public class TunnelRecheckTest {

    private static final DeviceId WUHAN = DeviceId.deviceId("device:wuhan");
    private final GtpuTunnel tunnel = tunnel("ue-1", "fd00:9:1::/64", 1).encapDevices(Set.of(WUHAN)).build();

    @Test
    public void aTunnelTheNetworkNoLongerFitsFailsOnce() {
        List<String> problems = List.of("encapDevices: device:wuhan is not a Sixflow device");
        assertEquals(TunnelRecheck.Action.FAIL, TunnelRecheck.decide(tunnel, InstallStatus.INSTALLED, problems));
        InstallStatus failed = TunnelRecheck.failure(tunnel, problems);
        assertEquals(WUHAN, failed.failure().orElseThrow().deviceId());
        assertEquals(TunnelRecheck.Action.NONE, TunnelRecheck.decide(tunnel, failed, problems));
    }

    @Test
    public void aFailedTunnelThatFitsAgainIsInstalledAndAValidOneLeftAlone() {
        InstallStatus refused = InstallStatus.failed(WUHAN, "refused");
        assertEquals(TunnelRecheck.Action.INSTALL, TunnelRecheck.decide(tunnel, refused, List.of()));
        assertEquals(TunnelRecheck.Action.NONE, TunnelRecheck.decide(tunnel, InstallStatus.INSTALLED, List.of()));
        assertEquals(TunnelRecheck.Action.NONE, TunnelRecheck.decide(tunnel, InstallStatus.REQUESTED, List.of()));
    }
}
