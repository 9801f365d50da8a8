// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.onlab.packet.Ip6Address;
import org.sixflow.app.features.ilnp.api.LocatorUpdate;

import java.util.Arrays;

/**
 * An Ethernet frame carrying an ICMPv6 Locator Update, read by {@link LocatorUpdateParser}: the
 * frame as received (trailing Ethernet padding cut off) and where its fields are.
 */
final class LocatorUpdateFrame {

    /** Ethernet header octets. */
    static final int ETHERNET = 14;
    /** Where the IPv6 hop limit, source and destination are in the frame. */
    static final int HOP_LIMIT = ETHERNET + 7;
    static final int SOURCE = ETHERNET + 8;
    static final int DESTINATION = ETHERNET + 24;

    private final byte[] frame;
    private final LocatorUpdate message;

    LocatorUpdateFrame(byte[] frame, LocatorUpdate message) {
        this.frame = frame;
        this.message = message;
    }

    /** A copy of the frame. */
    byte[] frame() {
        return frame.clone();
    }

    /** The message. */
    LocatorUpdate message() {
        return message;
    }

    int hopLimit() {
        return frame[HOP_LIMIT] & 0xff;
    }

    Ip6Address source() {
        return Ip6Address.valueOf(Arrays.copyOfRange(frame, SOURCE, SOURCE + 16));
    }

    Ip6Address destination() {
        return Ip6Address.valueOf(Arrays.copyOfRange(frame, DESTINATION, DESTINATION + 16));
    }

    /** The upper (locator) or lower (identifier) 64 bits of the address at an offset. */
    long half(int offset, boolean upper) {
        return half(frame, offset, upper);
    }

    /** The upper (locator) or lower (identifier) 64 bits of the address at an offset of some bytes. */
    static long half(byte[] bytes, int offset, boolean upper) {
        long value = 0;
        int from = offset + (upper ? 0 : 8);
        for (int i = 0; i < 8; i++) {
            value = (value << 8) | (bytes[from + i] & 0xff);
        }
        return value;
    }
}
