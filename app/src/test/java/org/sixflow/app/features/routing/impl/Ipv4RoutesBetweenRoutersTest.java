// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.DefaultLink;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.Link;
import org.onosproject.net.host.InterfaceIpAddress;
import org.onosproject.net.intf.Interface;
import org.onosproject.net.provider.ProviderId;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;

/**
 * IPv4 routes between routers that route IPv4 (a split BNG's access and forwarding switches):
 * access —2/1— forward —3/1— core (IPv6-only) —2/1— far (IPv4). A host on forward and the
 * subscriber pool configured as an interface subnet on forward's trunk port are routed on access
 * towards forward; far's host is routed on access (next hop forward routes IPv4) but not on
 * forward (its next hop, core, routes none).
 */
public class Ipv4RoutesBetweenRoutersTest {

    private static final DeviceId ACCESS = DeviceId.deviceId("device:access");
    private static final DeviceId FORWARD = DeviceId.deviceId("device:forward");
    private static final DeviceId CORE = DeviceId.deviceId("device:core");
    private static final DeviceId FAR = DeviceId.deviceId("device:far");
    private static final Set<DeviceId> IPV4 = Set.of(ACCESS, FORWARD, FAR);
    private static final ProviderId PROVIDER = new ProviderId("test", "org.sixflow.test");

    private static RoutingNetwork.Router router(DeviceId id, String mac, String locator) {
        return new RoutingNetwork.Router(id, MacAddress.valueOf(mac), Ip6Prefix.valueOf(locator));
    }

    private static void both(List<Link> links, String a, String b) {
        for (String[] ends : new String[][]{{a, b}, {b, a}}) {
            links.add(DefaultLink.builder().providerId(PROVIDER).src(ConnectPoint.deviceConnectPoint(ends[0]))
                              .dst(ConnectPoint.deviceConnectPoint(ends[1])).type(Link.Type.DIRECT)
                              .state(Link.State.ACTIVE).build());
        }
    }

    private static RoutingNetwork network() {
        List<Link> links = new ArrayList<>();
        both(links, "device:access/2", "device:forward/1");
        both(links, "device:forward/3", "device:core/1");
        both(links, "device:core/2", "device:far/1");
        return new RoutingNetwork(List.of(router(ACCESS, "00:aa:00:00:0a:01", "fd00:a::/64"),
                                          router(FORWARD, "00:aa:00:00:0f:01", "fd00:f::/64"),
                                          router(CORE, "00:aa:00:00:0c:01", "fd00:c::/64"),
                                          router(FAR, "00:aa:00:00:0d:01", "fd00:d::/64")), links);
    }

    private static Host host(String mac, String at, String ip) {
        MacAddress address = MacAddress.valueOf(mac);
        return new DefaultHost(PROVIDER, HostId.hostId(address, VlanId.NONE), address, VlanId.NONE,
                               Set.of(new HostLocation(ConnectPoint.deviceConnectPoint(at), 0)),
                               Set.of(IpAddress.valueOf(ip)), false);
    }

    private static Interface subscribers(String at, String... ips) {
        List<InterfaceIpAddress> addresses = new ArrayList<>();
        for (String ip : ips) {
            addresses.add(InterfaceIpAddress.valueOf(ip));
        }
        return new Interface("subscribers", ConnectPoint.deviceConnectPoint(at), addresses, MacAddress.NONE,
                             VlanId.NONE);
    }

    private static List<String> routes(Ipv4Routes routes, DeviceId router) {
        return routes.at(router).stream().map(r -> r.prefix + " " + r.port + " " + r.nextHopMac)
                .collect(Collectors.toList());
    }

    private static Ipv4Routes split() {
        return new Ipv4Routes(List.of(host("00:00:00:00:0b:13", "device:forward/5", "10.0.3.13"),
                                      host("00:00:00:00:0d:13", "device:far/4", "10.0.9.13")),
                              List.of(subscribers("device:forward/1", "10.33.0.1/24", "fd33::1/32")),
                              IPV4, network());
    }

    @Test
    public void theAccessSwitchRoutesTheForwardingSwitchsHostsAndSubscriberPoolTowardsIt() {
        assertEquals(List.of("10.0.3.13/32 2 00:AA:00:00:0F:01", "10.0.9.13/32 2 00:AA:00:00:0F:01",
                             "10.33.0.0/24 2 00:AA:00:00:0F:01"), routes(split(), ACCESS));
    }

    @Test
    public void theOwnerRoutesItsHostsOutOfTheirPortAndItsSubnetNowhere() {
        // forward's next hop towards far is core, which routes no IPv4: no route for far's host.
        assertEquals(List.of("10.0.3.13/32 5 00:00:00:00:0B:13"), routes(split(), FORWARD));
        assertEquals(List.of(), routes(split(), CORE));
        assertEquals(List.of("10.0.9.13/32 4 00:00:00:00:0D:13"), routes(split(), FAR));
    }

    @Test
    public void aSubnetTwoRoutersClaimGoesToTheLowerIdAndIsReported() {
        Ipv4Routes routes = new Ipv4Routes(List.of(), List.of(subscribers("device:forward/1", "10.33.0.1/24"),
                                                              subscribers("device:access/9", "10.33.0.2/24")),
                                           IPV4, network());
        // device:access < device:forward: access owns it, forward routes it towards access.
        assertEquals(List.of(), routes(routes, ACCESS));
        assertEquals(List.of("10.33.0.0/24 1 00:AA:00:00:0A:01"), routes(routes, FORWARD));
        assertEquals(1, routes.conflicts().size());
        assertEquals(true, routes.conflicts().get(0).startsWith("10.33.0.0/24 is claimed by interface subscribers"));
    }

    @Test
    public void withoutTheNetworkOnlyAttachedHostsAreRouted() {
        Ipv4Routes routes = new Ipv4Routes(List.of(host("00:00:00:00:0b:13", "device:forward/5", "10.0.3.13")),
                                           IPV4);
        assertEquals(List.of(), routes(routes, ACCESS));
        assertEquals(List.of("10.0.3.13/32 5 00:00:00:00:0B:13"), routes(routes, FORWARD));
    }
}
