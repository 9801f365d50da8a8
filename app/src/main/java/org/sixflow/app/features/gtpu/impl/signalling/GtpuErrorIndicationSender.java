// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.signalling;

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;
import org.sixflow.app.impl.PuntResponder;
import org.sixflow.app.packet.gtpu.GtpuHeader;
import org.sixflow.app.packet.gtpu.GtpuPacket;

import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Answers a G-PDU whose TEID no tunnel has with an Error Indication (3GPP TS 29.281 section
 * 7.3.1). The data plane drops such a G-PDU at a local N3 address, counts it (drop reason
 * GTPU_UNKNOWN_TEID) and punts it (gtpu.p4); this sends the {@link ErrorIndicationMessage} back
 * out of the port it came in by, to the neighbour it came from, from the router's MAC: the path
 * the echo responder's answers take.
 *
 * <p>Answered only from a device with a valid Sixflow configuration, for a G-PDU to the N3
 * address of a tunnel whose decap device it is, with a TEID other than 0 (section 7.3.1: none
 * for TEID 0) that no tunnel of that address has (a tunnel stored but not yet installed has its
 * TEID: no error then). Answers are limited per device by a token bucket ({@link #PER_SECOND} a
 * second, bursts of {@link #BURST}), as the routers' ICMPv6 errors are: a peer sending to a
 * stale TEID at line rate gets a trickle, enough for it to tear the tunnel down.
 */
@Component(immediate = true)
public class GtpuErrorIndicationSender extends PuntResponder<GtpuErrorIndicationSender.Outcome> {

    /** Error Indications a device may send a second, on average. */
    static final long PER_SECOND = 100;
    /** ... and at once. */
    static final long BURST = 20;

    /** What became of a punted G-PDU. */
    public enum Outcome {
        /** An Error Indication went back out of the port the G-PDU came in by. */
        SENT,
        /** Over the rate the device's Error Indications are limited to. */
        RATE_LIMITED,
        /**
         * An extension header to comprehend that Sixflow does not: the Supported Extension
         * Headers Notification answers it ({@link GtpuExtensionHeadersNotifier}), not an error.
         */
        UNSUPPORTED_EXTENSION,
        /** TEID 0: no Error Indication (section 7.3.1). */
        ZERO_TEID,
        /** A tunnel of the N3 address has the TEID (stored, its entry not written yet): no error. */
        KNOWN_TEID,
        /** Addressed to no N3 address of a tunnel the device decapsulates. */
        NOT_LOCAL,
        /** Truncated, lengths or UDP checksum wrong, not GTP version 1, or an unusable source. */
        MALFORMED,
        /** From a device with no valid Sixflow configuration. */
        NOT_SIXFLOW_DEVICE
    }

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected GtpuTunnelService tunnelService;

    /** A responder, as OSGi makes it. */
    public GtpuErrorIndicationSender() {
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

    private Outcome answer(ConnectPoint in, GtpuPacket gpdu) {
        Optional<SixflowDeviceConfig> config = SixflowDeviceConfig.validOf(configService, in.deviceId());
        if (config.isEmpty()) {
            return Outcome.NOT_SIXFLOW_DEVICE;
        }
        if (gpdu.header().unsupportedRequiredExtension().isPresent()) {
            // The data plane checks that first: the sender hears which extensions we take instead.
            return Outcome.UNSUPPORTED_EXTENSION;
        }
        long teid = gpdu.header().teid();
        if (teid == 0) {
            return Outcome.ZERO_TEID;
        }
        List<GtpuTunnel> atAddress = tunnelService.tunnelsEndingAt(in.deviceId(), gpdu.destination());
        if (atAddress.isEmpty()) {
            log.debug("G-PDU to {} at {}: not the N3 address of a tunnel of the device", gpdu.destination(), in);
            return Outcome.NOT_LOCAL;
        }
        if (atAddress.stream().anyMatch(t -> t.uplinkTeid() == teid)) {
            return Outcome.KNOWN_TEID;
        }
        if (!limits.tryAcquire(in.deviceId())) {
            return Outcome.RATE_LIMITED;
        }
        sendOut(in, ErrorIndicationMessage.frame(gpdu, config.get().myStationMac()));
        log.debug("Error Indication for TEID {} at {} sent to {} from {}", teid, gpdu.destination(), gpdu.source(), in);
        return Outcome.SENT;
    }

    @Override
    protected void process(PacketContext context) {
        InboundPacket in = context.inPacket();
        // A broken frame is counted here only when it claims to be a G-PDU.
        Optional<GtpuPacket> read = GtpuPacket.readPunted(in, t -> t == GtpuHeader.G_PDU, e -> {
            outcomes.count(Outcome.MALFORMED);
            log.debug("G-PDU from {} ignored: {}", in.receivedFrom(), e.getMessage());
        });
        if (read.isEmpty() || read.get().header().messageType() != GtpuHeader.G_PDU) {
            return;
        }
        Outcome outcome = answer(in.receivedFrom(), read.get());
        outcomes.count(outcome);
        if (outcome == Outcome.SENT) {
            context.block();
        }
    }
}
