// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.host.HostService;
import org.onosproject.net.intf.InterfaceService;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.LocalAddressService;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.impl.PuntResponder;
import org.sixflow.app.packet.Apn6Insertion;
import org.sixflow.app.packet.icmpv6.EchoReply;
import org.sixflow.app.packet.icmpv6.Icmpv6Frame;
import org.sixflow.app.packet.icmpv6.RouterAddresses;
import org.sixflow.pipeconf.P4Defines;
import org.sixflow.pipeconf.PuntReason;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Answers, for a Sixflow router, the packets routing punts with a reason (routing.p4,
 * packet_in.punt_reason, handed on by the interpreter in the packet's cookie): an Echo Request to
 * one of the router's addresses with an Echo Reply (RFC 4443 4.2); a packet whose hop limit ran
 * out with a Time Exceeded, code 0 (3.3); a packet with no route with a Destination Unreachable,
 * code 0 (3.1). Errors quote as much of the packet as fits in 1280 octets and are never sent for
 * an ICMPv6 error, a packet from a multicast, unspecified or the router's own address, or one
 * sent to a link-layer group address (2.4 e). Everything goes back out of the port the packet
 * came in by, to the MAC it came from; errors come from the router's address on that port, as
 * Packet Too Big's do ({@link RouterAddresses#errorSource}). Answers are limited per device by a token bucket
 * ({@link #PER_SECOND} a second, bursts of {@link #BURST}): the punts themselves are not (a
 * deployment would meter the punt path, docs/features/routing.md#icmpv6).
 */
@Component(immediate = true)
public class RouterIcmpResponder extends PuntResponder<RouterIcmpResponder.Outcome> {

    /** Answers a device may send a second, on average (the controller's budget). */
    static final long PER_SECOND = 100;
    /** ... and at once. */
    static final long BURST = 20;

    /** What became of a punted packet. */
    public enum Outcome {
        /** Not one of its reasons (asked for, another feature's, out of scope): left to the other processors. */
        NOT_ROUTING,
        ECHO_REPLIED,
        TIME_EXCEEDED_SENT,
        UNREACHABLE_SENT,
        /** RFC 4443 forbids an answer (or a packet to the router that is no Echo Request). */
        NOT_ANSWERED,
        /** The device is no Sixflow router (no valid sixflow netcfg). */
        NO_WAY_BACK,
        RATE_LIMITED,
        MALFORMED
    }


    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected InterfaceService interfaceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HostService hostService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    /** Addresses features end on a router (GTP-U's N3 addresses): its own to the answers too. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LocalAddressService localAddresses;

    /** A responder, as OSGi makes it. */
    public RouterIcmpResponder() {
        super(Outcome.class, PER_SECOND, BURST, 2);
    }

    @Activate
    protected void activate() {
        // A director after the NDP responder (1): it takes (blocks) what it answers.
        start();
    }

    @Deactivate
    protected void deactivate() {
        stop();
    }

    /** For tests: the clock the rate limit runs on. */
    void setNanoTime(LongSupplier nanoTime) {
        limits.setNanoTime(nanoTime);
    }

    /**
     * Answers a packet-in if routing punted it.
     *
     * @param in the packet
     * @return what became of it
     */
    Outcome answer(InboundPacket in) {
        int reason = PuntReason.of(in);
        if (reason != P4Defines.PUNT_HOP_LIMIT && reason != P4Defines.PUNT_NO_ROUTE
                && reason != P4Defines.PUNT_FOR_ROUTER) {
            // Asked for, or another responder's reason (ILNP's, NPTv6's, BeyondScopeResponder's).
            return Outcome.NOT_ROUTING;
        }
        Outcome outcome = tryAnswer(in, reason);
        outcomes.count(outcome);
        log.debug("{} punted ({}) at {}: {}", in.parsed() == null ? "?" : in.parsed().getDestinationMAC(), reason,
                  in.receivedFrom(), outcome);
        return outcome;
    }

    private Outcome tryAnswer(InboundPacket in, int reason) {
        byte[] frame = bytesOf(in.unparsed());
        Optional<byte[]> ipv6 = Icmpv6Frame.ipv6PacketOf(frame);
        if (ipv6.isEmpty()) {
            return Outcome.MALFORMED;
        }
        byte[] packet = ipv6.get();
        MacAddress previousHop = MacAddress.valueOf(Arrays.copyOfRange(frame, 6, 12));
        boolean toGroup = (frame[0] & 1) != 0;
        Ip6Address source = Ip6Address.valueOf(Arrays.copyOfRange(packet, 8, 24));
        Ip6Address destination = Ip6Address.valueOf(Arrays.copyOfRange(packet, 24, 40));
        ConnectPoint port = in.receivedFrom();
        Optional<SixflowDeviceConfig> router = SixflowDeviceConfig.validOf(configService, port.deviceId());
        if (router.isEmpty()) {
            return Outcome.NO_WAY_BACK;
        }
        MacAddress routerMac = router.get().myStationMac();
        Ip6Prefix locator = router.get().locator().getIp6Prefix();
        RouterAddresses addresses = new RouterAddresses(interfaceService);
        Set<Ip6Address> own = new HashSet<>(addresses.of(port.deviceId(), routerMac, locator));
        own.addAll(localAddresses.addresses(port.deviceId()));
        if (source.isMulticast() || source.isZero() || own.contains(source) || previousHop.isMulticast()) {
            return Outcome.NOT_ANSWERED;
        }
        byte[] answer;
        Outcome sent;
        if (reason == P4Defines.PUNT_FOR_ROUTER || own.contains(destination)) {
            // For the router itself (at hop limit 1 too: it is not forwarded, so it has not expired).
            Optional<byte[]> reply = toGroup ? Optional.empty() : EchoReply.to(routerMac, previousHop, packet);
            if (reply.isEmpty()) {
                return Outcome.NOT_ANSWERED;
            }
            answer = reply.get();
            sent = Outcome.ECHO_REPLIED;
        } else if (reason == P4Defines.PUNT_HOP_LIMIT || reason == P4Defines.PUNT_NO_ROUTE) {
            if (toGroup || destination.isMulticast() || Icmpv6Frame.isError(packet)) {
                return Outcome.NOT_ANSWERED;
            }
            Ip6Address from = addresses.errorSource(port, routerMac, locator, hostAt(port, source));
            boolean expired = reason == P4Defines.PUNT_HOP_LIMIT;
            // Quoted as received: without the option an APN6 policy inserted before routing punted it.
            answer = Icmpv6Frame.error(routerMac, previousHop, from, source,
                                       expired ? Icmpv6Frame.TYPE_TIME_EXCEEDED : Icmpv6Frame.TYPE_DESTINATION_UNREACHABLE,
                                       expired ? Icmpv6Frame.CODE_HOP_LIMIT_EXCEEDED : Icmpv6Frame.CODE_NO_ROUTE,
                                       0, Apn6Insertion.takenOff(packet));
            sent = expired ? Outcome.TIME_EXCEEDED_SENT : Outcome.UNREACHABLE_SENT;
        } else {
            return Outcome.NOT_ANSWERED;
        }
        if (!limits.tryAcquire(port.deviceId())) {
            return Outcome.RATE_LIMITED;
        }
        sendOut(port, answer);
        return sent;
    }

    /** Whether the host with this address is at the port. */
    private boolean hostAt(ConnectPoint port, Ip6Address address) {
        return hostService.getHostsByIp(address).stream()
                .anyMatch(h -> h.locations().stream().anyMatch(l -> l.deviceId().equals(port.deviceId())
                        && l.port().equals(port.port())));
    }

    @Override
    protected void process(PacketContext context) {
        if (answer(context.inPacket()) != Outcome.NOT_ROUTING) {
            // Routing's punt: nobody else's to forward or answer.
            context.block();
        }
    }
}
