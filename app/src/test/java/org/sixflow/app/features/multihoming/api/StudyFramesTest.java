// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.multihoming.api.MultihomingProtocol.ILNP;
import static org.sixflow.app.features.multihoming.api.MultihomingProtocol.IPV6;
import static org.sixflow.app.features.multihoming.api.MultihomingProtocol.NPTV6;

/**
 * What trials send so that frames on the wire have the cell's size: Ethernet 14 (no FCS), IPv6
 * 40, ILNP's Nonce in a Destination Options header 8, UDP 8; TCP's MSS leaves its 20-octet header
 * out, and Linux takes the 12-octet timestamp option out of the MSS for each segment's payload
 * (iperf3 -M 1440 on this machine's loopback: `ss -ti` shows mss:1416 for -M 1428 and mss:1428
 * for -M 1440, so a full segment of -M 1440 is 14 + 40 + 20 + 12 + 1428 = 1514 octets).
 */
public class StudyFramesTest {

    private static final int TIMESTAMPS = 12;

    @Test
    public void udpDatagramsMakeFramesOfTheCellsSize() {
        assertEquals(66, StudyFrames.udpPayload(128, IPV6));
        assertEquals(66, StudyFrames.udpPayload(128, NPTV6));
        assertEquals("ILNP's Nonce option takes 8", 58, StudyFrames.udpPayload(128, ILNP));
        assertEquals(1452, StudyFrames.udpPayload(1514, IPV6));
        assertEquals(1444, StudyFrames.udpPayload(1514, ILNP));
        assertEquals(1514, 14 + 40 + 8 + StudyFrames.udpPayload(1514, NPTV6));
    }

    @Test
    public void fullTcpSegmentsMakeFramesOfTheCellsSize() {
        assertEquals(1440, StudyFrames.tcpMss(1514, IPV6));
        assertEquals(1440, StudyFrames.tcpMss(1514, NPTV6));
        assertEquals(1432, StudyFrames.tcpMss(1514, ILNP));
        for (MultihomingProtocol p : MultihomingProtocol.values()) {
            int nonce = p == ILNP ? 8 : 0;
            int payload = StudyFrames.tcpMss(1514, p) - TIMESTAMPS;
            assertEquals(p.name(), 1514, 14 + 40 + nonce + 20 + TIMESTAMPS + payload);
        }
    }

    @Test
    public void aFrameTakesTcpOnlyWhereItsMssIsLinuxsSmallestOrMore() {
        for (MultihomingProtocol p : MultihomingProtocol.values()) {
            assertFalse(p.name(), StudyFrames.tcpFits(128, p));
            assertTrue(p.name(), StudyFrames.tcpFits(1514, p));
        }
        assertEquals(88, StudyFrames.tcpMss(162, IPV6));
        assertTrue(StudyFrames.tcpFits(162, IPV6));
        assertFalse(StudyFrames.tcpFits(161, IPV6));
        assertTrue(StudyFrames.tcpFits(170, ILNP));
        assertFalse(StudyFrames.tcpFits(169, ILNP));
    }
}
