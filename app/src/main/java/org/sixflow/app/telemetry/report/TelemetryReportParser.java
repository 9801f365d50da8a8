// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.TooBigReport;
import org.sixflow.pipeconf.P4Defines;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_EG_PORT_BITWIDTH;

/**
 * Turns a telemetry report frame (Ethernet, then report_t of p4src/common/header.p4) into a
 * latency sample, or names why it cannot. Never throws on frame contents.
 */
public final class TelemetryReportParser {

    /** ETHERTYPE_SIXFLOW_REPORT in define.p4. */
    public static final int ETHERTYPE_REPORT = 0x88b5;
    /** REPORT_VERSION in define.p4. */
    public static final int REPORT_VERSION = P4Defines.REPORT_VERSION;
    /**
     * REPORT_VERSION_TOO_BIG in define.p4: not a latency report but a packet the data plane grew
     * past its egress port's MTU (delta = that MTU, or 0 where the target does not give it), for an
     * ICMPv6 Packet Too Big.
     */
    public static final int REPORT_VERSION_TOO_BIG = P4Defines.REPORT_VERSION_TOO_BIG;
    /**
     * REPORT_VERSION_TOO_BIG_TRANSIT in define.p4: the same for a packet the data plane
     * forwards at the size it came in with.
     */
    public static final int REPORT_VERSION_TOO_BIG_TRANSIT = P4Defines.REPORT_VERSION_TOO_BIG_TRANSIT;
    static final int ETHERNET_BYTES = 14;
    /** report_t: 8+4+4+16+32+(7+9)+(7+9)+48+48+32 bits. */
    static final int REPORT_BYTES = 28;
    /** Where a report's copy of the measured packet (its first bytes, from Ethernet on) starts. */
    public static final int MEASURED_PACKET = ETHERNET_BYTES + REPORT_BYTES;
    private static final int ETHERTYPE_IPV6 = 0x86dd;

    /** Width of the report's port fields: port_num_t, as wide as the pipeline's port keys. */
    private static final int PORT_BITS = HDR_EG_PORT_BITWIDTH;
    private static final long MASK_32 = 0xffff_ffffL;
    private static final long MASK_48 = 0xffff_ffff_ffffL;

    private final long nanosPerTick;

    /**
     * Creates a parser for a target's timestamp unit.
     *
     * @param nanosPerTick nanoseconds per timestamp unit (bmv2 counts microseconds: 1000)
     */
    public TelemetryReportParser(long nanosPerTick) {
        checkArgument(nanosPerTick > 0, "nanosPerTick must be positive");
        this.nanosPerTick = nanosPerTick;
    }

    /** What parsing gave: a sample, or the reason there is none. */
    public static final class Result {
        private final LatencySample sample;
        private final ReportRejection rejection;

        private Result(LatencySample sample, ReportRejection rejection) {
            this.sample = sample;
            this.rejection = rejection;
        }

        public Optional<LatencySample> sample() {
            return Optional.ofNullable(sample);
        }

        public Optional<ReportRejection> rejection() {
            return Optional.ofNullable(rejection);
        }
    }

