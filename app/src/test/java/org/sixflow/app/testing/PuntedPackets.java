// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.onlab.packet.DeserializationException;
import org.onlab.packet.Ethernet;
import org.onosproject.net.ConnectPoint;
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

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;

/**
 * ONOS's packet service as a punt responder meets it in tests: it keeps the processor added and
 * the packets emitted, punts frames through the processor, and reads back what went out.
 */
public final class PuntedPackets extends PacketServiceAdapter {
    public PacketProcessor processor;
    public int priority;
    public final List<OutboundPacket> emitted = new ArrayList<>();

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

    /**
     * Punts a frame at a port through the processor.
     *
     * @param port  where it came in
     * @param frame its bytes
     * @return its context
     */
    public PacketContext receive(ConnectPoint port, byte[] frame) {
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

    /**
     * Returns the one packet sent, checked to be a packet-out through the port's device to it.
     *
     * @param port where it must go
     * @return its bytes
     */
    public byte[] sentOn(ConnectPoint port) {
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
