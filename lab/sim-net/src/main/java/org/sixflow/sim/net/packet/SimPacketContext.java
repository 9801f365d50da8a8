// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.packet;

import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.DefaultPacketContext;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A packet-in's context, as ONOS's P4Runtime packet provider makes it: {@link #send()} sends the
 * packet back out of the switch it came from, with the context's treatment (unless the outbound
 * packet has one), once, and not after the context was blocked.
 */
public final class SimPacketContext extends DefaultPacketContext {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final PacketService packets;

    /**
     * Creates a context.
     *
     * @param time    when the packet came in, in milliseconds since the epoch
     * @param in      the packet as it came in
     * @param out     the packet as it would go back out
     * @param packets the service that sends it
     */
    public SimPacketContext(long time, InboundPacket in, OutboundPacket out, PacketService packets) {
        super(time, in, out, false);
        this.packets = checkNotNull(packets, "Packet service cannot be null");
    }

    @Override
    public void send() {
        if (block()) {
            log.info("Unable to send, packet context is blocked");
            return;
        }
        TrafficTreatment treatment = outPacket().treatment() != null ? outPacket().treatment()
                : treatmentBuilder().build();
        packets.emit(new DefaultOutboundPacket(outPacket().sendThrough(), treatment, outPacket().data()));
    }
}
