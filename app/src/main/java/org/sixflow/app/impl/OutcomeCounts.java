// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import com.google.common.collect.ImmutableMap;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How many times each outcome happened (what became of punted packets, say), every outcome
 * present from the start so that a snapshot shows zeros too. Thread-safe.
 *
 * @param <E> the outcomes
 */
public final class OutcomeCounts<E extends Enum<E>> {

    private final Map<E, AtomicLong> counts;

    /**
     * Creates the counts, all zero.
     *
     * @param outcomes the outcomes' type
     */
    public OutcomeCounts(Class<E> outcomes) {
        Map<E, AtomicLong> m = new EnumMap<>(outcomes);
        for (E e : outcomes.getEnumConstants()) {
            m.put(e, new AtomicLong());
        }
        this.counts = m;
    }

    /**
     * Counts one more of an outcome.
     *
     * @param outcome what happened
     */
    public void count(E outcome) {
        counts.get(outcome).incrementAndGet();
    }

    /**
     * The counts now, by outcome in declaration order.
     *
     * @return outcome to count, zeros included
     */
    public Map<E, Long> snapshot() {
        ImmutableMap.Builder<E, Long> b = ImmutableMap.builder();
        counts.forEach((o, n) -> b.put(o, n.get()));
        return b.build();
    }
}
