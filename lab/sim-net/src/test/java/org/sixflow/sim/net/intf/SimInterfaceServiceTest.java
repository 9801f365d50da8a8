// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.intf;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.config.basics.InterfaceConfig;
import org.onosproject.net.host.InterfaceIpAddress;
import org.onosproject.net.intf.Interface;
import org.onosproject.net.intf.InterfaceEvent;
import org.sixflow.sim.net.EventRecorder;
import org.sixflow.sim.net.SimNetwork;
import org.sixflow.sim.net.TestCoreService;

import java.io.IOException;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * Tests the interface service: interfaces follow the ports' "interfaces" configs, with events.
 */
public class SimInterfaceServiceTest {

    private static final ConnectPoint BJ3 = ConnectPoint.deviceConnectPoint("device:beijing/3");
    private static final ConnectPoint WH3 = ConnectPoint.deviceConnectPoint("device:wuhan/3");

    private final ObjectMapper mapper = new ObjectMapper();
    private SimNetwork network;
    private SimInterfaceService interfaces;
    private final EventRecorder<InterfaceEvent> recorder = new EventRecorder<>();

    @Before
    public void setUp() throws IOException {
        network = new SimNetwork(new TestCoreService());
        interfaces = network.interfaceService();
        interfaces.addListener(recorder::event);
        configure(BJ3, "[{\"name\": \"beijing-3\", \"ips\": [\"fd00:1:1::1/64\", \"10.0.1.1/24\"]}]");
        configure(WH3, "[{\"name\": \"wuhan-3\", \"ips\": [\"fd00:1:2::1/64\"], \"vlan\": \"100\"}]");
        network.awaitEvents();
    }

    @After
    public void tearDown() {
        network.close();
    }

    private void configure(ConnectPoint port, String json) throws IOException {
        network.networkConfigService().applyConfig(port, InterfaceConfig.class, (ArrayNode) mapper.readTree(json));
    }

    @Test
    public void interfacesAreFoundEveryWay() {
        assertEquals(2, interfaces.getInterfaces().size());
        Interface bj = interfaces.getInterfaceByName(BJ3, "beijing-3");
        assertEquals(BJ3, bj.connectPoint());
        assertEquals(2, bj.ipAddressesList().size());
        assertNull(interfaces.getInterfaceByName(BJ3, "nope"));
        assertEquals(1, interfaces.getInterfacesByPort(BJ3).size());
        assertTrue(interfaces.getInterfacesByPort(ConnectPoint.deviceConnectPoint("device:beijing/1")).isEmpty());
        assertEquals(bj, interfaces.getInterfacesByIp(IpAddress.valueOf("fd00:1:1::1")).iterator().next());
        assertEquals(bj, interfaces.getMatchingInterface(IpAddress.valueOf("fd00:1:1::99")));
        assertEquals(bj, interfaces.getMatchingInterface(IpAddress.valueOf("10.0.1.7")));
        assertNull(interfaces.getMatchingInterface(IpAddress.valueOf("fd00:9::1")));
        assertEquals(1, interfaces.getInterfacesByVlan(VlanId.vlanId((short) 100)).size());
        assertTrue(interfaces.isConfigured(BJ3));
        assertTrue(interfaces.inUse(VlanId.vlanId((short) 100)));
        assertFalse(interfaces.inUse(VlanId.vlanId((short) 200)));
        assertEquals(List.of(InterfaceEvent.Type.INTERFACE_ADDED, InterfaceEvent.Type.INTERFACE_ADDED),
                     recorder.types());
    }

    @Test
    public void configChangesPostInterfaceEvents() throws IOException {
        recorder.clear();
        configure(BJ3, "[{\"name\": \"beijing-3\", \"ips\": [\"fd00:1:1::1/64\"]},"
                + " {\"name\": \"beijing-3b\", \"ips\": [\"fd00:1:9::1/64\"]}]");
        network.awaitEvents();
        assertEquals(List.of(InterfaceEvent.Type.INTERFACE_UPDATED, InterfaceEvent.Type.INTERFACE_ADDED),
                     recorder.types());
        assertEquals(2, recorder.events().get(0).prevSubject().ipAddressesList().size());
        network.networkConfigService().removeConfig(BJ3, InterfaceConfig.class);
        network.awaitEvents();
        assertEquals(InterfaceEvent.Type.INTERFACE_REMOVED, recorder.types().get(2));
        assertEquals(1, interfaces.getInterfaces().size());
    }

    @Test
    public void interfacesAreAddedAndRemovedThroughTheConfig() {
        Interface extra = new Interface("beijing-2", ConnectPoint.deviceConnectPoint("device:beijing/2"),
                                        List.of(InterfaceIpAddress.valueOf("fd00:1:5::1/64")), MacAddress.NONE,
                                        VlanId.NONE);
        interfaces.add(extra);
        network.awaitEvents();
        assertEquals(extra, interfaces.getInterfaceByName(extra.connectPoint(), "beijing-2"));
        assertTrue(interfaces.remove(extra.connectPoint(), "beijing-2"));
        network.awaitEvents();
        assertNull(interfaces.getInterfaceByName(extra.connectPoint(), "beijing-2"));
        assertNull(network.networkConfigService().getConfig(extra.connectPoint(), InterfaceConfig.class));
    }
}
