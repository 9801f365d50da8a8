// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import com.google.common.collect.ImmutableMap;
import org.onosproject.net.DeviceId;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketProcessor;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.TooBigReport;
import org.slf4j.Logger;

import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Takes telemetry report packet-ins (EtherType 0x88B5), hands their samples to a sink and blocks
 * them from other processors; malformed reports are blocked too, counted and logged by reason, at
 * most once a minute per reason with how many were not logged.
 * Other packets pass untouched. Never throws out of process().
 */
public final class TelemetryReportProcessor implements PacketProcessor {

    private final Logger log = getLogger(getClass());
    private final Function<DeviceId, Optional<TelemetryReportParser>> parsers;
    private final Consumer<LatencySample> sink;
    private final Consumer<TooBigReport> tooBigSink;
    private final Clock clock;
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong tooBig = new AtomicLong();
    private final Map<ReportRejection, AtomicLong> rejected = new EnumMap<>(ReportRejection.class);
    /** One WARN per reason a minute: a switch can send malformed reports at line rate. */
    private final ThrottledWarnings<ReportRejection> warnings =
            new ThrottledWarnings<>(Duration.ofMinutes(1), System::nanoTime);

    /**
     * Creates a processor for devices of one target.
     *
     * @param parser the target's report parser
     * @param sink   where samples go (e.g. a SampleWriter's offer)
     * @param tooBig where too-big reports go (e.g. PacketTooBigService's answer)
     * @param clock  the receive time source
     */
    public TelemetryReportProcessor(TelemetryReportParser parser, Consumer<LatencySample> sink,
                                    Consumer<TooBigReport> tooBig, Clock clock) {
        this(device -> Optional.of(parser), sink, tooBig, clock);
        checkNotNull(parser);
    }

    /**
     * Creates a processor for devices of several targets.
     *
     * @param parsers the parser of a device's target (its timestamp unit), empty for a device
     *                that sends no Sixflow reports: its packets pass untouched
     * @param sink    where samples go (e.g. a SampleWriter's offer)
     * @param tooBig  where too-big reports go (e.g. PacketTooBigService's answer)
     * @param clock   the receive time source
     */
    public TelemetryReportProcessor(Function<DeviceId, Optional<TelemetryReportParser>> parsers,
                                    Consumer<LatencySample> sink, Consumer<TooBigReport> tooBig, Clock clock) {
        this.parsers = checkNotNull(parsers);
        this.sink = checkNotNull(sink);
        this.tooBigSink = checkNotNull(tooBig);
        this.clock = checkNotNull(clock);
        for (ReportRejection r : ReportRejection.values()) {
            rejected.put(r, new AtomicLong());
        }
    }

    @Override
    public void process(PacketContext context) {
        try {
            if (context.isHandled()) {
                return;
            }
            InboundPacket packet = context.inPacket();
            ByteBuffer unparsed = packet.unparsed();
            if (unparsed == null || unparsed.remaining() < 14
                    || Short.toUnsignedInt(unparsed.getShort(unparsed.position() + 12))
                    != TelemetryReportParser.ETHERTYPE_REPORT) {
                return;
            }
            Optional<TelemetryReportParser> parser = parsers.apply(packet.receivedFrom().deviceId());
            if (parser.isEmpty()) {
                return;
            }
            byte[] frame = new byte[unparsed.remaining()];
            unparsed.duplicate().get(frame);
            String device = packet.receivedFrom().deviceId().toString();
            if (TelemetryReportParser.isTooBig(frame)) {
                // A packet past its port's MTU and dropped: no sample; its source is told.
                context.block();
                Optional<TooBigReport> report = TelemetryReportParser.tooBig(frame, packet.receivedFrom().deviceId());
                if (report.isEmpty()) {
                    long n = rejected.get(ReportRejection.TRUNCATED).incrementAndGet();
                    warnings.admit(ReportRejection.TRUNCATED).ifPresent(heldBack -> log.warn(
                            "Too-big report from {} without its packet ({} rejected so far; {} more not logged in "
                                    + "the last minute)", device, n, heldBack));
                    return;
                }
                tooBig.incrementAndGet();
                tooBigSink.accept(report.get());
                return;
            }
            TelemetryReportParser.Result result = parser.get().parse(frame, device, clock.instant());
            context.block();
            if (result.sample().isPresent()) {
                accepted.incrementAndGet();
                sink.accept(result.sample().get());
            } else {
                ReportRejection reason = result.rejection().get();
                long n = rejected.get(reason).incrementAndGet();
                warnings.admit(reason).ifPresent(heldBack -> log.warn(
                        "Telemetry report from {} rejected: {} ({} so far; {} more not logged in the last minute)",
                        device, reason, n, heldBack));
            }
        } catch (RuntimeException e) {
            // A broken packet or sink must not break ONOS's processor chain.
            log.warn("Telemetry report processing failed", e);
        }
    }

    /** Reports turned into samples. */
    public long accepted() {
        return accepted.get();
    }

    /** Packets the data plane dropped for growing past their egress MTU, and reported. */
    public long tooBig() {
        return tooBig.get();
    }

    /** Rejected reports by reason (every reason present, zeros included). */
    public Map<ReportRejection, Long> rejected() {
        ImmutableMap.Builder<ReportRejection, Long> b = ImmutableMap.builder();
        rejected.forEach((r, n) -> b.put(r, n.get()));
        return b.build();
    }
}
