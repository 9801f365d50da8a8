// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.onlab.packet.Ethernet;
import org.onlab.packet.ICMP6;
import org.onlab.packet.IPv6;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.intf.Interface;
import org.onosproject.net.intf.InterfaceService;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketPriority;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.LocalAddressService;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.slf4j.Logger;

import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.Set;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Answers hosts' Neighbor Solicitations for the addresses a Sixflow router owns on the port
 * they arrive on, with a Neighbor Advertisement carrying the router's myStationMac, sent back
 * out of that port. A router owns the addresses of the interfaces configured on the port
 * (netcfg "interfaces", e.g. the hosts' gateway fd00:1:1::1 on device:beijing/3) and its
 * link-local address on every port (fe80::/64 with the EUI-64 of myStationMac), and the
 * addresses features end on it (GTP-U's N3 addresses, {@link LocalAddressService}) on a port
 * whose interface prefix holds them, so that a host on that link reaches them. Solicitations
 * for any other address, and from devices with no valid sixflow netcfg, are left to others.
 *
 * <p>The solicitations reach the controller because the component asks for them
 * (PacketService.requestPackets): the pipeliner turns that into an ACL punt on every device.
 */
@Component(immediate = true)
public class RouterNdpResponder {

    /** What is punted: ICMPv6 Neighbor Solicitations. */
    static final TrafficSelector SOLICITATIONS = DefaultTrafficSelector.builder()
            .matchEthType(Ethernet.TYPE_IPV6).matchIPProtocol(IPv6.PROTOCOL_ICMP6)
            .matchIcmpv6Type(ICMP6.NEIGHBOR_SOLICITATION).build();

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PacketService packetService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected InterfaceService interfaceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    /** Addresses features end on a router (GTP-U's N3 addresses): its own on a link whose prefix has them. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LocalAddressService localAddresses;

    private final PacketProcessor processor = new SolicitationProcessor();
    private ApplicationId appId;

    @Activate
    protected void activate() {
        appId = coreService.registerApplication(SixflowConfigRegistrar.APP_NAME);
        // A director: it may take the packet (block it) when it answers.
        packetService.addProcessor(processor, PacketProcessor.director(1));
        packetService.requestPackets(SOLICITATIONS, PacketPriority.CONTROL, appId);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        packetService.cancelPackets(SOLICITATIONS, PacketPriority.CONTROL, appId);
        packetService.removeProcessor(processor);
        log.info("Stopped");
    }

    /** The router's MAC, if the device is a Sixflow router. */
    private Optional<MacAddress> routerMac(ConnectPoint port) {
        SixflowDeviceConfig config = configService.getConfig(port.deviceId(), SixflowDeviceConfig.class);
        try {
            return config != null && config.isValid() ? Optional.of(config.myStationMac()) : Optional.empty();
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Whether the router owns an address on a port: an interface address there, its link-local,
     * or an address a feature ends on it inside the prefix of an interface there.
     */
    private boolean owns(ConnectPoint port, MacAddress routerMac, Ip6Address address) {
        if (address.equals(Ip6Address.valueOf(IPv6.getLinkLocalAddress(routerMac.toBytes())))) {
            return true;
        }
        Set<Interface> interfaces = interfaceService.getInterfacesByPort(port);
        if (interfaces.stream().flatMap(i -> i.ipAddressesList().stream()).anyMatch(a -> address.equals(a.ipAddress()))) {
            return true;
        }
        // A feature's address inside the link's prefix: its hosts take it for on-link and ask.
        return localAddresses.addresses(port.deviceId()).contains(address)
                && interfaces.stream().flatMap(i -> i.ipAddressesList().stream())
                        .anyMatch(a -> a.subnetAddress().contains(address));
    }

    private class SolicitationProcessor implements PacketProcessor {
        @Override
        public void process(PacketContext context) {
            if (context.isHandled()) {
                return;
            }
            InboundPacket in = context.inPacket();
            ByteBuffer raw = in.unparsed();
            Optional<NeighborDiscovery.Solicitation> solicitation =
                    NeighborDiscovery.solicitation(in.parsed(), raw);
            if (solicitation.isEmpty()) {
                return;
            }
            ConnectPoint port = in.receivedFrom();
            Optional<MacAddress> mac = routerMac(port);
            IpAddress target = solicitation.get().target;
            if (mac.isEmpty() || !owns(port, mac.get(), solicitation.get().target)) {
                return;
            }
            byte[] reply = NeighborDiscovery.advertisement(solicitation.get(), mac.get());
            packetService.emit(new DefaultOutboundPacket(
                    port.deviceId(), DefaultTrafficTreatment.builder().setOutput(port.port()).build(),
                    ByteBuffer.wrap(reply)));
            context.block();
            log.debug("Advertised {} at {} to {}", target, port, solicitation.get().source);
        }
    }
}
