// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.signalling;

import org.onlab.packet.Ip6Address;
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
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.api.HistoryService;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;
import org.sixflow.app.impl.PuntResponder;
import org.sixflow.app.packet.gtpu.GtpuFormatException;
import org.sixflow.app.packet.gtpu.GtpuHeader;
import org.sixflow.app.packet.gtpu.GtpuPacket;

import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Acts on the GTP-U signalling messages peers send to the routers' N3 addresses, which the data
 * plane punts (gtpu.p4), and counts them ({@link #outcomes()}):
 * <ul>
 * <li>an <b>Error Indication</b> (3GPP TS 29.281 section 7.3.1): the peer received a G-PDU for a
 * TEID it does not know. Its Tunnel Endpoint Identifier Data I is the TEID we sent with (a
 * tunnel's downlinkTeid) and its GTP-U Peer Address the address we sent to (the tunnel's
 * peerAddress); it comes to the tunnel's N3 address, at its decap device. For a tunnel Sixflow
 * has, it is recorded: a history event {@value #ERROR_INDICATION} naming the tunnel, and a
 * warning in the log (the tunnel is left as it is: the operator, or the session management that
 * made it, decides what to do with a tunnel its peer has forgotten);</li>
 * <li>an <b>End Marker</b> (section 7.3.2): the peer's last G-PDU on this path (a handover),
 * to one of our uplink TEIDs: recorded as {@value #END_MARKER} naming the tunnel;</li>
 * <li>a <b>Supported Extension Headers Notification</b> (section 7.2.3): the extension headers
 * the peer takes: recorded as {@value #EXTENSION_HEADERS} naming the peer and the types.</li>
 * </ul>
 * Records are limited per device ({@link #RECORDS_PER_SECOND} a second, bursts of
 * {@link #BURST}); beyond that messages are counted only. Nothing is answered.
 */
@Component(immediate = true)
public class GtpuSignallingRecorder extends PuntResponder<GtpuSignallingRecorder.Outcome> {

    /** History event kinds. */
    public static final String ERROR_INDICATION = "GTPU_ERROR_INDICATION";
    public static final String END_MARKER = "GTPU_END_MARKER";
    public static final String EXTENSION_HEADERS = "GTPU_EXTENSION_HEADERS_NOTIFIED";
    /** Records a device may make a second, on average, and at once. */
    static final long RECORDS_PER_SECOND = 10;
    static final long BURST = 20;

    /** What became of a punted signalling message. */
    public enum Outcome {
        /** An Error Indication for a tunnel Sixflow has: recorded. */
        ERROR_INDICATION,
        /** An Error Indication naming no tunnel Sixflow has at the device (TEID, peer and N3 address). */
        ERROR_INDICATION_NO_TUNNEL,
        /** An End Marker to an uplink TEID of a tunnel of the device: recorded. */
        END_MARKER,
        /** An End Marker to a TEID no tunnel of the device has at that N3 address. */
        END_MARKER_NO_TUNNEL,
        /** A Supported Extension Headers Notification: recorded. */
        EXTENSION_HEADERS,
        /** Over the device's rate of records: counted only. */
        RATE_LIMITED,
        /** Truncated, lengths or UDP checksum wrong, not GTP version 1, a mandatory IE missing. */
        MALFORMED,
        /** From a device with no valid Sixflow configuration. */
        NOT_SIXFLOW_DEVICE
    }

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected GtpuTunnelService tunnelService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HistoryService historyService;

    private Clock clock = Clock.systemUTC();

    /** A responder, as OSGi makes it. */
    public GtpuSignallingRecorder() {
        super(Outcome.class, RECORDS_PER_SECOND, BURST, 2);
    }

    @Activate
    protected void activate() {
        start();
    }

    @Deactivate
    protected void deactivate() {
        stop();
    }

    /** For tests: the clocks of the rate limit and of the history events. */
    void setClocks(LongSupplier nanoTime, Clock clock) {
        limits.setNanoTime(nanoTime);
        this.clock = clock;
    }

    private Outcome handle(ConnectPoint in, GtpuPacket packet) {
        if (!isSixflowDevice(in.deviceId())) {
            return Outcome.NOT_SIXFLOW_DEVICE;
        }
        InformationElements ies;
        try {
            ies = InformationElements.read(packet.body());
        } catch (GtpuFormatException e) {
            log.debug("GTP-U message {} from {} at {} ignored: {}", packet.header().messageType(), packet.source(), in,
                      e.getMessage());
            return Outcome.MALFORMED;
        }
        switch (packet.header().messageType()) {
            case GtpuHeader.ERROR_INDICATION:
                return errorIndication(in, packet, ies);
            case GtpuHeader.END_MARKER:
                return endMarker(in, packet);
            default:
                return extensionHeaders(in, packet, ies);
        }
    }

    private Outcome errorIndication(ConnectPoint in, GtpuPacket packet, InformationElements ies) {
        Optional<byte[]> teidData = ies.value(ErrorIndicationMessage.IE_TEID_DATA_I);
        Optional<byte[]> peer = ies.value(ErrorIndicationMessage.IE_PEER_ADDRESS);
        if (teidData.isEmpty() || peer.isEmpty()) {
            log.debug("Error Indication from {} at {} without its mandatory IEs", packet.source(), in);
            return Outcome.MALFORMED;
        }
        long teid = Integer.toUnsignedLong(ByteBuffer.wrap(teidData.get()).getInt());
        if (peer.get().length != Ip6Address.BYTE_LENGTH) {
            // An IPv4 peer: no tunnel of ours (GTP-U over IPv6 only).
            return Outcome.ERROR_INDICATION_NO_TUNNEL;
        }
        Ip6Address peerAddress = Ip6Address.valueOf(peer.get());
        Optional<GtpuTunnel> tunnel = tunnel(in.deviceId(), packet.destination(),
                                             t -> t.downlinkTeid() == teid && t.peerAddress().equals(peerAddress));
        if (tunnel.isEmpty()) {
            log.debug("Error Indication from {} at {} for TEID {} at {}: no tunnel of ours", packet.source(), in, teid,
                      peerAddress);
            return Outcome.ERROR_INDICATION_NO_TUNNEL;
        }
        if (!mayRecord(in.deviceId())) {
            return Outcome.RATE_LIMITED;
        }
        String detail = String.format("peer %s knows no TEID 0x%x, the tunnel's downlink TEID: its G-PDUs are "
                                              + "dropped there (Error Indication from %s at %s)", peerAddress, teid,
                                      packet.source(), in);
        log.warn("GTP-U tunnel {}: {}", tunnel.get().id(), detail);
        historyService.record(HistoryEvent.of(clock.instant(), ERROR_INDICATION, tunnel.get().id(), detail));
        return Outcome.ERROR_INDICATION;
    }

    private Outcome endMarker(ConnectPoint in, GtpuPacket packet) {
        long teid = packet.header().teid();
        Optional<GtpuTunnel> tunnel = tunnel(in.deviceId(), packet.destination(), t -> t.uplinkTeid() == teid);
        if (tunnel.isEmpty()) {
            log.debug("End Marker from {} at {} for TEID {}: no tunnel of ours", packet.source(), in, teid);
            return Outcome.END_MARKER_NO_TUNNEL;
        }
        if (!mayRecord(in.deviceId())) {
            return Outcome.RATE_LIMITED;
        }
        String detail = String.format("End Marker from %s to uplink TEID 0x%x at %s: the last G-PDU on that path",
                                      packet.source(), teid, in);
        log.info("GTP-U tunnel {}: {}", tunnel.get().id(), detail);
        historyService.record(HistoryEvent.of(clock.instant(), END_MARKER, tunnel.get().id(), detail));
        return Outcome.END_MARKER;
    }

    private Outcome extensionHeaders(ConnectPoint in, GtpuPacket packet, InformationElements ies) {
        Optional<byte[]> list = ies.value(InformationElements.IE_EXTENSION_HEADER_TYPE_LIST);
        if (list.isEmpty()) {
            return Outcome.MALFORMED;
        }
        if (!mayRecord(in.deviceId())) {
            return Outcome.RATE_LIMITED;
        }
        byte[] types = list.get();
        String detail = String.format("peer takes extension headers [%s] (Supported Extension Headers Notification "
                                              + "to %s at %s)",
                                      IntStream.range(0, types.length)
                                              .mapToObj(i -> String.format("0x%02x", Byte.toUnsignedInt(types[i])))
                                              .collect(Collectors.joining(", ")),
                                      packet.destination(), in);
        log.info("GTP-U peer {}: {}", packet.source(), detail);
        historyService.record(HistoryEvent.of(clock.instant(), EXTENSION_HEADERS, packet.source().toString(), detail));
        return Outcome.EXTENSION_HEADERS;
    }

    /** A tunnel decapsulated at the device, with this N3 address, that the test takes. */
    private Optional<GtpuTunnel> tunnel(DeviceId device, Ip6Address n3, Predicate<GtpuTunnel> test) {
        return tunnelService.tunnels().stream()
                .filter(t -> t.decapDevice().equals(device) && t.n3Address().equals(n3) && test.test(t))
                .findFirst();
    }

    private boolean mayRecord(DeviceId device) {
        return limits.tryAcquire(device);
    }

    private boolean isSixflowDevice(DeviceId device) {
        SixflowDeviceConfig config = configService.getConfig(device, SixflowDeviceConfig.class);
        try {
            return config != null && config.isValid();
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static boolean isSignalling(int messageType) {
        return messageType == GtpuHeader.ERROR_INDICATION || messageType == GtpuHeader.END_MARKER
                || messageType == GtpuHeader.SUPPORTED_EXTENSION_HEADERS_NOTIFICATION;
    }

    @Override
    protected void process(PacketContext context) {
        InboundPacket in = context.inPacket();
        if (!GtpuPacket.isGtpu(in.parsed()) || in.unparsed() == null) {
            return;
        }
        byte[] frame = bytesOf(in.unparsed());
        int typeOffset = GtpuPacket.ETHERNET_BYTES + GtpuPacket.IPV6_BYTES + GtpuPacket.UDP_BYTES + 1;
        if (frame.length <= typeOffset || !isSignalling(Byte.toUnsignedInt(frame[typeOffset]))) {
            return;
        }
        Outcome outcome;
        try {
            outcome = handle(in.receivedFrom(), GtpuPacket.read(frame));
        } catch (GtpuFormatException e) {
            log.debug("GTP-U message from {} ignored: {}", in.receivedFrom(), e.getMessage());
            outcome = Outcome.MALFORMED;
        }
        outcomes.count(outcome);
    }
}
