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
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;
import org.sixflow.app.impl.PuntResponder;
import org.sixflow.app.packet.gtpu.GtpuHeader;
import org.sixflow.app.packet.gtpu.GtpuPacket;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.LongSupplier;

/**
 * Answers a G-PDU or an Echo Request that carries an extension header its receiver must
 * comprehend (3GPP TS 29.281 section 5.2.1: the type's high bit set) and Sixflow does not (any but
 * the PDU Session Container) with a Supported Extension Headers Notification (section 7.2.3),
 * listing the types Sixflow takes. The data plane drops such a G-PDU at a local N3 address, counts
 * it (drop reason GTPU_UNKNOWN_EXTENSION) and punts it (gtpu.p4); it punts every Echo Request to
 * an N3 address, whose extension headers only the controller reads. The notification goes back
 * out of the port the message came in by, to the neighbour it came from, from the router's MAC
 * ({@link SupportedExtensionHeadersMessage}).
 *
 * <p>Answered only from a device with a valid Sixflow configuration, for a message to the N3
 * address of a tunnel whose decap device it is, with its lengths and UDP checksum right (a
 * message that fails them is not answered: its sender cannot be trusted to be who it says).
 * Answers are limited per device by a token bucket ({@link #PER_SECOND} a second, bursts of
 * {@link #BURST}), as the Error Indications are.
 */
@Component(immediate = true)
public class GtpuExtensionHeadersNotifier extends PuntResponder<GtpuExtensionHeadersNotifier.Outcome> {

    /** Notifications a device may send a second, on average. */
    static final long PER_SECOND = 100;
    /** ... and at once. */
    static final long BURST = 20;

    /** What became of a punted message with an extension header Sixflow does not comprehend. */
    public enum Outcome {
        /** A notification went back out of the port the message came in by. */
        SENT,
        /** Over the rate the device's notifications are limited to. */
        RATE_LIMITED,
        /** Addressed to no N3 address of a tunnel the device decapsulates. */
        NOT_LOCAL,
        /** A G-PDU or an Echo Request that is truncated, has lengths or a UDP checksum wrong, or an unusable source. */
        MALFORMED,
        /** From a device with no valid Sixflow configuration. */
        NOT_SIXFLOW_DEVICE
    }

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected GtpuTunnelService tunnelService;

    /** A notifier, as OSGi makes it. */
    public GtpuExtensionHeadersNotifier() {
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

    /** Whether the notifier answers this message type: the ones a peer sends expecting them read. */
    private static boolean answers(int messageType) {
        return messageType == GtpuHeader.G_PDU || messageType == GtpuHeader.ECHO_REQUEST;
    }

    private Outcome answer(ConnectPoint in, GtpuPacket trigger, int unsupported) {
        Optional<SixflowDeviceConfig> config = SixflowDeviceConfig.validOf(configService, in.deviceId());
        if (config.isEmpty()) {
            return Outcome.NOT_SIXFLOW_DEVICE;
        }
        if (tunnelService.tunnelsEndingAt(in.deviceId(), trigger.destination()).isEmpty()) {
            log.debug("GTP-U message to {} at {}: not the N3 address of a tunnel of the device",
                      trigger.destination(), in);
            return Outcome.NOT_LOCAL;
        }
        if (!limits.tryAcquire(in.deviceId())) {
            return Outcome.RATE_LIMITED;
        }
        sendOut(in, SupportedExtensionHeadersMessage.frame(trigger, config.get().myStationMac()));
        log.debug("Supported Extension Headers Notification sent to {} from {}: message type {} carried extension "
                          + "header 0x{}", trigger.source(), in, trigger.header().messageType(),
                  Integer.toHexString(unsupported));
        return Outcome.SENT;
    }

    @Override
    protected void process(PacketContext context) {
        InboundPacket in = context.inPacket();
        Optional<GtpuPacket> read = GtpuPacket.readPunted(in, GtpuExtensionHeadersNotifier::answers, e -> {
            outcomes.count(Outcome.MALFORMED);
            log.debug("GTP-U message from {} ignored: {}", in.receivedFrom(), e.getMessage());
        });
        if (read.isEmpty()) {
            return;
        }
        GtpuPacket packet = read.get();
        OptionalInt unsupported = packet.header().unsupportedRequiredExtension();
        if (!answers(packet.header().messageType()) || unsupported.isEmpty()) {
            return;
        }
        Outcome outcome = answer(in.receivedFrom(), packet, unsupported.getAsInt());
        outcomes.count(outcome);
        if (outcome == Outcome.SENT) {
            context.block();
        }
    }
}
