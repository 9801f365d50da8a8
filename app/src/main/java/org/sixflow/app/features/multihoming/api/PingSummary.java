// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import java.util.Objects;
import java.util.Optional;

/** What ping said: echoes sent and answered, and the round-trip times (absent when none came back). */
public final class PingSummary {

    private final int sent;
    private final int received;
    private final Double minMs;
    private final Double meanMs;
    private final Double maxMs;
    private final Double mdevMs;

    /**
     * Creates a summary.
     *
     * @param sent     echo requests sent
     * @param received replies
     * @param minMs    smallest RTT, or null when none came back
     * @param meanMs   mean RTT, or null
     * @param maxMs    largest RTT, or null
     * @param mdevMs   ping's mean deviation, or null
     */
    public PingSummary(int sent, int received, Double minMs, Double meanMs, Double maxMs, Double mdevMs) {
        this.sent = sent;
        this.received = received;
        this.minMs = minMs;
        this.meanMs = meanMs;
        this.maxMs = maxMs;
        this.mdevMs = mdevMs;
    }

    public int sent() {
        return sent;
    }

    public int received() {
        return received;
    }

    public Optional<Double> minMs() {
        return Optional.ofNullable(minMs);
    }

    public Optional<Double> meanMs() {
        return Optional.ofNullable(meanMs);
    }

    public Optional<Double> maxMs() {
        return Optional.ofNullable(maxMs);
    }

    public Optional<Double> mdevMs() {
        return Optional.ofNullable(mdevMs);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PingSummary)) {
            return false;
        }
        PingSummary that = (PingSummary) o;
        return sent == that.sent && received == that.received && Objects.equals(minMs, that.minMs)
                && Objects.equals(meanMs, that.meanMs) && Objects.equals(maxMs, that.maxMs)
                && Objects.equals(mdevMs, that.mdevMs);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sent, received, minMs, meanMs, maxMs, mdevMs);
    }

    @Override
    public String toString() {
        return received + "/" + sent + " answered, mean " + meanMs + " ms";
    }
}
