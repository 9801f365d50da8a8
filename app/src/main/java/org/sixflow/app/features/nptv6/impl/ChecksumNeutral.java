// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.sixflow.app.features.nptv6.api.Nptv6Mapping;

import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * RFC 6296's checksum-neutral translation, for prefixes of one length up to /48 (what the data
 * plane does, and its reference): the prefix bits are replaced and word 3 of the address (bits
 * 48-63, the subnet) gets the mapping's adjustment added in one's-complement arithmetic, so that
 * the one's-complement sum of the address's eight words, hence the pseudo-header checksum of
 * every transport, stays what it was.
 */
public final class ChecksumNeutral {

    /** The word the adjustment goes into for /48 and shorter (RFC 6296 section 3.2): bits 48-63. */
    public static final int ADJUSTED_WORD = 3;

    private static final int WORD = 0xffff;

    private ChecksumNeutral() {
    }

    /**
     * One's-complement sum (RFC 1071) of the 16-bit words of an address, end-around carry folded.
     *
     * @param octets 16 octets, most significant first
     * @return the sum, 0..0xFFFF
     */
    public static int sum(byte[] octets) {
        checkArgument(octets.length % 2 == 0, "an odd number of octets");
        int sum = 0;
        for (int i = 0; i < octets.length; i += 2) {
            sum = add(sum, word(octets, i / 2));
        }
        return sum;
    }

    /**
     * a +' b: one's-complement addition of two 16-bit words (the carry goes back in).
     *
     * @param a a word
     * @param b a word
     * @return the sum (0xFFFF and 0 both stand for zero; 0 only when both are 0)
     */
    public static int add(int a, int b) {
        int sum = (a & WORD) + (b & WORD);
        return (sum & WORD) + (sum >>> 16);
    }

    /**
     * The adjustment a mapping from one prefix to another adds to the adjusted word (RFC 6296
     * section 3.2): the sum of the old prefix's words minus the sum of the new one's, in
     * one's-complement arithmetic. It depends only on the two prefixes.
     *
     * @param from the prefix the address has
     * @param to   the prefix it gets
     * @return the adjustment, 0..0xFFFF
     */
    public static int adjustment(Ip6Prefix from, Ip6Prefix to) {
        return add(sum(from.address().toOctets()), ~sum(to.address().toOctets()) & WORD);
    }

    /**
     * The adjusted word: word +' adjustment, a result of 0xFFFF written as 0x0000 (RFC 6296).
     *
     * @param word       the address's word 3
     * @param adjustment the mapping's adjustment
     * @return the new word
     */
    public static int adjust(int word, int adjustment) {
        int adjusted = add(word, adjustment);
        return adjusted == WORD ? 0 : adjusted;
    }

    /**
     * Translates an address from one prefix to the other, as the data plane does.
     *
     * @param address an address inside {@code from}
     * @param from    its prefix (/1 to /48)
     * @param to      the prefix it gets, of the same length
     * @return the translated address, or empty when its subnet word is 0xFFFF, which RFC 6296
     *         does not translate (the packet is dropped, with an ICMPv6 Parameter Problem)
     * @throws IllegalArgumentException if the address is outside {@code from} or the prefixes
     *                                  are not of one length up to /48
     */
    public static Optional<Ip6Address> translate(Ip6Address address, Ip6Prefix from, Ip6Prefix to) {
        checkArgument(from.contains(address), "%s is not inside %s", address, from);
        checkArgument(from.prefixLength() == to.prefixLength() && from.prefixLength() <= Nptv6Mapping.MAX_PREFIX_LENGTH,
                      "%s and %s: prefixes of one length up to /48 only", from, to);
        byte[] octets = address.toOctets();
        int subnet = word(octets, ADJUSTED_WORD);
        if (subnet == WORD) {
            return Optional.empty();
        }
        byte[] toOctets = to.address().toOctets();
        int length = from.prefixLength();
        for (int bit = 0; bit < length; bit++) {
            int mask = 0x80 >>> (bit % 8);
            octets[bit / 8] = (byte) ((octets[bit / 8] & ~mask) | (toOctets[bit / 8] & mask));
        }
        int adjusted = adjust(subnet, adjustment(from, to));
        octets[2 * ADJUSTED_WORD] = (byte) (adjusted >>> 8);
        octets[2 * ADJUSTED_WORD + 1] = (byte) adjusted;
        return Optional.of(Ip6Address.valueOf(octets));
    }

    private static int word(byte[] octets, int index) {
        return ((octets[2 * index] & 0xff) << 8) | (octets[2 * index + 1] & 0xff);
    }
}
