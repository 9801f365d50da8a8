// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet.icmpv6;

import org.junit.Test;
import org.onlab.packet.MacAddress;

import java.util.Optional;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.sixflow.app.packet.icmpv6.Icmpv6FrameTest.hex;

/**
 * Echo Replies, octet by octet (RFC 4443 sections 4.1 and 4.2): from the address pinged, with the
 * request's identifier, sequence number and data; the checksums worked out apart from this code.
 */
public class EchoReplyTest {

    private static final MacAddress ROUTER = MacAddress.valueOf("00:aa:00:00:00:01");
    private static final MacAddress HOST = MacAddress.valueOf("00:00:00:00:01:10");

    /** h_bj pings its gateway: identifier 0x1234, sequence 7, data "sixflow". */
    static final String REQUEST = "60000000" + "000f" + "3a" + "40"
            + "fd000001000100000000000000000010" + "fd000001000100000000000000000001"
            + "80" + "00" + "a424" + "1234" + "0007" + "736978666c6f77";

    @Test
    public void anEchoRequestIsAnsweredFromTheAddressPinged() {
        String reply = "000000000110" + "00aa00000001" + "86dd"
                + "60000000" + "000f" + "3a" + "ff"
                + "fd000001000100000000000000000001" + "fd000001000100000000000000000010"
                + "81" + "00" + "a324" + "1234" + "0007" + "736978666c6f77";
        assertArrayEquals(hex(reply), EchoReply.to(ROUTER, HOST, hex(REQUEST)).orElseThrow());
    }

    @Test
    public void aHopByHopHeaderInFrontIsPassedOver() {
        // The same request behind an 8-octet Hop-by-Hop header (a PadN option), as an APN6 policy's
        // insertion would put one: the upper-layer length in the checksum stays 15.
        String withHopByHop = "60000000" + "0017" + "00" + "40"
                + "fd000001000100000000000000000010" + "fd000001000100000000000000000001"
                + "3a" + "00" + "010400000000"
                + "80" + "00" + "a424" + "1234" + "0007" + "736978666c6f77";
        byte[] reply = EchoReply.to(ROUTER, HOST, hex(withHopByHop)).orElseThrow();
        assertEquals("a reply without the header", 14 + 40 + 15, reply.length);
        assertEquals(0xa324, ((reply[56] & 0xff) << 8) | (reply[57] & 0xff));
    }

    @Test
    public void aBadChecksumIsNotAnswered() {
        assertEquals(Optional.empty(), EchoReply.to(ROUTER, HOST, hex(REQUEST.replace("a424", "a425"))));
    }

    @Test
    public void otherMessagesAreNotAnswered() {
        String reply = REQUEST.replace("80" + "00" + "a424", "81" + "00" + "a324");
        assertEquals("an Echo Reply", Optional.empty(), EchoReply.to(ROUTER, HOST, hex(reply)));
        assertEquals("cut short", Optional.empty(), EchoReply.to(ROUTER, HOST, hex(REQUEST.substring(0, 90))));
        String udp = REQUEST.replace("000f3a40", "000f1140");
        assertEquals("not ICMPv6", Optional.empty(), EchoReply.to(ROUTER, HOST, hex(udp)));
    }
}
