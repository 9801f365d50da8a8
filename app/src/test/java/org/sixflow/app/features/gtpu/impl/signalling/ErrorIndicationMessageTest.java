// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.signalling;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.sixflow.app.packet.gtpu.GtpuPacket;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.fail;
import static org.sixflow.app.features.gtpu.impl.signalling.SignallingFixture.BEIJING_MAC;
import static org.sixflow.app.features.gtpu.impl.signalling.SignallingFixture.N3;
import static org.sixflow.app.features.gtpu.impl.signalling.SignallingFixture.fromPeer;
import static org.sixflow.app.packet.gtpu.GtpuFrames.V1;
import static org.sixflow.app.packet.gtpu.GtpuFrames.gtpu;
import static org.sixflow.app.packet.gtpu.GtpuFrames.hex;

/**
 * The Error Indication's octets, written here from 3GPP TS 29.281 (sections 5.1, 7.3.1, 8.3, 8.4)
 * by hand; the frame's UDP checksum as scapy computes it (which also decodes the message as an
 * Error Indication with TEID Data I and a GSN/GTP-U Peer Address).
 */
public class ErrorIndicationMessageTest {

    /** Error Indication for TEID 0x26 at N3 address fd00:1:1::3:1. */
    static final String MESSAGE_26 =
            "32 1a 001c 00000000"                               // v1 PT S, type 26, length 28, TEID 0
            + "0000 00 00"                                      // sequence 0, N-PDU 0, no extension
            + "10 00000026"                                     // TEID Data I (16, TV): 0x26
            + "85 0010 fd000001000100000000000000030001";       // GTP-U Peer Address (133, 16 octets)

    /** ... in its frame, from beijing to the peer's MAC, N3 address to the peer, 2152 to 2152. */
    static final String FRAME_26 = "000000000550 00aa00000001 86dd"
            + "60000000 002c 11 40 fd000001000100000000000000030001 fd000001000500000000000000000050"
            + "0868 0868 002c 8e96" + MESSAGE_26;

    @Test
    public void theMessageIsTheSpecsOctets() {
        assertArrayEquals(hex(MESSAGE_26), ErrorIndicationMessage.message(0x26, Ip6Address.valueOf(N3)));
        assertArrayEquals(hex("32 1a 001c 00000000 0000 00 00 10 ffffffff 85 0010 fd000001000100000000000000030001"),
                          ErrorIndicationMessage.message(0xFFFF_FFFFL, Ip6Address.valueOf(N3)));
    }

    @Test
    public void theFrameAnswersTheGpduFromItsDestinationToItsSource() throws Exception {
        // A G-PDU with a PDU Session Container from port 40000: the answer goes to port 2152 all the same.
        byte[] gpdu = fromPeer(N3, gtpu(V1 | 0x04, 0xff, 0x26, hex("0000 00 85  01 10 05 00"
                + "60000000 0000 3b 40 fd000009000100000000000000000007 fd000001000500000000000000000010")));
        assertArrayEquals(hex(FRAME_26),
                          ErrorIndicationMessage.frame(GtpuPacket.read(gpdu), MacAddress.valueOf(BEIJING_MAC)));
    }

    @Test
    public void noErrorIndicationNamesTeidZero() {
        try {
            ErrorIndicationMessage.message(0, Ip6Address.valueOf(N3));
            fail("TEID 0 gets no Error Indication (section 7.3.1)");
        } catch (IllegalArgumentException e) {
            // expected
        }
    }
}