    /**
     * Parses one frame.
     *
     * @param frame      the packet-in bytes, from the report's Ethernet header on
     * @param deviceId   the device that sent it
     * @param receivedAt when the controller received it
     * @return the sample or the rejection
     */
    public Result parse(byte[] frame, String deviceId, Instant receivedAt) {
        checkNotNull(deviceId);
        checkNotNull(receivedAt);
        if (frame == null || frame.length < ETHERNET_BYTES + REPORT_BYTES) {
            return rejected(ReportRejection.TRUNCATED);
        }
        ByteBuffer b = ByteBuffer.wrap(frame);
        if (Short.toUnsignedInt(b.getShort(12)) != ETHERTYPE_REPORT) {
            return rejected(ReportRejection.NOT_A_REPORT);
        }
        b.position(ETHERNET_BYTES);
        int version = Byte.toUnsignedInt(b.get());
        if (version != REPORT_VERSION) {
            return rejected(ReportRejection.UNKNOWN_VERSION);
        }
        int classAndPad = Byte.toUnsignedInt(b.get());
        int replica = Short.toUnsignedInt(b.getShort());
        long sequence = Integer.toUnsignedLong(b.getInt());
        int ingressField = Short.toUnsignedInt(b.getShort());
        int egressField = Short.toUnsignedInt(b.getShort());
        long ingressTs = uint48(b);
        long egressTs = uint48(b);
        long delta = Integer.toUnsignedLong(b.getInt());

        if ((classAndPad & 0x0f) != 0 || (ingressField >>> PORT_BITS) != 0 || (egressField >>> PORT_BITS) != 0) {
            return rejected(ReportRejection.NONZERO_PADDING);
        }
        int classCode = classAndPad >>> 4;
        if (LatencyClass.find(classCode).isEmpty()) {
            return rejected(ReportRejection.UNKNOWN_CLASS);
        }
        // The data plane truncates egress - ingress to 32 bits; anything else is corruption.
        if ((((egressTs - ingressTs) & MASK_48) & MASK_32) != delta) {
            return rejected(ReportRejection.INCONSISTENT_DELTA);
        }
        LatencySample sample = LatencySample.of(receivedAt, deviceId, classCode, replica, ingressField,
                                                egressField, sequence, delta * nanosPerTick)
                .withIngressTimestamp(ingressTs * nanosPerTick);
        return new Result(sample, null);
    }

    /**
     * Whether a report frame is a too-big report (either version), not a latency report.
     *
     * @param frame the report frame from its Ethernet header on
     * @return whether its version is {@link #REPORT_VERSION_TOO_BIG} or
     *         {@link #REPORT_VERSION_TOO_BIG_TRANSIT}
     */
    public static boolean isTooBig(byte[] frame) {
        if (frame == null || frame.length <= ETHERNET_BYTES) {
            return false;
        }
        int version = Byte.toUnsignedInt(frame[ETHERNET_BYTES]);
        return version == REPORT_VERSION_TOO_BIG || version == REPORT_VERSION_TOO_BIG_TRANSIT;
    }

    /**
     * Reads a too-big report (version {@link #REPORT_VERSION_TOO_BIG} for a packet the device
     * grew, {@link #REPORT_VERSION_TOO_BIG_TRANSIT} for one it forwards as it came): the report
     * header, whose delta field holds the egress port's MTU (bmv2) or 0 (Tofino, whose egress has
     * no room left to carry it: the controller's own MTU for the port applies), then the whole
     * packet as it would have left.
     *
     * @param frame    the report frame from its Ethernet header on
     * @param deviceId the device that sent it
     * @return the report; empty when the frame is no too-big report or carries no IPv6 packet
     */
    public static Optional<TooBigReport> tooBig(byte[] frame, DeviceId deviceId) {
        int packet = MEASURED_PACKET + ETHERNET_BYTES;
        if (frame == null || frame.length <= packet || !isTooBig(frame)) {
            return Optional.empty();
        }
        ByteBuffer b = ByteBuffer.wrap(frame);
        int ingress = Short.toUnsignedInt(b.getShort(ETHERNET_BYTES + 8));
        int egress = Short.toUnsignedInt(b.getShort(ETHERNET_BYTES + 10));
        long mtu = Integer.toUnsignedLong(b.getInt(ETHERNET_BYTES + 24));
        if ((ingress >>> PORT_BITS) != 0 || (egress >>> PORT_BITS) != 0 || mtu > 0xffff
                || Short.toUnsignedInt(b.getShort(packet - 2)) != ETHERTYPE_IPV6) {
            return Optional.empty();
        }
        return Optional.of(new TooBigReport(new ConnectPoint(deviceId, PortNumber.portNumber(ingress)),
                                            PortNumber.portNumber(egress), (int) mtu,
                                            Byte.toUnsignedInt(frame[ETHERNET_BYTES]) == REPORT_VERSION_TOO_BIG,
                                            Arrays.copyOfRange(frame, packet, frame.length)));
    }

    private static long uint48(ByteBuffer b) {
        long high = Short.toUnsignedLong(b.getShort());
        long low = Integer.toUnsignedLong(b.getInt());
        return ((high << 32) | low) & MASK_48;
    }

    private static Result rejected(ReportRejection reason) {
        return new Result(null, reason);
    }
}
