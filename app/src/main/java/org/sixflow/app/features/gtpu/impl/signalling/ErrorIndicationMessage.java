// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.signalling;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.sixflow.app.packet.gtpu.GtpuHeader;
import org.sixflow.app.packet.gtpu.GtpuPacket;

import java.nio.ByteBuffer;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * The Error Indication for a G-PDU whose TEID no tunnel has (3GPP TS 29.281 section 7.3.1), in
 * its Ethernet frame: from the address the G-PDU went to (the N3 address) to its source, UDP from
 * port 2152 to port 2152 (the Error Indication goes to the user plane port whatever the G-PDU's
 * source port was), a computed checksum. The message: version 1, PT 1, S set (section 5.1 sets S
 * in every signalling message but the End Marker), TEID 0, sequence number 0, no extension
 * header (the optional UDP Port extension header is not sent), then the two mandatory IEs.
 */
public final class ErrorIndicationMessage {

    /** Version 1, PT 1, S: the flags octet. */
    static final int FLAGS = 0x32;
    /** Tunnel Endpoint Identifier Data I (section 8.3): TV, 4 octets of TEID. */
    public static final int IE_TEID_DATA_I = 16;
    /** GTP-U Peer Address (section 8.4): TLV, a 2-octet length then 4 (IPv4) or 16 (IPv6) octets. */
    public static final int IE_PEER_ADDRESS = 133;
    private static final int TEID_IE_BYTES = 1 + 4;
    private static final int PEER_ADDRESS_IE_BYTES = 1 + 2 + Ip6Address.BYTE_LENGTH;

    private ErrorIndicationMessage() {
    }

    /**
     * Writes the GTP-U message.
     *
     * @param teid      the TEID of the G-PDU that no tunnel has, 1..4294967295 (none is sent for 0)
     * @param n3Address the address the G-PDU went to: the GTP-U Peer Address
     * @return the UDP payload
     */
    public static byte[] message(long teid, Ip6Address n3Address) {
        checkArgument(teid > 0 && teid <= 0xFFFF_FFFFL, "TEID %s: 1..4294967295", teid);
        int length = GtpuHeader.OPTIONAL_BYTES + TEID_IE_BYTES + PEER_ADDRESS_IE_BYTES;
        ByteBuffer b = ByteBuffer.allocate(GtpuHeader.MANDATORY_BYTES + length);
        b.put((byte) FLAGS).put((byte) GtpuHeader.ERROR_INDICATION).putShort((short) length).putInt(0);
        b.putShort((short) 0).put((byte) 0).put((byte) 0);
        b.put((byte) IE_TEID_DATA_I).putInt((int) teid);
        b.put((byte) IE_PEER_ADDRESS).putShort((short) Ip6Address.BYTE_LENGTH).put(n3Address.toOctets());
        return b.array();
    }

    /**
     * Builds the frame that answers a G-PDU.
     *
     * @param gpdu      the G-PDU whose TEID no tunnel of its N3 address has
     * @param routerMac the MAC of the router that answers, the frame's source
     * @return the Ethernet frame, to the neighbour the G-PDU came from
     */
    public static byte[] frame(GtpuPacket gpdu, MacAddress routerMac) {
        return gpdu.answer(routerMac, GtpuHeader.UDP_PORT, message(gpdu.header().teid(), gpdu.destination()));
    }
}
