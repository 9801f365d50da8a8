// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.onosproject.net.packet.PacketService;

/**
 * Hands a punt responder its packet service, as OSGi would: the tests live in the features'
 * packages, which cannot set the base's field.
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
    }
}
