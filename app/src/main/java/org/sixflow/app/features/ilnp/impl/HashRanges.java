// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Which range of the 16-bit flow hash each uplink of a site owns, in proportion to its weight
 * (docs/features/ilnp.md, and test_ilnp.py's {@code shares}, which this is held to): in port
 * order, uplink i owns [W_&lt;i, W_&le;i) &times; 65536 / 100 with integer division, the last
 * one up to 65535; an uplink of weight 0 owns none.
 */
final class HashRanges {

    /** How many hash values there are. */
    static final int BUCKETS = 1 << IlnpPipeline.BUCKET_BITWIDTH;

    private HashRanges() {
    }

    /** A range of hash values, both ends included. */
    static final class Range {
        final int low;
        final int high;

        Range(int low, int high) {
            this.low = low;
            this.high = high;
        }

        /** Whether it is the whole hash (written without the key: a don't-care to P4Runtime). */
        boolean whole() {
            return low == 0 && high == BUCKETS - 1;
        }

        boolean contains(int hash) {
            return low <= hash && hash <= high;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Range && low == ((Range) o).low && high == ((Range) o).high;
        }

        @Override
        public int hashCode() {
            return 31 * low + high;
        }

        @Override
        public String toString() {
            return "[" + low + ", " + high + "]";
        }
    }

    /**
     * The ranges of weights given in port order.
     *
     * @param weights each uplink's weight, percent, in port order; summing to 100
     * @return index of the uplink to its range; uplinks of weight 0 absent
     */
    static Map<Integer, Range> of(List<Integer> weights) {
        checkArgument(weights.stream().mapToInt(Integer::intValue).sum() == 100, "weights %s do not sum to 100",
                      weights);
        Map<Integer, Range> ranges = new LinkedHashMap<>();
        int start = 0;
        for (int i = 0; i < weights.size(); i++) {
            int end = i == weights.size() - 1 ? BUCKETS : start + weights.get(i) * BUCKETS / 100;
            if (end > start) {
                ranges.put(i, new Range(start, end - 1));
            }
            start = end;
        }
        return ranges;
    }
}
