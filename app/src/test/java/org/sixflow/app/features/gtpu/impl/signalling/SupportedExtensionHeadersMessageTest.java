// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.signalling;

import org.junit.Test;
import org.onlab.packet.MacAddress;
import org.sixflow.app.packet.gtpu.GtpuPacket;

import java.util.List;

import static org.junit.Assert.assertArrayEquals;
import static org.sixflow.app.features.gtpu.impl.signalling.SignallingFixture.BEIJING_MAC;
import static org.sixflow.app.features.gtpu.impl.signalling.SignallingFixture.N3;
import static org.sixflow.app.features.gtpu.impl.signalling.SignallingFixture.fromPeer;
import static org.sixflow.app.packet.gtpu.GtpuFrames.E;
import static org.sixflow.app.packet.gtpu.GtpuFrames.S;
import static org.sixflow.app.packet.gtpu.GtpuFrames.V1;
import static org.sixflow.app.packet.gtpu.GtpuFrames.gtpu;
import static org.sixflow.app.packet.gtpu.GtpuFrames.hex;

/**
 * The Supported Extension Headers Notification's octets, written here from 3GPP TS 29.281
 * (sections 5.1, 7.2.3, 8.5) by hand; the frame's UDP checksum as scapy computes it (which also
 * decodes the message as a GTPSupportedExtensionHeadersNotification).
 */
public class SupportedExtensionHeadersMessageTest {

    /** The types Sixflow comprehends: the PDU Session Container alone. */
    static final String MESSAGE = "32 1f 0007 00000000"      // v1 PT S, type 31, length 7, TEID 0
            + "0000 00 00"                                     // sequence 0, N-PDU 0, no extension
            + "8d 01 85";                                      // Extension Header Type List (141): 0x85

    /** ... in its frame, from beijing to the peer's MAC, N3 address to the peer, 2152 to the sender's port 40000. */
    static final String FRAME = "000000000550 00aa00000001 86dd"
            + "60000000 0017 11 40 fd000001000100000000000000030001 fd000001000500000000000000000050"
            + "0868 9c40 0017 1c92" + MESSAGE;

    @Test
    public void theMessageIsTheSpecsOctets() {
        assertArrayEquals(hex(MESSAGE), SupportedExtensionHeadersMessage.message(List.of(0x85)));
        assertArrayEquals(hex("32 1f 0008 00000000 0000 00 00 8d 02 85 c0"),
                          SupportedExtensionHeadersMessage.message(List.of(0x85, 0xc0)));
    }

    @Test
    public void theFrameAnswersTheMessageFromItsDestinationToItsSourcePort() throws Exception {
        // An echo request from port 40000 with a PDCP PDU Number extension (0xc0).
        byte[] request = fromPeer(N3, gtpu(V1 | E | S, 1, 0, hex("1234 00 c0  01 0001 00")));
        assertArrayEquals(hex(FRAME), SupportedExtensionHeadersMessage.frame(GtpuPacket.read(request),
                                                                             MacAddress.valueOf(BEIJING_MAC)));
    }
}
