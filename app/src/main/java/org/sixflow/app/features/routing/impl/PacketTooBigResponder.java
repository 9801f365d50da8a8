// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.host.HostService;
import org.onosproject.net.intf.InterfaceService;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.packet.PacketService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.PacketTooBigService;
import org.sixflow.app.api.TooBigReport;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.impl.AnswerOut;
import org.sixflow.app.impl.DeviceRateLimits;
import org.sixflow.app.impl.OutcomeCounts;
import org.sixflow.app.impl.WayBack;
import org.sixflow.app.packet.icmpv6.RouterAddresses;
import org.slf4j.Logger;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.LongSupplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Sends the ICMPv6 Packet Too Big for a packet past its egress port's MTU (the data plane drops it
 * and reports it: telemetry version 2 for a packet the router grew, 3 for one it forwards as it
 * came). The MTU given is the port's less what the router added, so the source's next packets fit
 * once grown (never below 1280); for a packet forwarded as it came, the port's. The port's MTU is
 * the one the report gives, else (a target whose report leaves it out: Tofino) the one netcfg
 * gives the port, which the data plane was held to. The message goes
 * back out of the port the packet came in by ({@link WayBack}): to the source itself when it is a
 * host there (or to the one host known there), else to the neighbouring router on that link,
 * which routes it on. A packet on its second pass (GTP-U's UE-to-UE round: it came in by the
 * recirculation port) came in by no link: its message goes through the pipeline, which routes it
 * down the source UE's tunnel ({@link AnswerOut}). It comes from the router's
 * address on that port (netcfg interfaces), else, to a host on the link, from its link-local
 * address, else from any interface address of the router's, else from its locator's address
 * ({@link RouterAddresses#errorSource}). Messages are limited
 * per device (a token bucket: {@link #PER_SECOND} a second, bursts of {@link #BURST}).
 */
@Component(immediate = true, service = PacketTooBigService.class)
public class PacketTooBigResponder implements PacketTooBigService {

    /** Packet Too Big messages a device may send a second, on average (the controller's budget). */
    static final long PER_SECOND = 100;
    /** ... and at once. */
    static final long BURST = 20;

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PacketService packetService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HostService hostService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected InterfaceService interfaceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LinkService linkService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    private final DeviceRateLimits limits = new DeviceRateLimits(PER_SECOND, BURST);
    private final OutcomeCounts<Outcome> outcomes = new OutcomeCounts<>(Outcome.class);

    /** For tests: the clock the rate limit runs on. */
    void setNanoTime(LongSupplier nanoTime) {
        limits.setNanoTime(nanoTime);
    }

    @Override
    public Outcome answer(TooBigReport report) {
        Outcome outcome = tryAnswer(report);
        outcomes.count(outcome);
        log.debug("{}: {}", report, outcome);
        return outcome;
    }

    /** Reports by what became of them (every outcome present, zeros included). */
    public Map<Outcome, Long> outcomes() {
        return outcomes.snapshot();
    }

    private Outcome tryAnswer(TooBigReport report) {
        Optional<GrownPacket> grown = report.grownHere()
                ? GrownPacket.of(report.packet()) : GrownPacket.asForwarded(report.packet());
        if (grown.isEmpty()) {
            return Outcome.MALFORMED;
        }
        Ip6Address source = grown.get().source();
        if (source.isMulticast() || source.isZero() || grown.get().isIcmpv6Error()) {
            return Outcome.NOT_ANSWERED;
        }
        ConnectPoint in = report.receivedAt();
        Optional<SixflowDeviceConfig> router = SixflowDeviceConfig.validOf(configService, in.deviceId());
        if (router.isEmpty()) {
            return Outcome.NO_WAY_BACK;
        }
        OptionalInt reported = report.mtu();
        Optional<Integer> mtu = reported.isPresent() ? Optional.of(reported.getAsInt())
                : router.get().mtuOf(report.egressPort());
        if (mtu.isEmpty()) {
            return Outcome.NO_MTU;
        }
        MacAddress routerMac = router.get().myStationMac();
        AnswerOut out = new AnswerOut(pipeconfService);
        MacAddress to = routerMac;
        boolean toHost = false;
        if (!out.isRecirculation(in)) {
            Optional<WayBack.Hop> nextHop = new WayBack(hostService, linkService, configService).towards(in, source);
            if (nextHop.isEmpty()) {
                return Outcome.NO_WAY_BACK;
            }
            to = nextHop.get().mac();
            toHost = nextHop.get().host();
        }
        Ip6Address from = new RouterAddresses(interfaceService).errorSource(
                in, routerMac, router.get().locator().getIp6Prefix(), toHost);
        if (!limits.tryAcquire(in.deviceId())) {
            return Outcome.RATE_LIMITED;
        }
        byte[] frame = PacketTooBigMessage.frame(routerMac, to, from, source,
                                                 mtu.get() - grown.get().growth(), grown.get().original());
        packetService.emit(out.back(in, frame));
        return Outcome.SENT;
    }
}
