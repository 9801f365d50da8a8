// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.onosproject.net.packet.PacketService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.sixflow.app.testing.TestPipeconfService;

/**
 * Hands a punt responder its packet and pipeconf services, as OSGi would: the tests live in the
 * features' packages, which cannot set the base's fields.
 */
public final class PuntResponderWiring {

    private PuntResponderWiring() {
    }

    /**
     * Sets the packet service.
     *
     * @param responder the responder
     * @param packets   the service
     */
    public static void packetService(PuntResponder<?> responder, PacketService packets) {
        responder.packetService = packets;
        if (responder.pipeconfService == null) {
            responder.pipeconfService = new TestPipeconfService();
        }
    }

    /**
     * Sets the pipeconf service (which pipeconf each device runs; without this call, none).
     *
     * @param responder the responder
     * @param pipeconfs the service
     */
    public static void pipeconfService(PuntResponder<?> responder, PiPipeconfService pipeconfs) {
        responder.pipeconfService = pipeconfs;
    }


}
