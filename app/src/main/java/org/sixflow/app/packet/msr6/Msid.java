// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet.msr6;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;

import java.nio.ByteBuffer;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * A 128-bit M-SID: Locator(64) | Function(32) | Argument(16) | Pointer(16). The argument is the
 * Replication Number of an End.RL SID or the Local Bitstring of an End.RLB.X SID. Sixflow splits
 * the Function into the behaviour code (upper 16 bits, from netcfg) and the tree number (lower 16),
 * so that a SID names its tree and two trees never share a SID on a device.
 */
public final class Msid {

    /**
     * Width of the Argument, and so of an End.RLB.X Local Bitstring: a device's links take bits
     * 0 .. ARGUMENT_BITS - 1 (held to msr6_argument in p4src/common/header.p4 by P4DefinesTest).
     */
    public static final int ARGUMENT_BITS = 16;

    private Msid() {
    }

    /**
     * Builds an M-SID.
     *
     * @param locator  the node's /64 locator
     * @param function function value
     * @param argument Replication Number or Local Bitstring (16 bits)
     * @param pointer  index of the first child M-SID (16 bits)
     * @return the address
     */
    public static Ip6Address of(Ip6Prefix locator, long function, int argument, int pointer) {
        checkArgument(locator.prefixLength() == 64, "locator %s is not a /64", locator);
        checkArgument(function >= 0 && function <= 0xFFFF_FFFFL, "function %s does not fit 32 bits", function);
        checkArgument(argument >= 0 && argument <= 0xFFFF, "argument %s does not fit 16 bits", argument);
        checkArgument(pointer >= 0 && pointer <= 0xFFFF, "pointer %s does not fit 16 bits", pointer);
        ByteBuffer bytes = ByteBuffer.allocate(16);
        bytes.put(locator.address().toOctets(), 0, 8);
        bytes.putInt((int) function);
        bytes.putShort((short) argument);
        bytes.putShort((short) pointer);
        return Ip6Address.valueOf(bytes.array());
    }

    /**
     * Builds the Function of a tree's SID.
     *
     * @param code       the behaviour code (16 bits)
     * @param treeNumber the tree number (16 bits)
     * @return code << 16 | treeNumber
     */
    public static long function(long code, int treeNumber) {
        checkArgument(code >= 0 && code <= 0xFFFF, "behaviour code %s does not fit 16 bits", code);
        checkArgument(treeNumber >= 0 && treeNumber <= 0xFFFF, "tree number %s does not fit 16 bits", treeNumber);
        return code << 16 | treeNumber;
    }

    /** The behaviour code carried in the upper half of an M-SID's Function. */
    public static long behaviourCode(Ip6Address sid) {
        return function(sid) >>> 16;
    }

    /** The tree number carried in the lower half of an M-SID's Function. */
    public static int treeNumber(Ip6Address sid) {
        return (int) (function(sid) & 0xFFFF);
    }

    /** The /64 locator of an M-SID. */
    public static Ip6Prefix locator(Ip6Address sid) {
        return Ip6Prefix.valueOf(sid, 64);
    }

    public static long function(Ip6Address sid) {
        return ByteBuffer.wrap(sid.toOctets(), 8, 4).getInt() & 0xFFFF_FFFFL;
    }

    public static int argument(Ip6Address sid) {
        return ByteBuffer.wrap(sid.toOctets(), 12, 2).getShort() & 0xFFFF;
    }

    public static int pointer(Ip6Address sid) {
        return ByteBuffer.wrap(sid.toOctets(), 14, 2).getShort() & 0xFFFF;
    }
}
