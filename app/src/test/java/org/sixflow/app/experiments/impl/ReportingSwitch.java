// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.onlab.packet.Ethernet;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.DefaultPacketContext;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.experiments.ProbeTag;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.function.Predicate;

/**
 * A packet service whose packet-outs a pretend data plane answers as the bmv2 pipeline does: the
 * device the probe enters reports it (class per probe class, timestamps in µs, the probe's first
 * bytes after the report header) to the packet processors registered here; a filter drops some.
 * A device further on ({@link #reportFurtherOn}) reports each probe too, a number of probes
 * behind: its last reports wait until {@link #releaseLate} lets them through, as a controller's
 * packet-ins of a second switch come after the first's.
 */
final class ReportingSwitch extends PacketServiceAdapter {

    final List<OutboundPacket> emitted = new ArrayList<>();
    final List<PacketProcessor> processors = new ArrayList<>();
    private final DeviceId measuring;
    private final LatencyClass[] classes;
    /** Reports of probes it accepts are sent; others are lost. */
    Predicate<ProbeTag> delivers = tag -> true;
    private long clockMicros = 5_000_000;
    private long sequence;
    private DeviceId furtherOn;
    private LatencyClass furtherOnAs;
    private int behind;
    private final Deque<PacketContext> late = new ArrayDeque<>();

    ReportingSwitch(DeviceId measuring, LatencyClass... classes) {
        this.measuring = measuring;
        this.classes = classes;
    }

    /**
     * Has a second device report every probe the measuring one reports, late.
     *
     * @param device  the device further on
     * @param classAs the latency class it reports the probes as
     * @param probes  how many probes its reports are behind the measuring device's
     */
    void reportFurtherOn(DeviceId device, LatencyClass classAs, int probes) {
        furtherOn = device;
        furtherOnAs = classAs;
        behind = probes;
    }

    /**
     * Delivers the oldest of the late reports.
     *
     * @param count how many at most
     */
    void releaseLate(int count) {
        for (int i = 0; i < count && !late.isEmpty(); i++) {
            PacketContext context = late.poll();
            processors.forEach(p -> p.process(context));
        }
    }

    @Override
    public void addProcessor(PacketProcessor processor, int priority) {
        processors.add(processor);
    }

    @Override
    public void removeProcessor(PacketProcessor processor) {
        processors.remove(processor);
    }

    @Override
    public void emit(OutboundPacket packet) {
        emitted.add(packet);
        byte[] probe = new byte[packet.data().remaining()];
        packet.data().duplicate().get(probe);
        ProbeTag tag = ProbeTag.read(ByteBuffer.wrap(probe).getInt(14)).orElseThrow();
        clockMicros += 1000;
        if (!delivers.test(tag)) {
            return;
        }
        long delta = 40 + 5L * tag.classIndex() + tag.sequence() % 3;
        byte[] report = report(classes[tag.classIndex()].code(), 0, ++sequence, 1, 2, clockMicros,
                               clockMicros + delta, probe);
        PacketContext context = inbound(measuring, report);
        processors.forEach(p -> p.process(context));
        if (furtherOn != null) {
            late.add(inbound(furtherOn, report(furtherOnAs.code(), 0, sequence, 1, 2, clockMicros + delta,
                                               clockMicros + 2 * delta, probe)));
            releaseLate(late.size() - behind);
        }
    }

    private static PacketContext inbound(DeviceId device, byte[] report) {
        return new DefaultPacketContext(0, new DefaultInboundPacket(
                new ConnectPoint(device, PortNumber.portNumber(1)), new Ethernet(), ByteBuffer.wrap(report)),
                                        null, false) {
            @Override
            public void send() {
            }
        };
    }

    /**
     * A report frame as the v1model egress writes it, followed by the first 128 bytes of the probe.
     */
    static byte[] report(int latClass, int replica, long sequence, int ingressPort, int egressPort, long ingressTs,
                         long egressTs, byte[] probe) {
        ByteBuffer b = ByteBuffer.allocate(14 + 28 + Math.min(128, probe.length));
        b.put(new byte[12]).putShort((short) 0x88b5);
        b.put((byte) 1).put((byte) (latClass << 4)).putShort((short) replica).putInt((int) sequence);
        b.putShort((short) ingressPort).putShort((short) egressPort);
        b.putShort((short) (ingressTs >>> 32)).putInt((int) ingressTs);
        b.putShort((short) (egressTs >>> 32)).putInt((int) egressTs);
        b.putInt((int) (egressTs - ingressTs));
        b.put(Arrays.copyOf(probe, Math.min(128, probe.length)));
        return b.array();
    }
}
