// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.seed;

import org.onosproject.net.DeviceId;
import org.onosproject.net.packet.OutboundPacket;
import org.sixflow.app.features.bng.api.BngLine;
import org.sixflow.app.features.bng.api.BngService;
import org.sixflow.sim.net.packet.PacketEmitListener;
import org.sixflow.sim.net.packet.SimPacketService;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Whether the BNG relay took a punted frame. It takes each on its own work thread, under the lock
 * its service's reads take too: a frame it took shows as a subscriber line's frame counted, a
 * drop counted or a PPPoE frame it sent out of the switch; a read after that returns once it is
 * done with the frame (its entries installed). Replaying frame by frame that way, a subscriber's
 * next frame finds the line its session's entries provisioned, as on a switch.
 */
final class RelayProgress implements AutoCloseable {

    private static final long TAKE_MILLIS = 5_000;
    private static final int ETHERTYPE_OFFSET = 12;
    private static final int MAX_TAGS = 2;
    private static final int TAG_OCTETS = 4;

    private final SimPacketService packets;
    private final BngService bng;
    private final DeviceId device;
    private final AtomicLong pppoeSent = new AtomicLong();
    private final PacketEmitListener listener = this::emitted;

    /**
     * Starts following the relay.
     *
     * @param packets the packet service the relay sends through
     * @param bng     the relay's service
     * @param device  the BNG switch
     */
    RelayProgress(SimPacketService packets, BngService bng, DeviceId device) {
        this.packets = packets;
        this.bng = bng;
        this.device = device;
        packets.addEmitListener(listener);
    }

    private void emitted(OutboundPacket packet) {
        if (device.equals(packet.sendThrough()) && isPppoe(packet.data())) {
            pppoeSent.incrementAndGet();
        }
    }

    /** Whether a frame is PPPoE behind at most two VLAN tags. */
    private static boolean isPppoe(ByteBuffer frame) {
        int offset = ETHERTYPE_OFFSET;
        for (int tags = 0; tags <= MAX_TAGS && frame.limit() >= offset + 2; tags++) {
            int type = frame.getShort(offset) & 0xffff;
            if (type == 0x8863 || type == 0x8864) {
                return true;
            }
            if (type != 0x88a8 && type != 0x8100) {
                return false;
            }
            offset += TAG_OCTETS;
        }
        return false;
    }

    /**
     * Returns how much the relay has taken so far.
     *
     * @return line frames counted, drops counted and PPPoE frames sent
     */
    long mark() {
        return bng.lines().stream().mapToLong(BngLine::controlFrames).sum()
                + bng.dropped().values().stream().mapToLong(Long::longValue).sum() + pppoeSent.get();
    }

    /**
     * Waits until the relay took a frame and is done with it.
     *
     * @param before {@link #mark()} before the frame was punted
     * @param frame  the frame, to name it
     * @throws IllegalStateException when the relay does not take it in time
     */
    void awaitTaken(long before, Object frame) {
        long deadline = System.currentTimeMillis() + TAKE_MILLIS;
        while (mark() <= before) {
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("the BNG relay did not take the captured frame " + frame);
            }
            pause();
        }
        // Under the relay's lock: returns once it is done with the frame.
        bng.sessions();
    }

    /** Waits a moment between looks at the relay. */
    static void pause() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while following the BNG relay", e);
        }
    }

    @Override
    public void close() {
        packets.removeEmitListener(listener);
    }
}
