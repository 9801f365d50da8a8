// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.translate;

import com.google.protobuf.ByteString;
import org.onlab.util.ImmutableByteSequence;

import java.util.Arrays;

/**
 * P4Runtime binary strings. Values are sent in the canonical form of the P4Runtime
 * specification (section "Bytestrings"): the shortest big-endian string holding the value, at
 * least one byte. ONOS 2.7 pads every value to the field's full byte width instead; P4Runtime
 * servers must accept both, and answer reads in the canonical form, so canonical writes make
 * what is read back compare equal to what was written.
 */
public final class ByteStrings {

    private ByteStrings() {
    }

    /**
     * Returns the canonical string of a value that must fit a bit width.
     *
     * @param value    the value, big-endian, of any length
     * @param bitWidth the field's width in bits
     * @param what     what the value is, for the error message
     * @return the canonical string
     * @throws TranslationException if the value needs more than bitWidth bits
     */
    public static ByteString canonical(ImmutableByteSequence value, int bitWidth, String what)
            throws TranslationException {
        return canonical(value.asArray(), bitWidth, what);
    }

    /**
     * Returns the canonical string of a value that must fit a bit width.
     *
     * @param value    the value, big-endian, of any length
     * @param bitWidth the field's width in bits
     * @param what     what the value is, for the error message
     * @return the canonical string
     * @throws TranslationException if the value needs more than bitWidth bits
     */
    public static ByteString canonical(byte[] value, int bitWidth, String what) throws TranslationException {
        int bits = significantBits(value);
        if (bits > bitWidth) {
            throw new TranslationException(what + " needs " + bits + " bits but the field has " + bitWidth);
        }
        return canonical(value);
    }

    /**
     * Returns the canonical string of a value: leading zero bytes dropped, at least one byte.
     *
     * @param value the value, big-endian
     * @return the canonical string
     */
    public static ByteString canonical(byte[] value) {
        int first = 0;
        while (first < value.length - 1 && value[first] == 0) {
            first++;
        }
        return value.length == 0 ? ByteString.copyFrom(new byte[1]) : ByteString.copyFrom(value, first,
                                                                                           value.length - first);
    }

    /**
     * Returns a value read from a device at the field's full byte width, as ONOS's PI objects hold it.
     *
     * @param value    the string read (canonical or padded)
     * @param bitWidth the field's width in bits
     * @param what     what the value is, for the error message
     * @return the value, ceil(bitWidth / 8) bytes long
     * @throws TranslationException if the value needs more than bitWidth bits
     */
    public static ImmutableByteSequence fixedWidth(ByteString value, int bitWidth, String what)
            throws TranslationException {
        byte[] bytes = value.toByteArray();
        int bits = significantBits(bytes);
        if (bits > bitWidth) {
            throw new TranslationException(what + " read back needs " + bits + " bits but the field has "
                                                   + bitWidth);
        }
        int width = (bitWidth + 7) / 8;
        byte[] fixed = new byte[width];
        int copy = Math.min(width, bytes.length);
        System.arraycopy(bytes, bytes.length - copy, fixed, width - copy, copy);
        return ImmutableByteSequence.copyFrom(fixed);
    }

    /**
     * Tells whether a value is all zeros (e.g. a ternary mask that matches anything).
     *
     * @param value the value
     * @return true if every byte is zero
     */
    public static boolean isZero(ImmutableByteSequence value) {
        return significantBits(value.asArray()) == 0;
    }

    /**
     * Tells whether a value has all its bitWidth low bits set (e.g. a ternary mask that is exact).
     *
     * @param value    the value
     * @param bitWidth the field's width
     * @return true if the low bitWidth bits are ones
     */
    public static boolean isAllOnes(ImmutableByteSequence value, int bitWidth) {
        byte[] bytes = value.asArray();
        int ones = 0;
        for (int i = bytes.length - 1; i >= 0 && ones < bitWidth; i--) {
            int needed = Math.min(8, bitWidth - ones);
            int mask = (1 << needed) - 1;
            if ((bytes[i] & mask) != mask) {
                return false;
            }
            ones += needed;
        }
        return ones == bitWidth;
    }

    /**
     * Returns the number of bits a big-endian value needs (0 for zero).
     *
     * @param value the value
     * @return the index of its highest set bit plus one
     */
    static int significantBits(byte[] value) {
        for (int i = 0; i < value.length; i++) {
            if (value[i] != 0) {
                return (value.length - i - 1) * 8 + (32 - Integer.numberOfLeadingZeros(value[i] & 0xff));
            }
        }
        return 0;
    }

    /**
     * Returns the value as an unsigned long (for ports, indexes, ids).
     *
     * @param value big-endian bytes, at most 8 significant
     * @return the value
     */
    public static long toLong(byte[] value) {
        long result = 0;
        for (byte b : value) {
            result = (result << 8) | (b & 0xff);
        }
        return result;
    }

    /**
     * Returns a copy of bytes with their trailing bits past a prefix cleared, as P4Runtime requires
     * of LPM values and ternary values under their mask.
     *
     * @param value        the value
     * @param prefixLength how many leading bits stay
     * @return the masked copy
     */
    static byte[] keepPrefix(byte[] value, int prefixLength) {
        byte[] masked = Arrays.copyOf(value, value.length);
        for (int i = 0; i < masked.length; i++) {
            int keep = Math.max(0, Math.min(8, prefixLength - i * 8));
            masked[i] &= (byte) (0xff << (8 - keep));
        }
        return masked;
    }
}
