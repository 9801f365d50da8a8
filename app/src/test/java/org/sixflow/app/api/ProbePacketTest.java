// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.junit.Test;
import org.onlab.packet.Ip6Address;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.testing.Rejections.assertRejected;

/**
 * An uplink GTP-U probe is made only of fields that make one, and every wrong field is named.
 */
public class ProbePacketTest {

    private static final Ip6Address PEER = Ip6Address.valueOf("fd00:1:3::10");
    private static final Ip6Address N3 = Ip6Address.valueOf("fd00:1:1::2152");
    private static final ProbePacket INNER = ProbePacket.of(Ip6Address.valueOf("fd00:99:1::10"), PEER, 40000, 5004,
                                                            64);

    @Test
    public void anUplinkProbeDescribesItsInnerPacketAndCarriesTheOuterHeaders() {
        ProbePacket p = ProbePacket.gtpu(PEER, N3, 0x1001, 2152, INNER);
        assertEquals(INNER.source(), p.source());
        assertEquals(INNER.destination(), p.destination());
        assertEquals(INNER.destinationPort(), p.destinationPort());
        assertEquals(N3, p.wireDestination());
        assertEquals(PEER, p.gtpu().orElseThrow().peerAddress());
        assertEquals(0x1001, p.gtpu().orElseThrow().teid());
        assertFalse(INNER.gtpu().isPresent());
        assertEquals(INNER.destination(), INNER.wireDestination());
        assertNotEquals(INNER, p);
        assertEquals(p, ProbePacket.gtpu(PEER, N3, 0x1001, 2152, INNER));
        assertNotEquals(p, ProbePacket.gtpu(PEER, N3, 0x1002, 2152, INNER));
        assertEquals(ProbePacket.MAX_TEID, ProbePacket.gtpu(PEER, N3, 0xffffffffL, 0, INNER).gtpu().get().teid());
    }

    @Test
    public void eachWrongFieldIsNamed() {
        Map<String, String> p = ProbePacket.gtpuProblems(Ip6Address.valueOf("ff02::1"), Ip6Address.valueOf("::"), 0,
                                                         70000, null);
        assertEquals(List.of("gtpu.peerAddress", "gtpu.n3Address", "gtpu.teid", "gtpu.sourcePort", "gtpu"),
                     List.copyOf(p.keySet()));
        assertTrue(p.get("gtpu.teid"), p.get("gtpu.teid").contains("1..4294967295"));
        assertTrue(ProbePacket.gtpuProblems(PEER, PEER, 1, 2152, INNER).get("gtpu.n3Address").contains("two ends"));
        assertTrue(ProbePacket.gtpuProblems(null, N3, 1L << 32, 2152, INNER).keySet()
                           .containsAll(List.of("gtpu.peerAddress", "gtpu.teid")));
        ProbePacket nested = ProbePacket.gtpu(PEER, N3, 1, 2152, INNER);
        assertTrue(ProbePacket.gtpuProblems(PEER, N3, 1, 2152, nested).get("gtpu").contains("itself a GTP-U"));
        assertEquals(Map.of(), ProbePacket.gtpuProblems(PEER, N3, 1, 2152, INNER));
    }

    @Test
    public void theFactoryRefusesWhatTheProblemsName() {
        assertRejected(() -> ProbePacket.gtpu(PEER, N3, 0, 2152, INNER), "gtpu.teid");
        assertRejected(() -> ProbePacket.gtpu(PEER, Ip6Address.valueOf("ff3e::1"), 5, 2152, INNER),
                       "gtpu.n3Address: ff3e::1 is not a unicast address");
        assertRejected(() -> ProbePacket.gtpu(PEER, N3, 5, -1, INNER), "gtpu.sourcePort");
    }
}
