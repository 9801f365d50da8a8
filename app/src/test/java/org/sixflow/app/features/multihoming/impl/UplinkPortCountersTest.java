// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.junit.Test;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DefaultPortStatistics;
import org.onosproject.net.device.PortStatistics;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;

public class UplinkPortCountersTest {

    private static final DeviceId SBR = DeviceId.deviceId("device:sbr");
    private static final DeviceId SBR2 = DeviceId.deviceId("device:sbr2");
    private static final ConnectPoint PA = ConnectPoint.deviceConnectPoint("device:sbr/2");
    private static final ConnectPoint PB = ConnectPoint.deviceConnectPoint("device:sbr/3");
    private static final ConnectPoint PB2 = ConnectPoint.deviceConnectPoint("device:sbr2/2");

    private static PortStatistics stat(DeviceId device, long port, long rx, long tx) {
        return DefaultPortStatistics.builder().setDeviceId(device).setPort(PortNumber.portNumber(port))
                .setPacketsReceived(rx).setPacketsSent(tx).build();
    }

    @Test
    public void eachUplinkGetsItsPortsPacketsOutAndInAndNoOtherPortCounts() {
        UplinkPortCounters counters = new UplinkPortCounters(device -> List.of(
                stat(device, 1, 99, 99), stat(device, 2, 5, 700), stat(device, 3, 6, 300)));
        Map<ConnectPoint, long[]> read = counters.read(Set.of(PA, PB));
        assertEquals(Set.of(PA, PB), read.keySet());
        assertArrayEquals(new long[]{700, 5}, read.get(PA));
        assertArrayEquals(new long[]{300, 6}, read.get(PB));
    }

    @Test
    public void aDeviceThatCountsNoPortsOrCannotBeReadGivesNone() {
        UplinkPortCounters counters = new UplinkPortCounters(device -> {
            if (device.equals(SBR2)) {
                throw new IllegalStateException("not reachable");
            }
            Collection<PortStatistics> none = null;
            return none;
        });
        assertEquals(Map.of(), counters.read(Set.of(PA, PB2)));
        UplinkPortCounters one = new UplinkPortCounters(device -> device.equals(SBR2)
                ? List.of(stat(SBR2, 2, 1, 2)) : null);
        assertEquals(Set.of(PB2), one.read(Set.of(PA, PB2)).keySet());
    }
}
