// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import java.util.Arrays;
import java.util.Optional;
import java.util.function.LongSupplier;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.host.HostService;
import org.onosproject.net.intf.InterfaceService;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6MappingService;
import org.sixflow.app.impl.PuntResponder;
import org.sixflow.app.impl.WayBack;
import org.sixflow.app.packet.icmpv6.Icmpv6Frame;
import org.sixflow.app.packet.icmpv6.RouterAddresses;
import org.sixflow.pipeconf.P4Defines;
import org.sixflow.pipeconf.PuntReason;

/**
 * Sends the ICMPv6 Parameter Problem (code 0, erroneous header field; RFC 4443 3.4) that RFC 6296
 * asks of a translator for a packet it cannot translate: an address whose subnet word is 0xFFFF.
 * The data plane drops such a packet, counts it and punts it with the field in the reason
 * (nptv6.p4): {@code PUNT_NPTV6_SOURCE} going out, punted after routing (its MACs rewritten, its
 * hop limit one lower), the pointer at the source address (octet 8); {@code
 * PUNT_NPTV6_DESTINATION} coming in, punted before routing as it came, the pointer at the
 * destination address (octet 24). The message quotes the packet as it came (the hop limit given
 * back) as far as 1280 octets allow, and goes back out of the port the packet came in by: coming
 * in, to the MAC it came from; going out, towards its source ({@link WayBack}). It comes from the
 * router's address on that port ({@link RouterAddresses#errorSource}); out of an uplink, one in
 * the site's internal prefix is given in the uplink's external prefix, as the data plane would
 * translate it (a packet-out does not pass the translation). Never for an ICMPv6 error,
 * a packet from a multicast or unspecified address, or a frame to or from a link-layer group
 * address (RFC 4443 2.4 e); limited per device by a token bucket ({@link #PER_SECOND} a second, bursts of
 * {@link #BURST}).
 */
@Component(immediate = true)
public class Nptv6ParameterProblemResponder extends PuntResponder<Nptv6ParameterProblemResponder.Outcome> {

    /** Messages a device may send a second, on average (the controller's budget). */
    static final long PER_SECOND = 100;
    /** ... and at once. */
    static final long BURST = 20;
    /** Where the field in error starts in the invoking packet: its source address, its destination. */
    static final int POINTER_SOURCE = 8;
    static final int POINTER_DESTINATION = 24;

    /** What became of a punted packet. */
    public enum Outcome {
        /** Not an NPTv6 punt: left to the other processors. */
        NOT_NPTV6,
        PARAMETER_PROBLEM_SENT,
        /** RFC 4443 forbids an answer. */
        NOT_ANSWERED,
        /** The device is no Sixflow router, or no host or router is known behind the port. */
        NO_WAY_BACK,
        RATE_LIMITED,
        MALFORMED
    }

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected InterfaceService interfaceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HostService hostService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LinkService linkService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected Nptv6MappingService mappings;

    /** A responder, as OSGi makes it. */
    public Nptv6ParameterProblemResponder() {
        // A director after routing's responders (1, 2), which leave other features' reasons alone.
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
     * Answers a packet-in if NPTv6 punted it.
     *
     * @param in the packet
     * @return what became of it
     */
    Outcome answer(InboundPacket in) {
        int reason = PuntReason.of(in);
        if (reason != P4Defines.PUNT_NPTV6_SOURCE && reason != P4Defines.PUNT_NPTV6_DESTINATION) {
            return Outcome.NOT_NPTV6;
        }
        Outcome outcome = tryAnswer(in, reason == P4Defines.PUNT_NPTV6_SOURCE);
        outcomes.count(outcome);
        log.debug("untranslatable {} at {}: {}", reason == P4Defines.PUNT_NPTV6_SOURCE ? "source" : "destination",
                  in.receivedFrom(), outcome);
        return outcome;
    }

    private Outcome tryAnswer(InboundPacket in, boolean outbound) {
        byte[] frame = bytesOf(in.unparsed());
        Optional<byte[]> ipv6 = Icmpv6Frame.ipv6PacketOf(frame);
        if (ipv6.isEmpty()) {
            return Outcome.MALFORMED;
        }
        byte[] packet = ipv6.get();
        Ip6Address source = Ip6Address.valueOf(Arrays.copyOfRange(packet, 8, 24));
        // Going out, the frame left routing addressed to the next hop: its group bit says nothing.
        boolean toGroup = !outbound && (frame[0] & 1) != 0;
        if (source.isMulticast() || source.isZero() || toGroup || Icmpv6Frame.isError(packet)) {
            return Outcome.NOT_ANSWERED;
        }
        ConnectPoint port = in.receivedFrom();
        Optional<SixflowDeviceConfig> router = SixflowDeviceConfig.validOf(configService, port.deviceId());
        if (router.isEmpty()) {
            return Outcome.NO_WAY_BACK;
        }
        WayBack wayBack = new WayBack(hostService, linkService, configService);
        MacAddress nextHop;
        boolean toHost;
        if (outbound) {
            Optional<WayBack.Hop> hop = wayBack.towards(port, source);
            if (hop.isEmpty()) {
                return Outcome.NO_WAY_BACK;
            }
            nextHop = hop.get().mac();
            toHost = hop.get().host();
            // Quoted as it came: routing had taken one off its hop limit.
            Icmpv6Frame.giveBackHopLimit(packet);
        } else {
            nextHop = MacAddress.valueOf(Arrays.copyOfRange(frame, 6, 12));
            if (nextHop.isMulticast()) {
                // No station sends from a group address: nobody to answer.
                return Outcome.NOT_ANSWERED;
            }
            toHost = wayBack.hostAt(port, source).isPresent();
        }
        MacAddress routerMac = router.get().myStationMac();
        Ip6Address from = new RouterAddresses(interfaceService).errorSource(
                port, routerMac, router.get().locator().getIp6Prefix(), toHost);
        if (!outbound) {
            from = asSeenOutside(from, port);
        }
        if (!limits.tryAcquire(port.deviceId())) {
            return Outcome.RATE_LIMITED;
        }
        byte[] answer = Icmpv6Frame.error(routerMac, nextHop, from, source, Icmpv6Frame.TYPE_PARAMETER_PROBLEM,
                                          Icmpv6Frame.CODE_ERRONEOUS_HEADER_FIELD,
                                          outbound ? POINTER_SOURCE : POINTER_DESTINATION, packet);
        sendOut(port, answer);
        return Outcome.PARAMETER_PROBLEM_SENT;
    }

    /**
     * A message out of an uplink leaves the site as the site's packets do: an address of the
     * router's inside a mapping's internal prefix for that uplink is given in its external one
     * (the packet-out does not pass the data plane's translation).
     */
    private Ip6Address asSeenOutside(Ip6Address address, ConnectPoint uplink) {
        for (NamedNptv6Mapping named : mappings.mappings()) {
            Nptv6Mapping mapping = named.mapping();
            if (mapping.uplink().equals(uplink) && mapping.internalPrefix().contains(address)) {
                return ChecksumNeutral.translate(address, mapping.internalPrefix(), mapping.externalPrefix())
                        .orElse(address);
            }
        }
        return address;
    }

    @Override
    protected void process(PacketContext context) {
        if (answer(context.inPacket()) != Outcome.NOT_NPTV6) {
            // NPTv6's punt: nobody else's to forward or answer.
            context.block();
        }
    }
}
