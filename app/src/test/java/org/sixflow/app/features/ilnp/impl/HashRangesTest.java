// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.junit.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;

/**
 * The hash ranges of weights and the flow hash, held to the vectors pipeconf/ptf/tests/test_ilnp.py
 * computes with its own {@code shares} and {@code crc16} (and which bmv2 agrees with there).
 */
public class HashRangesTest {

    private static HashRanges.Range range(int low, int high) {
        return new HashRanges.Range(low, high);
    }

    @Test
    public void theWeightsOfThePacketTests() {
        // shares({2: 100, 3: 0}), shares({2: 0, 3: 100}): one uplink owns the whole hash.
        assertEquals(Map.of(0, range(0, 65535)), HashRanges.of(List.of(100, 0)));
        assertEquals(Map.of(1, range(0, 65535)), HashRanges.of(List.of(0, 100)));
        // shares({2: 50, 3: 50}): 50 * 65536 // 100 = 32768.
        assertEquals(Map.of(0, range(0, 32767), 1, range(32768, 65535)), HashRanges.of(List.of(50, 50)));
        // shares({2: 80, 3: 20}): 80 * 65536 // 100 = 52428; from 50/50 the flows with 32768 <= hash < 52428 move.
        assertEquals(Map.of(0, range(0, 52427), 1, range(52428, 65535)), HashRanges.of(List.of(80, 20)));
        assertEquals(true, HashRanges.of(List.of(100, 0)).get(0).whole());
        assertEquals(false, HashRanges.of(List.of(80, 20)).get(0).whole());
    }

    @Test
    public void threeUplinksAndAZeroBetweenThemTileTheHash() {
        // 33 * 65536 // 100 = 21626: [0, 21625], [21626, 43251], the last to 65535.
        assertEquals(Map.of(0, range(0, 21625), 1, range(21626, 43251), 2, range(43252, 65535)),
                     HashRanges.of(List.of(33, 33, 34)));
        assertEquals(Map.of(0, range(0, 6552), 2, range(6553, 65535)), HashRanges.of(List.of(10, 0, 90)));
        // 1 % rounds down: 655 values; the last uplink takes what the division leaves.
        assertEquals(Map.of(0, range(0, 654), 1, range(655, 65535)), HashRanges.of(List.of(1, 99)));
    }

    @Test
    public void theFlowHashIsCrc16Arc() {
        // CRC-16/ARC's check value.
        assertEquals(0xBB3D, FlowHash.crc16("123456789".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(0, FlowHash.crc16(new byte[0]));
        // The 21 octets of a flow, in the order ilnp.p4 hashes them.
        byte[] flow = new byte[21];
        flow[7] = 0x42;
        flow[15] = (byte) 0x99;
        flow[16] = 58;
        assertEquals(FlowHash.crc16(flow), FlowHash.of(0x42, 0x99, 58, 0, 0));
        // test_ilnp.py's crc16 of the same 21 octets.
        assertEquals(0x8E87, FlowHash.of(0x42, 0x99, 58, 0, 0));
        flow[17] = 0x12;
        flow[18] = 0x34;
        flow[20] = 80;
        assertEquals(FlowHash.crc16(flow), FlowHash.of(0x42, 0x99, 58, 0x1234, 80));
    }
}
