// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;

import java.util.Optional;
import java.util.Random;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

/**
 * RFC 6296's arithmetic: the worked example of docs/features/nptv6.md, and generated cases held
 * to checksum neutrality, to the round trip, and to Linux's ip6t_NPT arithmetic written out
 * independently (32-bit partial sums folded, as csum_add/csum_sub/csum_fold do).
 */
public class ChecksumNeutralTest {

    private static final Ip6Prefix INTERNAL = Ip6Prefix.valueOf("fd01:203:405::/48");
    private static final Ip6Prefix EXTERNAL = Ip6Prefix.valueOf("2001:db8:1::/48");

    @Test
    public void workedExample() {
        // fd01 + 0203 + 0405 = 0x10309 -> 0x030a; 2001 + 0db8 + 0001 = 0x2dba.
        assertEquals(0x030a, ChecksumNeutral.sum(INTERNAL.address().toOctets()));
        assertEquals(0x2dba, ChecksumNeutral.sum(EXTERNAL.address().toOctets()));
        // 0x030a +' ~0x2dba (0xd245) = 0xd54f going out; 0x2dba +' ~0x030a (0xfcf5) = 0x2ab0 coming in.
        assertEquals(0xd54f, ChecksumNeutral.adjustment(INTERNAL, EXTERNAL));
        assertEquals(0x2ab0, ChecksumNeutral.adjustment(EXTERNAL, INTERNAL));
        Ip6Address host = Ip6Address.valueOf("fd01:203:405:1::1234");
        Ip6Address out = ChecksumNeutral.translate(host, INTERNAL, EXTERNAL).orElseThrow();
        assertEquals(Ip6Address.valueOf("2001:db8:1:d550::1234"), out);
        assertEquals(0x153f, ChecksumNeutral.sum(host.toOctets()));
        assertEquals(0x153f, ChecksumNeutral.sum(out.toOctets()));
        assertEquals(Optional.of(host), ChecksumNeutral.translate(out, EXTERNAL, INTERNAL));
    }

    @Test
    public void aResultOf0xFFFFIsWrittenAsZero() {
        // 0xffff - 0xd54f = 0x2ab0: the sum is 0xffff, written 0x0000.
        Ip6Address host = Ip6Address.valueOf("fd01:203:405:2ab0::1");
        assertEquals(Ip6Address.valueOf("2001:db8:1::1"),
                     ChecksumNeutral.translate(host, INTERNAL, EXTERNAL).orElseThrow());
        assertEquals(0, ChecksumNeutral.adjust(0xffff - 0x1234, 0x1234));
        assertEquals(2, ChecksumNeutral.adjust(0xffff, 2));   // 0xFFFF is zero: the carry comes back in
    }

    /**
     * nptv6.p4 computes the adjusted word as the upper half of (word ++ word) - (~adjustment ++
     * ~adjustment): one's-complement subtraction with its end-around borrow. It must be
     * {@link ChecksumNeutral#adjust} for every word the data plane translates (all but 0xFFFF).
     */
    @Test
    public void theDataPlanesSubtractionIsTheAdjustment() {
        Random random = new Random(1071);
        int[] adjustments = new int[64];
        for (int i = 0; i < adjustments.length; i++) {
            adjustments[i] = i < 4 ? new int[]{0, 1, 0xfffe, 0xffff}[i] : random.nextInt(0x10000);
        }
        for (int adjustment : adjustments) {
            long complement = ~adjustment & 0xffffL;
            for (int word = 0; word < 0xffff; word++) {
                long difference = ((((long) word << 16) | word) - ((complement << 16) | complement)) & 0xffffffffL;
                assertEquals(ChecksumNeutral.adjust(word, adjustment), (int) (difference >>> 16));
            }
        }
    }

    @Test
    public void subnet0xFFFFIsNotTranslated() {
        assertEquals(Optional.empty(), ChecksumNeutral.translate(Ip6Address.valueOf("fd01:203:405:ffff::1"),
                                                                 INTERNAL, EXTERNAL));
    }

