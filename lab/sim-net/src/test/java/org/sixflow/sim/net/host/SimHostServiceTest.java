// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.host;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.config.basics.BasicHostConfig;
import org.onosproject.net.host.HostEvent;
import org.sixflow.sim.net.EventRecorder;
import org.sixflow.sim.net.SimNetwork;
import org.sixflow.sim.net.TestNetworks;

import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.sixflow.sim.net.TestNetworks.A;
import static org.sixflow.sim.net.TestNetworks.cp;

/**
 * Tests the simulated hosts, their look-ups and events, and hosts from the network configuration.
 */
public class SimHostServiceTest {

    private static final HostId H1 = HostId.hostId("00:00:00:00:01:10/None");

    private SimNetwork network;
    private SimHostService hosts;
    private final EventRecorder<HostEvent> recorder = new EventRecorder<>();

    @Before
    public void setUp() {
        network = TestNetworks.twoSwitches();
        hosts = network.hostService();
        hosts.addListener(recorder::event);
    }

    @After
    public void tearDown() {
        network.close();
    }

    private static HostSpec.Builder h1() {
        return HostSpec.builder("00:00:00:00:01:10").ip("fd00:1:1::10").ip("10.0.1.10").location("device:a/3")
                .name("h1");
    }

    @Test
    public void hostsAreFoundEveryWay() {
        Host host = network.addHost(h1().build());
        network.addHost(HostSpec.builder("00:00:00:00:02:10").vlan(VlanId.vlanId((short) 10)).ip("fd00:1:2::10")
                                .location("device:b/3").build());
        assertEquals(H1, host.id());
        assertEquals("h1", host.annotations().value(AnnotationKeys.NAME));
        assertEquals(host, hosts.getHost(H1));
        assertEquals(2, hosts.getHostCount());
        assertEquals(Set.of(host), hosts.getHostsByIp(IpAddress.valueOf("fd00:1:1::10")));
        assertEquals(Set.of(host), hosts.getHostsByIp(IpAddress.valueOf("10.0.1.10")));
        assertEquals(Set.of(host), hosts.getHostsByMac(MacAddress.valueOf("00:00:00:00:01:10")));
        assertEquals(Set.of(host), hosts.getHostsByVlan(VlanId.NONE));
        assertEquals(1, hosts.getHostsByVlan(VlanId.vlanId((short) 10)).size());
        assertEquals(Set.of(host), hosts.getConnectedHosts(cp("device:a/3")));
        assertEquals(Set.of(host), hosts.getConnectedHosts(A));
        assertTrue(hosts.getConnectedHosts(cp("device:a/2")).isEmpty());
        hosts.startMonitoringIp(IpAddress.valueOf("fd00::1"));
        hosts.requestMac(IpAddress.valueOf("fd00::1"));
    }

    @Test
    public void changesPostTheEventsOnosTellsApart() {
        network.addHost(h1().build());
        network.addHost(h1().build());
        network.addHost(h1().ip("fd00:1:1::11").build());
        network.moveHost(H1, cp("device:b/3"));
        network.removeHost(H1);
        assertFalse(network.removeHost(H1));
        network.awaitEvents();
        assertEquals(List.of(HostEvent.Type.HOST_ADDED, HostEvent.Type.HOST_UPDATED, HostEvent.Type.HOST_MOVED,
                             HostEvent.Type.HOST_REMOVED), recorder.types());
        HostEvent moved = recorder.events().get(2);
        assertEquals(cp("device:a/3"), moved.prevSubject().location());
        assertTrue(moved.subject().location().deviceId().equals(cp("device:b/3").deviceId()));
        assertEquals(3, moved.subject().ipAddresses().size());
        assertNull(hosts.getHost(H1));
    }

    @Test
    public void configuredHostsComeAndGoWithTheirConfig() throws Exception {
        ObjectNode basic = (ObjectNode) new ObjectMapper().readTree(
                "{\"name\": \"h_bj\", \"ips\": [\"fd00:1:1::10\"], \"locations\": [\"device:a/3\"]}");
        network.networkConfigService().applyConfig(H1, BasicHostConfig.class, basic);
        network.awaitEvents();
        Host host = hosts.getHost(H1);
        assertTrue(host.configured());
        assertEquals("h_bj", host.annotations().value(AnnotationKeys.NAME));
        assertEquals(Set.of(IpAddress.valueOf("fd00:1:1::10")), host.ipAddresses());
        basic.putArray("locations").add("device:b/3");
        network.networkConfigService().applyConfig(H1, BasicHostConfig.class, basic);
        network.awaitEvents();
        assertEquals(cp("device:b/3").deviceId(), hosts.getHost(H1).location().deviceId());
        network.networkConfigService().removeConfig(H1, BasicHostConfig.class);
        network.awaitEvents();
        assertNull(hosts.getHost(H1));
        assertEquals(List.of(HostEvent.Type.HOST_ADDED, HostEvent.Type.HOST_MOVED, HostEvent.Type.HOST_REMOVED),
                     recorder.types());
    }
}
