// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.testing.LabNetwork;
import org.sixflow.app.testing.TestHostService;

import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Ways back on the lab of docker/netcfg.json: h_bj (00:00:00:00:01:10, fd00:1:1::10) alone on
 * beijing/3; beijing/1 linked to wuhan (00:aa:00:00:00:02).
 */
public class WayBackTest {

    private static final ConnectPoint BEIJING_1 = ConnectPoint.deviceConnectPoint("device:beijing/1");
    private static final ConnectPoint BEIJING_3 = ConnectPoint.deviceConnectPoint("device:beijing/3");
    private static final MacAddress H_BJ_MAC = MacAddress.valueOf("00:00:00:00:01:10");

    private TestHostService hosts;
    private WayBack wayBack;

    @Before
    public void setUp() {
        LabNetwork lab = new LabNetwork();
        hosts = TestHostService.lab();
        wayBack = new WayBack(hosts, lab.linkService, lab.netcfg);
    }

    @Test
    public void theHostWithTheSourceAtThePortFirst() {
        hosts.add("00:00:00:00:01:99", "device:beijing/3", "fd00:1:1::99");
        WayBack.Hop hop = wayBack.towards(BEIJING_3, Ip6Address.valueOf("fd00:1:1::99")).orElseThrow();
        assertEquals(MacAddress.valueOf("00:00:00:00:01:99"), hop.mac());
        assertTrue(hop.host());
    }

    @Test
    public void elseTheOneHostThereElseTheRouterAtTheLinksOtherEnd() {
        Ip6Address unknown = Ip6Address.valueOf("fd00:1:1:ffff::5");
        WayBack.Hop hop = wayBack.towards(BEIJING_3, unknown).orElseThrow();
        assertEquals("h_bj, alone on the port", H_BJ_MAC, hop.mac());
        assertTrue(hop.host());
        hop = wayBack.towards(BEIJING_1, unknown).orElseThrow();
        assertEquals("wuhan's station MAC", MacAddress.valueOf("00:aa:00:00:00:02"), hop.mac());
        assertFalse(hop.host());
    }

    @Test
    public void twoHostsAndNoRouterLeaveNoWayBack() {
        hosts.add("00:00:00:00:01:11", "device:beijing/3", "fd00:1:1::11");
        assertEquals(Optional.empty(), wayBack.towards(BEIJING_3, Ip6Address.valueOf("fd00:1:1:ffff::5")));
        assertEquals("a host known by the address still is", Optional.of(H_BJ_MAC),
                     wayBack.towards(BEIJING_3, Ip6Address.valueOf("fd00:1:1::10")).map(WayBack.Hop::mac));
    }

    @Test
    public void aSourceKnownElsewhereIsNotThePortsHost() {
        // h_bj's address, come in where another host is: not that host's to be told.
        hosts.add("00:00:00:00:02:22", "device:nanjing/4", "fd00:1:3::22");
        assertEquals(Optional.empty(), wayBack.towards(ConnectPoint.deviceConnectPoint("device:nanjing/4"),
                                                       Ip6Address.valueOf("fd00:1:1::10")));
    }
}
