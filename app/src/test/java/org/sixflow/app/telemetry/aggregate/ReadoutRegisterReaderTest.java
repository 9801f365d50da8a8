// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import org.junit.Test;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.instructions.Instructions.OutputInstruction;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.DefaultPacketContext;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.sixflow.app.testing.P4Source;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Readout packets: the request bytes the bmv2 pipeline expects (pipeconf/ptf/tests/test_latency.py
 * sends the same), replies matched to their slot, a device that does not answer.
 */
public class ReadoutRegisterReaderTest {

    private static final DeviceId LEAF = DeviceId.deviceId("device:leaf1");

    private final AggregateLayout layout = AggregateLayout.of(BundledPipeconfs.bmv2()).orElseThrow();
    private final List<OutboundPacket> sent = new ArrayList<>();

    /** A packet context whose reply is already built. */
    private static final class Context extends DefaultPacketContext {
        Context(byte[] frame) {
            super(0, new DefaultInboundPacket(new ConnectPoint(LEAF, PortNumber.portNumber(255)), null,
                                              ByteBuffer.wrap(frame)), null, false);
        }

        @Override
        public void send() {
        }
    }

    // What the pipeline sends back: the request with the slot's registers filled in.
    private static byte[] reply(int slot, long sum, long minPlusOne, long max, int... buckets) {
        ByteBuffer b = ByteBuffer.allocate(14 + 52);
        b.position(12);
        b.putShort((short) 0x88b6).putInt(slot).putLong(sum).putInt((int) minPlusOne).putInt((int) max);
        for (int bucket : buckets) {
            b.putInt(bucket);
        }
        return b.array();
    }

    @Test
    public void requestIsEthernetAndAZeroedReadoutNamingTheSlot() {
        byte[] expected = new byte[66];
        expected[12] = (byte) 0x88;
        expected[13] = (byte) 0xb6;
        expected[16] = 0x0a;
        expected[17] = 0x02;
        ByteBuffer request = ReadoutRegisterReader.request(0x0a02);
        byte[] actual = new byte[request.remaining()];
        request.get(actual);
        assertArrayEquals(expected, actual);
    }

    @Test
    public void repliesAreMatchedToTheirSlots() throws Exception {
        int a = layout.slot(5, 2);
        int b = layout.slot(5, 3);
        ReadoutRegisterReader[] reader = new ReadoutRegisterReader[1];
        reader[0] = new ReadoutRegisterReader(new PacketServiceAdapter() {
            @Override
            public void emit(OutboundPacket packet) {
                sent.add(packet);
                int slot = packet.data().getInt(14);
                // The device answers in its own order; answer b before a.
                if (slot == b) {
                    reader[0].process(new Context(reply(b, 0xffff_ffff_fL, 4, 9, 0, 0, 0, 2, 0, 0, 0, 0)));
                    reader[0].process(new Context(reply(a, 40, 2, 30, 1, 1, 0, 0, 0, 0, 0, 0xffff_ffff)));
                }
            }
        }, 255, Duration.ofSeconds(2));

        List<SlotRegisters> read = reader[0].read(LEAF, layout, List.of(a, b));

        assertEquals(SlotRegisters.of(a, 40, 2, 30, 1, 1, 0, 0, 0, 0, 0, 0xffff_ffffL), read.get(0));
        assertEquals(SlotRegisters.of(b, 0xffff_ffff_fL, 4, 9, 0, 0, 0, 2, 0, 0, 0, 0), read.get(1));
        assertEquals(2, sent.size());
        assertEquals(LEAF, sent.get(0).sendThrough());
        assertEquals(PortNumber.portNumber(255),
                     ((OutputInstruction) sent.get(0).treatment().allInstructions().get(0)).port());
    }

    @Test
    public void aSilentDeviceTimesOutNamingHowManyAnswered() {
        ReadoutRegisterReader reader = new ReadoutRegisterReader(new PacketServiceAdapter(), 255,
                                                                 Duration.ofMillis(100));
        try {
            reader.read(LEAF, layout, List.of(1, 2));
            fail("read without replies");
        } catch (AggregateReadException e) {
            assertEquals("device:leaf1 answered 0 of 2 readouts within 100 ms", e.getMessage());
        }
    }

    @Test
    public void otherPacketsPassUntouched() {
        ReadoutRegisterReader reader = new ReadoutRegisterReader(new PacketServiceAdapter(), 255,
                                                                 Duration.ofMillis(100));
        byte[] ipv6 = new byte[60];
        ipv6[12] = (byte) 0x86;
        ipv6[13] = (byte) 0xdd;
        Context context = new Context(ipv6);
        reader.process(context);
        assertTrue(!context.isHandled());
    }

    @Test
    public void theReadoutFrameIsTheP4s() throws Exception {
        // P4Info does not carry the readout: hold the reader to define.p4 and header.p4's readout_t.
        assertEquals(P4Source.value("common/define.p4", "ETHERTYPE_SIXFLOW_READOUT"),
                     ReadoutRegisterReader.ETHERTYPE_READOUT);
        assertEquals(P4Source.value("common/define.p4", "LATENCY_BUCKETS"), ReadoutRegisterReader.BUCKETS);
        Matcher readout = Pattern.compile("header readout_t \\{([^}]*)\\}").matcher(P4Source.text("common/header.p4"));
        assertTrue("no readout_t in header.p4", readout.find());
        int bits = 0;
        int buckets = 0;
        Matcher field = Pattern.compile("bit<(\\d+)>\\s+(\\w+);").matcher(readout.group(1));
        while (field.find()) {
            bits += Integer.parseInt(field.group(1));
            buckets += field.group(2).startsWith("bucket") ? 1 : 0;
        }
        assertEquals(ReadoutRegisterReader.READOUT_BYTES * 8, bits);
        assertEquals(ReadoutRegisterReader.BUCKETS, buckets);
    }
}
