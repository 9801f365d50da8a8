// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.signalling;

import org.onlab.packet.MacAddress;
import org.sixflow.app.packet.gtpu.GtpuHeader;
import org.sixflow.app.packet.gtpu.GtpuPacket;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * The Supported Extension Headers Notification (3GPP TS 29.281 section 7.2.3) that answers a
 * message carrying an extension header its receiver must comprehend and Sixflow does not (section
 * 5.2.1), in its Ethernet frame: from the address the message went to (the N3 address) to its
 * source, UDP from port 2152 to the message's source port (section 4.4.2.5). The message: version
 * 1, PT 1, S set with sequence number 0 (section 5.1: the receiver ignores it), TEID 0, no
 * extension header, then its one IE, the Extension Header Type List (section 8.5) of the types
 * Sixflow comprehends ({@link GtpuHeader#SUPPORTED_EXTENSIONS}).
 */
public final class SupportedExtensionHeadersMessage {

    private static final int IE_HEADER_BYTES = 2;

    private SupportedExtensionHeadersMessage() {
    }

    /**
     * Writes the GTP-U message.
     *
     * @param types the extension header types listed, at most 255, each 1..255
     * @return the UDP payload
     */
    public static byte[] message(List<Integer> types) {
        int length = GtpuHeader.OPTIONAL_BYTES + IE_HEADER_BYTES + types.size();
        ByteBuffer b = ByteBuffer.allocate(GtpuHeader.MANDATORY_BYTES + length);
        b.put((byte) ErrorIndicationMessage.FLAGS).put((byte) GtpuHeader.SUPPORTED_EXTENSION_HEADERS_NOTIFICATION)
                .putShort((short) length).putInt(0);
        b.putShort((short) 0).put((byte) 0).put((byte) 0);
        b.put((byte) InformationElements.IE_EXTENSION_HEADER_TYPE_LIST).put((byte) types.size());
        types.forEach(t -> b.put(t.byteValue()));
        return b.array();
    }

    /**
     * Builds the frame that answers a message.
     *
     * @param trigger   the message with an extension header Sixflow does not comprehend
     * @param routerMac the MAC of the router that answers, the frame's source
     * @return the Ethernet frame, to the neighbour the message came from
     */
    public static byte[] frame(GtpuPacket trigger, MacAddress routerMac) {
        return trigger.answer(routerMac, trigger.sourcePort(), message(GtpuHeader.SUPPORTED_EXTENSIONS));
    }
}
