// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketService;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads latency registers through the data plane, for bmv2, whose P4Runtime server reads no
 * registers: a packet-out to the CPU port with EtherType 0x88B6 and a slot number comes back as
 * a packet-in with that slot's sum, min + 1, max and 8 histogram buckets filled in
 * (p4src/v1model/main.p4, readout_t in p4src/common/header.p4). Registered as a packet
 * processor, it takes those replies and blocks them from other processors.
 */
public final class ReadoutRegisterReader implements RegisterReader, PacketProcessor {

    /** ETHERTYPE_SIXFLOW_READOUT in define.p4. */
    public static final int ETHERTYPE_READOUT = 0x88b6;
    static final int ETHERNET_BYTES = 14;
    /** readout_t: slot 32, sum 64, min + 1 32, max 32, 8 buckets of 32 bits. */
    static final int READOUT_BYTES = 52;
    static final int BUCKETS = 8;

    private final PacketService packetService;
    private final PortNumber cpuPort;
    private final Duration timeout;
    private final Map<String, CompletableFuture<SlotRegisters>> pending = new ConcurrentHashMap<>();

    /**
     * Creates the reader.
     *
     * @param packetService where packet-outs go
     * @param cpuPort       the target's CPU port (the readout must leave through it)
     * @param timeout       how long to wait for all replies of one read
     */
    public ReadoutRegisterReader(PacketService packetService, int cpuPort, Duration timeout) {
        this.packetService = packetService;
        this.cpuPort = PortNumber.portNumber(cpuPort);
        this.timeout = timeout;
    }

    @Override
    public List<SlotRegisters> read(DeviceId deviceId, AggregateLayout layout, List<Integer> slots)
            throws AggregateReadException {
        if (layout.buckets() != BUCKETS) {
            throw new RegistersUnreadableException("the readout packet carries " + BUCKETS + " buckets, "
                                                           + deviceId + "'s pipeline has " + layout.buckets());
        }
        List<CompletableFuture<SlotRegisters>> replies = new ArrayList<>(slots.size());
        try {
            for (int slot : slots) {
                CompletableFuture<SlotRegisters> reply = new CompletableFuture<>();
                pending.put(key(deviceId, slot), reply);
                replies.add(reply);
                packetService.emit(new DefaultOutboundPacket(
                        deviceId, DefaultTrafficTreatment.builder().setOutput(cpuPort).build(), request(slot)));
            }
            CompletableFuture.allOf(replies.toArray(new CompletableFuture<?>[0]))
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            List<SlotRegisters> readings = new ArrayList<>(slots.size());
            for (CompletableFuture<SlotRegisters> reply : replies) {
                readings.add(reply.join());
            }
            return readings;
        } catch (TimeoutException e) {
            long missing = replies.stream().filter(r -> !r.isDone()).count();
            throw new AggregateReadException(deviceId + " answered " + (slots.size() - missing) + " of "
                                                     + slots.size() + " readouts within " + timeout.toMillis() + " ms");
        } catch (ExecutionException e) {
            throw new AggregateReadException("Readout of " + deviceId + " failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AggregateReadException("Readout of " + deviceId + " interrupted", e);
        } finally {
            for (int slot : slots) {
                pending.remove(key(deviceId, slot));
            }
        }
    }

    @Override
    public void process(PacketContext context) {
        if (context.isHandled()) {
            return;
        }
        InboundPacket packet = context.inPacket();
        ByteBuffer frame = packet.unparsed();
        if (frame == null || frame.remaining() < ETHERNET_BYTES
                || Short.toUnsignedInt(frame.getShort(frame.position() + 12)) != ETHERTYPE_READOUT) {
            return;
        }
        context.block();
        if (frame.remaining() < ETHERNET_BYTES + READOUT_BYTES) {
            return;    // truncated: its request times out and says so
        }
        ByteBuffer b = frame.duplicate();
        b.position(b.position() + ETHERNET_BYTES);
        int slot = b.getInt();
        long sum = b.getLong();
        long minPlusOne = Integer.toUnsignedLong(b.getInt());
        long max = Integer.toUnsignedLong(b.getInt());
        long[] buckets = new long[BUCKETS];
        for (int i = 0; i < BUCKETS; i++) {
            buckets[i] = Integer.toUnsignedLong(b.getInt());
        }
        CompletableFuture<SlotRegisters> reply = pending.get(key(packet.receivedFrom().deviceId(), slot));
        if (reply != null) {
            reply.complete(SlotRegisters.of(slot, sum, minPlusOne, max, buckets));
        }
    }

    /**
     * Builds the readout request of a slot.
     *
     * @param slot the slot
     * @return the frame: Ethernet (zero addresses, 0x88B6) and a zeroed readout_t naming the slot
     */
    static ByteBuffer request(int slot) {
        ByteBuffer frame = ByteBuffer.allocate(ETHERNET_BYTES + READOUT_BYTES);
        frame.position(12);
        frame.putShort((short) ETHERTYPE_READOUT);
        frame.putInt(slot);
        frame.rewind();
        return frame;
    }

    private static String key(DeviceId deviceId, int slot) {
        return deviceId + "#" + slot;
    }
}
