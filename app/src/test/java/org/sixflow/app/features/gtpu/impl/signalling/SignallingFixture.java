// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.signalling;

import org.onlab.packet.DeserializationException;
import org.onlab.packet.Ethernet;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.Instructions;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketContextAdapter;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.packet.gtpu.GtpuFrames;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;

/**
 * The lab's routers as the signalling components see them (docker/netcfg.json: beijing
 * 00:aa:00:00:00:01, locator fd00:1:1::/64; nanjing 00:aa:00:00:00:03; lhasa has no Sixflow
 * configuration), a peer gNB fd00:1:5::50 behind beijing/3, and packets punted through ONOS's
 * packet service adapter.
 */
final class SignallingFixture {

    static final ConnectPoint BEIJING_3 = ConnectPoint.deviceConnectPoint("device:beijing/3");
    static final ConnectPoint NANJING_2 = ConnectPoint.deviceConnectPoint("device:nanjing/2");
    static final ConnectPoint LHASA_3 = ConnectPoint.deviceConnectPoint("device:lhasa/3");
    static final String BEIJING_MAC = "00:aa:00:00:00:01";
    static final String PEER_MAC = "00:00:00:00:05:50";
    static final String PEER = "fd00:1:5::50";
    /** ue-1's N3 address, at beijing. */
    static final String N3 = "fd00:1:1::3:1";

    private SignallingFixture() {
    }

    /** A packet service that keeps the processor and what is sent. */
    static final class Packets extends PacketServiceAdapter {
        PacketProcessor processor;
        int priority;
        final List<OutboundPacket> emitted = new ArrayList<>();

        @Override
        public void addProcessor(PacketProcessor p, int prio) {
            processor = p;
            priority = prio;
        }

        @Override
        public void removeProcessor(PacketProcessor p) {
            if (processor == p) {
                processor = null;
            }
        }

        @Override
        public void emit(OutboundPacket packet) {
            emitted.add(packet);
        }

        /** Punts a frame at a port through the processor; returns its context. */
        PacketContext receive(ConnectPoint port, byte[] frame) {
            Ethernet parsed;
            try {
                parsed = Ethernet.deserializer().deserialize(frame, 0, frame.length);
            } catch (DeserializationException e) {
                throw new AssertionError(e);
            }
            PacketContext context = new PacketContextAdapter(
                    0, new DefaultInboundPacket(port, parsed, ByteBuffer.wrap(frame)),
                    new DefaultOutboundPacket(port.deviceId(), DefaultTrafficTreatment.emptyTreatment(),
                                              ByteBuffer.wrap(frame)), false);
            processor.process(context);
            return context;
        }

        /** The one packet sent: a packet-out through the device, to the port given. */
        byte[] sentOn(ConnectPoint port) {
            assertEquals(1, emitted.size());
            OutboundPacket out = emitted.get(0);
            assertEquals(port.deviceId(), out.sendThrough());
            List<Instruction> instructions = out.treatment().allInstructions();
            assertEquals(1, instructions.size());
            assertEquals(port.port(), ((Instructions.OutputInstruction) instructions.get(0)).port());
            ByteBuffer data = out.data().duplicate();
            byte[] bytes = new byte[data.remaining()];
            data.get(bytes);
            return bytes;
        }
    }

    /**
     * A tunnel between the peer and an N3 address: downlink TEID 0x101 (the peer's), uplink TEID 1
     * (ours).
     */
    static GtpuTunnel tunnel(String id, String n3, String device) {
        return GtpuTunnel.builder().id(id).uePrefixes(List.of(Ip6Prefix.valueOf("fd00:9:1::/64")))
                .n3Address(Ip6Address.valueOf(n3)).peerAddress(Ip6Address.valueOf(PEER))
                .downlinkTeid(0x101).uplinkTeid(1).decapDevice(DeviceId.deviceId(device)).counterIndex(0).build();
    }

    /** A GTP-U message from the peer (UDP port 40000) to an address at beijing. */
    static byte[] fromPeer(String destination, byte[] gtpu) {
        return GtpuFrames.udpFrame(BEIJING_MAC, PEER_MAC, PEER, destination, 40000, 2152, gtpu);
    }

    /** Every outcome at 0 but one. */
    static <E extends Enum<E>> Map<E, Long> counts(Class<E> type, E outcome, long n) {
        Map<E, Long> counts = new EnumMap<>(type);
        for (E o : type.getEnumConstants()) {
            counts.put(o, o == outcome ? n : 0L);
        }
        return counts;
    }
}
