// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import org.junit.Test;
import org.onlab.packet.IpPrefix;
import org.sixflow.app.api.DeviceRole;
import org.sixflow.app.api.SixflowDevice;
import org.sixflow.app.testing.TestDeviceService;
import org.sixflow.pipeconf.SixflowPipeconfs;

import java.util.List;

import static org.junit.Assert.assertEquals;

/**
 * Text output of sixflow:devices.
 */
public class DeviceListCommandTest {

    @Test
    public void saysSoWhenThereAreNoDevices() {
        assertEquals(List.of("No devices"), DeviceListCommand.lines(List.of()));
    }

    @Test
    public void showsRolePipeconfAndLocatorOrNone() {
        TestDeviceService devices = new TestDeviceService();
        SixflowDevice beijing = SixflowDevice.of(devices.addSwitch("device:beijing", true), true,
                                                 SixflowPipeconfs.FULL_BMV2, DeviceRole.EDGE,
                                                 IpPrefix.valueOf("fd00:1:1::/64"));
        SixflowDevice wuhan = SixflowDevice.of(devices.addSwitch("device:wuhan", false), false, null, null, null);
        assertEquals(List.of(
                "id=device:beijing, available=true, role=EDGE, pipeconf=org.sixflow.full.bmv2, locator=fd00:1:1::/64",
                "id=device:wuhan, available=false, role=none, pipeconf=none, locator=none"),
                     DeviceListCommand.lines(List.of(beijing, wuhan)));
    }
}
