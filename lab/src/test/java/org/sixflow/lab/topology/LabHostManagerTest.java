// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.topology;

import org.junit.Test;
import org.onlab.packet.Ethernet;
import org.onlab.packet.ICMP6;
import org.onlab.packet.IPv6;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onlab.packet.ndp.NeighborSolicitation;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.edge.EdgePortServiceAdapter;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.DefaultPacketContext;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.sixflow.lab.config.LabNetworkConfig;
import org.sixflow.lab.runtime.LabCore;
import org.sixflow.lab.runtime.LabEventDispatcher;

import java.io.File;
import java.nio.ByteBuffer;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * Hosts from netcfg, and hosts learned from neighbor solicitations at edge ports only.
 */
public class LabHostManagerTest {

    private static final ConnectPoint EDGE = ConnectPoint.deviceConnectPoint("device:beijing/3");
    private static final ConnectPoint CORE = ConnectPoint.deviceConnectPoint("device:beijing/1");

    private static byte[] solicitation(MacAddress mac, String source) {
        NeighborSolicitation ns = new NeighborSolicitation();
        ns.setTargetAddress(Ip6Address.valueOf("fd00:1:1::1").toOctets());
        ICMP6 icmp = new ICMP6();
        icmp.setIcmpType(ICMP6.NEIGHBOR_SOLICITATION);
        icmp.setPayload(ns);
        IPv6 ipv6 = new IPv6();
        ipv6.setSourceAddress(Ip6Address.valueOf(source).toOctets());
        ipv6.setDestinationAddress(Ip6Address.valueOf("ff02::1:ff00:1").toOctets());
        ipv6.setNextHeader(IPv6.PROTOCOL_ICMP6);
        ipv6.setHopLimit((byte) 255);
        ipv6.setPayload(icmp);
        Ethernet frame = new Ethernet();
        frame.setSourceMACAddress(mac).setDestinationMACAddress(MacAddress.valueOf("33:33:ff:00:00:01"))
                .setEtherType(Ethernet.TYPE_IPV6).setPayload(ipv6);
        return frame.serialize();
    }

    private static void receive(LabHostManager hosts, byte[] frame, ConnectPoint at) throws Exception {
        Ethernet parsed = Ethernet.deserializer().deserialize(frame, 0, frame.length);
        hosts.process(new DefaultPacketContext(0, new DefaultInboundPacket(at, parsed, ByteBuffer.wrap(frame)),
                                               new DefaultOutboundPacket(at.deviceId(),
                                                                         DefaultTrafficTreatment.emptyTreatment(),
                                                                         ByteBuffer.wrap(frame)), false) {
            @Override
            public void send() {
            }
        });
    }

    @Test
    public void configuredHostsAndHostsLearnedAtEdgePorts() throws Exception {
        LabEventDispatcher events = new LabEventDispatcher();
        LabCore core = new LabCore();
        LabNetworkConfig netcfg = new LabNetworkConfig(core, events);
        netcfg.load(new File("../docker/netcfg.json"));
        LabHostManager hosts = new LabHostManager(netcfg, new EdgePortServiceAdapter() {
            @Override
            public boolean isEdgePoint(ConnectPoint point) {
                return point.equals(EDGE);
            }
        }, new PacketServiceAdapter(), core, events);
        assertEquals(0, hosts.getHostCount());
        hosts.start();
        int configured = hosts.getHostCount();
        assertTrue(configured > 0);
        assertTrue(hosts.getHosts().iterator().next().configured());

        MacAddress mac = MacAddress.valueOf("00:00:00:00:01:99");
        receive(hosts, solicitation(mac, "fd00:1:1::99"), CORE);
        assertNull("not learned at a port with a link", hosts.getHost(HostId.hostId(mac)));
        receive(hosts, solicitation(mac, "::"), EDGE);
        Host learned = hosts.getHost(HostId.hostId(mac));
        assertEquals(EDGE, learned.location());
        assertEquals("duplicate address detection's :: is no address", Set.of(), learned.ipAddresses());
        receive(hosts, solicitation(mac, "fd00:1:1::99"), EDGE);
        assertEquals(Set.of(Ip6Address.valueOf("fd00:1:1::99")), hosts.getHost(HostId.hostId(mac)).ipAddresses());
        assertEquals(configured + 1, hosts.getHostCount());
        assertTrue(hosts.getConnectedHosts(EDGE).contains(hosts.getHost(HostId.hostId(mac))));
        assertTrue(hosts.getConnectedHosts(DeviceId.deviceId("device:beijing")).size() >= 1);
        events.stop();
    }
}
