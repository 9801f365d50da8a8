// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet.icmpv6;

import org.onlab.packet.IPv6;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.intf.Interface;
import org.onosproject.net.intf.InterfaceService;

import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * A Sixflow router's own IPv6 addresses: those of the interfaces configured on its ports (netcfg
 * "interfaces", e.g. the hosts' gateway fd00:1:1::1 on device:beijing/3) and its link-local
 * address (fe80::/64 with the EUI-64 of its myStationMac) and its locator's address (interface
 * id 1, as its MSR6 encapsulations' source); and the one an ICMPv6 message about a packet that
 * came in at a port comes from.
 */
public final class RouterAddresses {

    private final InterfaceService interfaces;

    /**
     * Reads addresses from ONOS's interfaces.
     *
     * @param interfaces ONOS's interface service (netcfg "interfaces")
     */
    public RouterAddresses(InterfaceService interfaces) {
        this.interfaces = interfaces;
    }

    /**
     * Every address the router owns, in order.
     *
     * @param device    the router
     * @param routerMac its myStationMac
     * @param locator   its locator
     * @return its interfaces' IPv6 addresses, its link-local address and its locator's address
     */
    public Set<Ip6Address> of(DeviceId device, MacAddress routerMac, Ip6Prefix locator) {
        Set<Ip6Address> addresses = new TreeSet<>();
        ipv6Of(interfaces.getInterfaces().stream().filter(i -> i.connectPoint().deviceId().equals(device)))
                .forEach(addresses::add);
        addresses.add(linkLocal(routerMac));
        addresses.add(locatorAddress(locator));
        return addresses;
    }

    /**
     * The source of an ICMPv6 message about a packet that came in at a port, sent back out of it:
     * the router's address on that port; else, to a host on that link, its link-local address;
     * else any interface address of the router's; else its locator's address (a router with no
     * interface, such as a transit router, still answers a traceroute).
     *
     * @param in           the port the invoking packet came in by
     * @param routerMac    the router's myStationMac
     * @param locator      the router's locator
     * @param toHostOnLink whether the message goes to a host on that link
     * @return the address
     */
    public Ip6Address errorSource(ConnectPoint in, MacAddress routerMac, Ip6Prefix locator, boolean toHostOnLink) {
        return on(in).orElseGet(() -> toHostOnLink ? linkLocal(routerMac)
                : any(in.deviceId()).orElseGet(() -> locatorAddress(locator)));
    }

    /**
     * The router's address on a port.
     *
     * @param port the port
     * @return the first IPv6 address of the interfaces configured there
     */
    public Optional<Ip6Address> on(ConnectPoint port) {
        return ipv6Of(interfaces.getInterfacesByPort(port).stream()).findFirst();
    }

    /**
     * Any global address of the router's.
     *
     * @param device the router
     * @return the first IPv6 address of its interfaces
     */
    public Optional<Ip6Address> any(DeviceId device) {
        return ipv6Of(interfaces.getInterfaces().stream().filter(i -> i.connectPoint().deviceId().equals(device)))
                .findFirst();
    }

    /**
     * A router's link-local address.
     *
     * @param routerMac its myStationMac
     * @return fe80::/64 with the MAC's EUI-64
     */
    public static Ip6Address linkLocal(MacAddress routerMac) {
        return Ip6Address.valueOf(IPv6.getLinkLocalAddress(routerMac.toBytes()));
    }

    /**
     * A router's address in its locator: interface id 1, the source of its MSR6 encapsulations
     * (docs/features/msr6.md), routed to it by every other router.
     *
     * @param locator the router's locator
     * @return the locator's prefix with interface id 1
     */
    public static Ip6Address locatorAddress(Ip6Prefix locator) {
        byte[] octets = locator.address().toOctets();
        octets[15] |= 1;
        return Ip6Address.valueOf(octets);
    }

    private static Stream<Ip6Address> ipv6Of(Stream<Interface> interfaces) {
        return interfaces.flatMap(i -> i.ipAddressesList().stream()).map(a -> a.ipAddress())
                .filter(IpAddress::isIp6).map(IpAddress::getIp6Address);
    }
}
