// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import java.util.Arrays;
import java.util.Optional;
import java.util.function.LongSupplier;

import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.host.HostService;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.impl.PuntResponder;
import org.sixflow.app.impl.WayBack;
import org.sixflow.app.packet.Apn6Insertion;
import org.sixflow.app.packet.icmpv6.Icmpv6Frame;
import org.sixflow.app.packet.icmpv6.RouterAddresses;
import org.sixflow.pipeconf.P4Defines;
import org.sixflow.pipeconf.PuntReason;

/**
 * Sends the ICMPv6 Destination Unreachable, code 2 (beyond the scope of the source address, RFC
 * 4443 3.1), for a packet from a link-local address that routing would have taken off its link.
 * The data plane drops every packet routing would forward out of its addresses' scope, counts it
 * and punts it after routing ({@code PUNT_OUT_OF_SCOPE}, scope.p4): its MACs perhaps the next
 * hop's, its hop limit one lower. Only a link-local source to a destination that is neither
 * link-local nor multicast is answered (the others have no scope to be beyond, or are never
 * answered: an unspecified, loopback or multicast source). The message quotes the packet as it
 * came (the hop limit given back) as far as 1280 octets allow, comes from the router's link-local
 * address (a link-local destination takes nothing else), and goes back out of the port the
 * packet came in by to the host that sent it ({@link WayBack}; never to a router, which would
 * take it off the link). Never for an ICMPv6 error; limited per device by a token bucket
 * ({@link #PER_SECOND} a second, bursts of {@link #BURST}).
 */
@Component(immediate = true)
public class BeyondScopeResponder extends PuntResponder<BeyondScopeResponder.Outcome> {

    /** Messages a device may send a second, on average (the controller's budget). */
    static final long PER_SECOND = 100;
    /** ... and at once. */
    static final long BURST = 20;

    /** What became of a punted packet. */
    public enum Outcome {
        /** Not routing's scope punt: left to the other processors. */
        NOT_OUT_OF_SCOPE,
        UNREACHABLE_SENT,
        /** Not a link-local source's packet to a wider scope, or RFC 4443 forbids an answer. */
        NOT_ANSWERED,
        /** The device is no Sixflow router, or no host is known behind the port. */
        NO_WAY_BACK,
        RATE_LIMITED,
        MALFORMED
    }

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HostService hostService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LinkService linkService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    /** A responder, as OSGi makes it. */
    public BeyondScopeResponder() {
        // A director after routing's other responders (1, 2), which leave this reason alone.
        super(Outcome.class, PER_SECOND, BURST, 3);
    }

    @Activate
    protected void activate() {
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
     * Answers a packet-in if routing punted it for leaving its addresses' scope.
     *
     * @param in the packet
     * @return what became of it
     */
    Outcome answer(InboundPacket in) {
        if (PuntReason.of(in) != P4Defines.PUNT_OUT_OF_SCOPE) {
            return Outcome.NOT_OUT_OF_SCOPE;
        }
        Outcome outcome = tryAnswer(in);
        outcomes.count(outcome);
        log.debug("out of scope at {}: {}", in.receivedFrom(), outcome);
        return outcome;
    }

    private Outcome tryAnswer(InboundPacket in) {
        Optional<byte[]> ipv6 = Icmpv6Frame.ipv6PacketOf(bytesOf(in.unparsed()));
        if (ipv6.isEmpty()) {
            return Outcome.MALFORMED;
        }
        byte[] packet = ipv6.get();
        Ip6Address source = Ip6Address.valueOf(Arrays.copyOfRange(packet, 8, 24));
        Ip6Address destination = Ip6Address.valueOf(Arrays.copyOfRange(packet, 24, 40));
        // An MSR6 encapsulation's packet comes up with the router's own outer source: not answered.
        if (!source.isLinkLocal() || destination.isLinkLocal() || destination.isMulticast()
                || Icmpv6Frame.isError(packet)) {
            return Outcome.NOT_ANSWERED;
        }
        ConnectPoint port = in.receivedFrom();
        Optional<SixflowDeviceConfig> router = SixflowDeviceConfig.validOf(configService, port.deviceId());
        if (router.isEmpty()) {
            return Outcome.NO_WAY_BACK;
        }
        Optional<WayBack.Hop> hop = new WayBack(hostService, linkService, configService).towards(port, source);
        if (hop.isEmpty() || !hop.get().host()) {
            return Outcome.NO_WAY_BACK;
        }
        if (!limits.tryAcquire(port.deviceId())) {
            return Outcome.RATE_LIMITED;
        }
        // Quoted as it came: the hop limit given back, the option an APN6 policy inserted taken off.
        byte[] quoted = Apn6Insertion.takenOff(packet);
        Icmpv6Frame.giveBackHopLimit(quoted);
        byte[] answer = Icmpv6Frame.error(router.get().myStationMac(), hop.get().mac(),
                                          RouterAddresses.linkLocal(router.get().myStationMac()), source,
                                          Icmpv6Frame.TYPE_DESTINATION_UNREACHABLE, Icmpv6Frame.CODE_BEYOND_SCOPE,
                                          0, quoted);
        sendOut(port, answer);
        return Outcome.UNREACHABLE_SENT;
    }

    @Override
    protected void process(PacketContext context) {
        if (answer(context.inPacket()) != Outcome.NOT_OUT_OF_SCOPE) {
            // Routing's punt: nobody else's to forward or answer.
            context.block();
        }
    }
}
