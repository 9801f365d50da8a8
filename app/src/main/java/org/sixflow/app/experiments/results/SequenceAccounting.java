// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import java.util.BitSet;

/**
 * Loss, duplication and reordering of numbered packets, from the numbers in arrival order:
 * received counts distinct numbers, a number seen again is a duplicate, and a packet is reordered
 * when a higher number arrived before it (RFC 4737's Type-P-Reordered, duplicates not counted).
 */
public final class SequenceAccounting {

    private final long sent;
    private final long received;
    private final long duplicates;
    private final long reordered;

    private SequenceAccounting(long sent, long received, long duplicates, long reordered) {
        this.sent = sent;
        this.received = received;
        this.duplicates = duplicates;
        this.reordered = reordered;
    }

    /**
     * Accounts for the packets numbered first .. first + sent − 1.
     *
     * @param first    the first number sent
     * @param sent     how many were sent
     * @param arrivals numbers in arrival order (others are ignored)
     * @return the accounting
     */
    public static SequenceAccounting of(long first, long sent, long[] arrivals) {
        BitSet seen = new BitSet();
        long received = 0;
        long duplicates = 0;
        long reordered = 0;
        long highest = Long.MIN_VALUE;
        for (long number : arrivals) {
            long offset = number - first;
            if (offset < 0 || offset >= sent) {
                continue;
            }
            if (seen.get((int) offset)) {
                duplicates++;
                continue;
            }
            seen.set((int) offset);
            received++;
            if (number < highest) {
                reordered++;
            } else {
                highest = number;
            }
        }
        return new SequenceAccounting(sent, received, duplicates, reordered);
    }

    public long sent() {
        return sent;
    }

    public long received() {
        return received;
    }

    public long lost() {
        return sent - received;
    }

    public long duplicates() {
        return duplicates;
    }

    public long reordered() {
        return reordered;
    }
}
