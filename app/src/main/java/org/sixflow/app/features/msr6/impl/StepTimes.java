// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * How long each step of one install took, in order, for the log line that reports the install:
 * an operator reading "in 1137 ms" needs to know whether the groups, the transit entries or the
 * ingress switch-over waited.
 */
final class StepTimes {

    private final Map<String, Long> millis = new LinkedHashMap<>();

    /**
     * Runs a step and records its time under a name.
     *
     * @param step the step's name
     * @param work the step
     * @param <T>  what it returns
     * @return what the step returned
     */
    <T> T time(String step, Supplier<T> work) {
        long started = System.nanoTime();
        try {
            return work.get();
        } finally {
            millis.merge(step, (System.nanoTime() - started) / 1_000_000, Long::sum);
        }
    }

    /**
     * The recorded time of a step.
     *
     * @param step the step's name
     * @return its milliseconds, or -1 when it did not run
     */
    long millis(String step) {
        return millis.getOrDefault(step, -1L);
    }

    @Override
    public String toString() {
        return millis.entrySet().stream().map(e -> e.getKey() + " " + e.getValue() + " ms")
                .collect(Collectors.joining(", "));
    }
}
