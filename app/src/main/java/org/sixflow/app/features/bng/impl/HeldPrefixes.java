// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onlab.packet.Ip6Prefix;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The prefixes going sessions hold (their /64s, or their delegated prefixes), and the lowest free
 * one of a pool. Every prefix of the pool below {@code hint} is held, so a search starts there: a
 * session's setup costs the same with 10 or 8,192 sessions held (it walked them all before).
 */
final class HeldPrefixes {

    /** How far one search goes past the hint. */
    static final long SEARCH = 1 << 16;

    /** How many going sessions hold each prefix (two sessions of one line hold its configured /64). */
    private final Map<Ip6Prefix, Integer> held = new HashMap<>();
    private Ip6Prefix pool;
    private int length;
    private long hint;

    void hold(Ip6Prefix prefix) {
        held.merge(prefix, 1, Integer::sum);
    }

    void release(Ip6Prefix prefix) {
        if (prefix == null || !held.containsKey(prefix)) {
            return;
        }
        if (held.merge(prefix, -1, Integer::sum) == 0) {
            held.remove(prefix);
            if (pool != null && pool.contains(prefix) && prefix.prefixLength() == length) {
                hint = Math.min(hint, index(prefix));
            }
        }
    }

    /**
     * The lowest prefix of a length in a pool (both at most /64) that nobody holds; it is not held
     * until {@link #hold} says so.
     *
     * @param of    the pool
     * @param width the length of its prefixes
     * @return the prefix, empty when the pool (or the search) has none
     */
    Optional<Ip6Prefix> lowestFree(Ip6Prefix of, int width) {
        if (!of.equals(pool) || width != length) {
            pool = of;
            length = width;
            hint = 0;
        }
        long count = 1L << Math.min(62, length - pool.prefixLength());
        for (long i = hint; i < Math.min(count, hint + SEARCH); i++) {
            Ip6Prefix candidate = at(i);
            if (!held.containsKey(candidate)) {
                hint = i;
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private Ip6Prefix at(long index) {
        long base = ByteBuffer.wrap(pool.address().toOctets()).getLong();
        byte[] octets = ByteBuffer.allocate(16).putLong(base + (index << (64 - length))).array();
        return Ip6Prefix.valueOf(octets, length);
    }

    private long index(Ip6Prefix prefix) {
        long base = ByteBuffer.wrap(pool.address().toOctets()).getLong();
        long upper = ByteBuffer.wrap(prefix.address().toOctets()).getLong();
        return (upper - base) >>> (64 - length);
    }
}
