// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.packet;

import org.onosproject.net.packet.OutboundPacket;

/**
 * Hears each packet-out a simulated switch sends, e.g. to carry it to a simulated host.
 */
@FunctionalInterface
public interface PacketEmitListener {

    /**
     * Called with a packet a connected switch sends, on the thread that emitted it.
     *
     * @param packet the packet, its treatment saying where it goes
     */
    void emitted(OutboundPacket packet);
}
