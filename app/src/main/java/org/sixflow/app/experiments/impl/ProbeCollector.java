// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketProcessor;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.experiments.ProbeReports;
import org.sixflow.app.experiments.ProbeTag;
import org.sixflow.app.telemetry.report.TelemetryReportParser;
import org.slf4j.Logger;

import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Picks the telemetry reports of running experiments' probes out of the packet-ins and hands
 * each, with the probe's tag, to its run. It observes: the telemetry collector has already taken
 * the report (and stores it as a plain latency sample), so handled packets are read too and
 * nothing is blocked. Never throws out of process().
 */
final class ProbeCollector implements PacketProcessor {

    /** Where a run's reports go. */
    @FunctionalInterface
    interface RunSink {
        /**
         * Takes one report of one of the run's probes.
         *
         * @param tag    the probe
         * @param sample what the device measured
         */
        void accept(ProbeTag tag, LatencySample sample);
    }

    private final Logger log = getLogger(getClass());
    private final Function<DeviceId, Optional<TelemetryReportParser>> parsers;
    private final Clock clock;
    private final AtomicReferenceArray<RunSink> sinks = new AtomicReferenceArray<>(ProbeTag.RUN_TAGS);
    private final AtomicLong reports = new AtomicLong();
    private final AtomicLong untagged = new AtomicLong();
    private final AtomicLong unclaimed = new AtomicLong();
    private final AtomicLong unreadable = new AtomicLong();

    /**
     * Creates the collector.
     *
     * @param parsers the report parser of a device's target, empty for devices without reports
     * @param clock   the receive time
     */
    ProbeCollector(Function<DeviceId, Optional<TelemetryReportParser>> parsers, Clock clock) {
        this.parsers = checkNotNull(parsers);
        this.clock = checkNotNull(clock);
    }

    /**
     * Sends a run tag's reports to a run.
     *
     * @param runTag the tag
     * @param sink   the run's sink
     * @return false when the tag is taken
     */
    boolean register(int runTag, RunSink sink) {
        return sinks.compareAndSet(runTag, null, checkNotNull(sink));
    }

    /**
     * Stops sending a tag's reports anywhere.
     *
     * @param runTag the tag
     */
    void unregister(int runTag) {
        sinks.set(runTag, null);
    }

    /**
     * Returns a free run tag.
     *
     * @return the lowest tag no run holds, or empty
     */
    Optional<Integer> freeTag() {
        for (int t = 0; t < ProbeTag.RUN_TAGS; t++) {
            if (sinks.get(t) == null) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    /**
     * Says what became of the reports seen so far, for logs.
     *
     * @return counts of reports, untagged ones (not probes), ones of no running run, unparsable
     */
    String counts() {
        return String.format("%d reports seen: %d not of probes, %d of no running run, %d unreadable", reports.get(),
                             untagged.get(), unclaimed.get(), unreadable.get());
    }

    @Override
    public void process(PacketContext context) {
        try {
            InboundPacket packet = context.inPacket();
            ByteBuffer unparsed = packet.unparsed();
            if (unparsed == null || unparsed.remaining() < 14
                    || Short.toUnsignedInt(unparsed.getShort(unparsed.position() + 12))
                    != TelemetryReportParser.ETHERTYPE_REPORT) {
                return;
            }
            reports.incrementAndGet();
            byte[] frame = new byte[unparsed.remaining()];
            unparsed.duplicate().get(frame);
            Optional<ProbeTag> tag = ProbeReports.tagOf(frame);
            if (tag.isEmpty()) {
                untagged.incrementAndGet();
                return;
            }
            RunSink sink = sinks.get(tag.get().runTag());
            if (sink == null) {
                unclaimed.incrementAndGet();
                return;
            }
            DeviceId device = packet.receivedFrom().deviceId();
            Optional<LatencySample> sample = parsers.apply(device)
                    .flatMap(p -> p.parse(frame, device.toString(), clock.instant()).sample());
            if (sample.isPresent()) {
                sink.accept(tag.get(), sample.get());
            } else {
                unreadable.incrementAndGet();
            }
        } catch (RuntimeException e) {
            // A broken report must not break ONOS's processor chain.
            log.warn("Probe report processing failed", e);
        }
    }
}
