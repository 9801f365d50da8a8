// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.echo;

import com.google.common.collect.ImmutableMap;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.features.gtpu.api.GtpuEchoService;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;
import org.sixflow.app.impl.PuntResponder;
import org.sixflow.app.packet.gtpu.GtpuFormatException;
import org.sixflow.app.packet.gtpu.GtpuHeader;
import org.sixflow.app.packet.gtpu.GtpuPacket;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Answers the GTP-U Echo Requests Sixflow routers punt (the data plane does so for a request to
 * one of its N3 addresses, gtpu.p4) with an Echo Response sent back out of the port the request
 * came in by, to the neighbour it came from, from the router's MAC, and counts the other GTP-U
 * packets they punt ({@link #outcomes()}: Error Indications, End Markers, Supported Extension
 * Headers Notifications and G-PDUs for unknown TEIDs, which
 * org.sixflow.app.features.gtpu.impl.signalling acts on). Nothing needs requesting: the data
 * plane punts echo requests by itself.
 *
 * <p>A request is answered only from a device with a valid Sixflow configuration and when it is
 * addressed to an N3 address the device holds: that of a tunnel the tunnel service knows whose
 * decap device it is. Any other address, even one inside the device's locator, is no GTP-U
 * endpoint of the device, and an answer for it would tell a peer that a path is up where no
 * tunnel ends (the data plane punts only for addresses in gtpu_n3, but an entry there may
 * outlive its tunnels, and other apps may punt GTP-U too). A truncated or malformed request,
 * another GTP-U message, and a request carrying an extension header whose comprehension is
 * required and that Sixflow does not take (any but the PDU Session Container) are counted and
 * logged at debug, never answered: for that last one section 5.2.1 asks for a Supported
 * Extension Headers Notification instead, which the signalling package's notifier sends.
 * Answers are limited per device by a token bucket ({@link #PER_SECOND} a second, bursts of
 * {@link #BURST}), as the routers' ICMPv6 errors are.
 */
@Component(immediate = true, service = GtpuEchoService.class)
public class GtpuEchoResponder extends PuntResponder<GtpuEchoResponder.Outcome> implements GtpuEchoService {

    /** Echo responses a device may send a second, on average: peers echo every minute or so. */
    static final long PER_SECOND = 100;
    /** ... and at once. */
    static final long BURST = 20;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected GtpuTunnelService tunnelService;

    private final Map<DeviceId, AtomicLong> answered = new ConcurrentHashMap<>();

    /** A responder, as OSGi makes it. */
    public GtpuEchoResponder() {
        super(Outcome.class, PER_SECOND, BURST, 2);
    }

    @Activate
    protected void activate() {
        // A director: it takes the packet (blocks it) when it answers.
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

    @Override
    public Map<DeviceId, Long> answeredRequests() {
        ImmutableMap.Builder<DeviceId, Long> b = ImmutableMap.builder();
        answered.forEach((d, n) -> b.put(d, n.get()));
        return b.build();
    }

    @Override
    public long answeredRequests(DeviceId deviceId) {
        AtomicLong n = answered.get(deviceId);
        return n == null ? 0 : n.get();
    }

    /** Answers a punted GTP-U packet if it is an echo request the device should answer. */
    private Outcome answer(ConnectPoint in, ByteBuffer raw) {
        Optional<SixflowDeviceConfig> config = SixflowDeviceConfig.validOf(configService, in.deviceId());
        if (config.isEmpty()) {
            log.debug("GTP-U packet from {}: not a Sixflow device", in);
            return Outcome.NOT_SIXFLOW_DEVICE;
        }
        GtpuPacket request;
        try {
            request = GtpuPacket.read(bytesOf(raw));
        } catch (GtpuFormatException e) {
            log.debug("GTP-U packet from {} ignored: {}", in, e.getMessage());
            return Outcome.MALFORMED;
        }
        GtpuHeader header = request.header();
        Optional<Outcome> pathMessage = pathMessage(header.messageType());
        if (pathMessage.isPresent()) {
            log.debug("GTP-U {} (TEID {}) from {} to {} at {}", pathMessage.get(), header.teid(), request.source(),
                      request.destination(), in);
            return pathMessage.get();
        }
        if (header.messageType() != GtpuHeader.ECHO_REQUEST) {
            log.debug("GTP-U message type {} from {} at {} is not an echo request", header.messageType(),
                      request.source(), in);
            return Outcome.NOT_ECHO_REQUEST;
        }
        if (header.unsupportedRequiredExtension().isPresent()) {
            log.debug("GTP-U echo request from {} at {} needs extension headers {} understood", request.source(),
                      in, header.extensionTypes());
            return Outcome.UNSUPPORTED_EXTENSION;
        }
        if (tunnelService.tunnelsEndingAt(in.deviceId(), request.destination()).isEmpty()) {
            log.debug("GTP-U echo request to {} at {}: not the N3 address of a tunnel of the device",
                      request.destination(), in);
            return Outcome.NOT_LOCAL;
        }
        if (!limits.tryAcquire(in.deviceId())) {
            return Outcome.RATE_LIMITED;
        }
        MacAddress routerMac = config.get().myStationMac();
        sendOut(in, GtpuEchoResponse.frame(request, routerMac));
        answered.computeIfAbsent(in.deviceId(), d -> new AtomicLong()).incrementAndGet();
        log.debug("Answered GTP-U echo request {} from {} to {} at {}", header.sequenceNumber(), request.source(),
                  request.destination(), in);
        return Outcome.ANSWERED;
    }

    /**
     * The messages other than echo that the data plane punts for the controller (gtpu.p4):
     * counted here, acted on by org.sixflow.app.features.gtpu.impl.signalling (the Error Indication sender for
     * a G-PDU, the signalling recorder for the others).
     */
    private static Optional<Outcome> pathMessage(int messageType) {
        switch (messageType) {
            case GtpuHeader.ECHO_RESPONSE:
                return Optional.of(Outcome.ECHO_RESPONSE);
            case GtpuHeader.ERROR_INDICATION:
                return Optional.of(Outcome.ERROR_INDICATION);
            case GtpuHeader.END_MARKER:
                return Optional.of(Outcome.END_MARKER);
            case GtpuHeader.SUPPORTED_EXTENSION_HEADERS_NOTIFICATION:
                return Optional.of(Outcome.SUPPORTED_EXTENSION_HEADERS);
            case GtpuHeader.G_PDU:
                return Optional.of(Outcome.G_PDU);
            default:
                return Optional.empty();
        }
    }

    @Override
    protected void process(PacketContext context) {
        InboundPacket in = context.inPacket();
        if (!GtpuPacket.isGtpu(in.parsed())) {
            return;
        }
        Outcome outcome = in.unparsed() == null ? Outcome.MALFORMED : answer(in.receivedFrom(), in.unparsed());
        outcomes.count(outcome);
        if (outcome == Outcome.ANSWERED) {
            context.block();
        }
    }
}
