// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Where a latency series comes from: the per-packet samples of telemetry reports, or the
 * data plane's counters and registers that the aggregate poller reads.
 */
public enum LatencySource {
    /** Per-packet samples (sixflow.latency_samples). */
    SAMPLES("samples"),
    /** Polled per-port aggregates (sixflow.latency_aggregates). */
    AGGREGATES("aggregates");

    private final String label;

    LatencySource(String label) {
        this.label = label;
    }

    /**
     * Returns the REST/CLI name.
     *
     * @return label
     */
    public String label() {
        return label;
    }

    /**
     * Reads a label.
     *
     * @param text "samples" or "aggregates"
     * @return the source
     * @throws IllegalArgumentException naming the labels, for anything else
     */
    public static LatencySource parse(String text) {
        return Arrays.stream(values()).filter(s -> s.label.equals(text)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown source " + text + "; use one of " + Arrays.stream(values())
                                .map(LatencySource::label).collect(Collectors.joining(", "))));
    }

    @Override
    public String toString() {
        return label;
    }
}
