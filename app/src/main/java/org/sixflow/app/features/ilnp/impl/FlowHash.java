// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

/**
 * ilnp.p4's flow hash, as bmv2 computes it (HashAlgorithm.crc16: CRC-16/ARC, polynomial 0x8005
 * reflected, initial value 0, no final XOR) over the source and destination identifiers (the
 * lower 64 bits of each address), the upper-layer protocol and the two ports (0 without), 8 +
 * 8 + 1 + 2 + 2 octets. The controller uses it to send a Locator Update out of the uplink the
 * data plane would have chosen for it.
 */
final class FlowHash {

    private FlowHash() {
    }

    /**
     * CRC-16/ARC of some octets.
     *
     * @param data the octets
     * @return the CRC, 0..0xFFFF
     */
    static int crc16(byte[] data) {
        int crc = 0;
        for (byte b : data) {
            crc ^= b & 0xff;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 1) != 0 ? (crc >>> 1) ^ 0xA001 : crc >>> 1;
            }
        }
        return crc & 0xffff;
    }

    /**
     * The flow's hash.
     *
     * @param srcIdentifier the source address's lower 64 bits
     * @param dstIdentifier the destination address's
     * @param protocol      the upper-layer protocol
     * @param srcPort       its source port, 0 without
     * @param dstPort       its destination port, 0 without
     * @return the 16-bit hash
     */
    static int of(long srcIdentifier, long dstIdentifier, int protocol, int srcPort, int dstPort) {
        byte[] data = new byte[21];
        for (int i = 0; i < 8; i++) {
            data[i] = (byte) (srcIdentifier >>> (56 - 8 * i));
            data[8 + i] = (byte) (dstIdentifier >>> (56 - 8 * i));
        }
        data[16] = (byte) protocol;
        data[17] = (byte) (srcPort >>> 8);
        data[18] = (byte) srcPort;
        data[19] = (byte) (dstPort >>> 8);
        data[20] = (byte) dstPort;
        return crc16(data);
    }
}