    /** Linux's arithmetic (net/ipv6/netfilter/ip6t_NPT.c), restated: 32-bit sums, folded at the end. */
    private static int linuxFold(long sum) {
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        return (int) (~sum & 0xffff);   // csum_fold returns the complement
    }

    private static long linuxAdd(long a, long b) {
        long sum = (a & 0xffffffffL) + (b & 0xffffffffL);
        return (sum & 0xffffffffL) + (sum >>> 32);
    }

    private static long linuxSum(byte[] octets) {
        long sum = 0;
        for (int i = 0; i < 16; i += 2) {
            sum = linuxAdd(sum, ((octets[i] & 0xff) << 8) | (octets[i + 1] & 0xff));
        }
        return sum;
    }

    private static int linuxAdjusted(int word, Ip6Prefix from, Ip6Prefix to) {
        long srcSum = linuxSum(from.address().toOctets());
        long dstSum = linuxSum(to.address().toOctets());
        int adjustment = ~linuxFold(linuxAdd(srcSum, ~dstSum & 0xffffffffL)) & 0xffff;  // csum_sub
        int sum = ~linuxFold(linuxAdd(word, adjustment)) & 0xffff;
        return sum == 0xffff ? 0 : sum;
    }

    private static Ip6Prefix randomPrefix(Random random, int length) {
        byte[] octets = new byte[16];
        random.nextBytes(octets);
        return Ip6Prefix.valueOf(Ip6Address.valueOf(octets), length);
    }

    @Test
    public void generatedCasesAreNeutralReversibleAndLinuxs() {
        Random random = new Random(6296);
        for (int i = 0; i < 20000; i++) {
            int length = 1 + random.nextInt(48);
            Ip6Prefix from = randomPrefix(random, length);
            Ip6Prefix to = randomPrefix(random, length);
            byte[] octets = new byte[16];
            random.nextBytes(octets);
            if (i % 10 == 0) {   // words near the edges: 0, 0xffff - adjustment
                int word = i % 20 == 0 ? 0 : 0xffff - ChecksumNeutral.adjustment(from, to);
                octets[6] = (byte) (word >>> 8);
                octets[7] = (byte) word;
            }
            byte[] inside = Ip6Prefix.valueOf(Ip6Address.valueOf(octets), 128).address().toOctets();
            byte[] prefix = from.address().toOctets();
            for (int bit = 0; bit < length; bit++) {
                int mask = 0x80 >>> (bit % 8);
                inside[bit / 8] = (byte) ((inside[bit / 8] & ~mask) | (prefix[bit / 8] & mask));
            }
            Ip6Address address = Ip6Address.valueOf(inside);
            int subnet = ((inside[6] & 0xff) << 8) | (inside[7] & 0xff);
            Optional<Ip6Address> translated = ChecksumNeutral.translate(address, from, to);
            if (subnet == 0xffff) {
                assertEquals(Optional.empty(), translated);
                continue;
            }
            Ip6Address result = translated.orElseThrow();
            assertTrue(to.contains(result));
            // Neutral: the same one's-complement sum (0 and 0xffff are both zero).
            assertEquals(ChecksumNeutral.sum(address.toOctets()) % 0xffff, ChecksumNeutral.sum(result.toOctets()) % 0xffff);
            byte[] out = result.toOctets();
            assertEquals(linuxAdjusted(subnet, from, to), ((out[6] & 0xff) << 8) | (out[7] & 0xff));
            int resultSubnet = ((out[6] & 0xff) << 8) | (out[7] & 0xff);
            assertNotEquals(0xffff, resultSubnet);
            // Back again, unless the way in wrote 0x0000 for a subnet the site did not use.
            if (!from.equals(to)) {
                assertEquals(address, ChecksumNeutral.translate(result, to, from).orElseThrow());
            }
        }
    }
}
