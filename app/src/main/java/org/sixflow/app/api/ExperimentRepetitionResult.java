// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.util.Objects;
import java.util.Optional;

/**
 * A class in one repetition of a cell: what confidence intervals across repetitions are made of.
 */
public final class ExperimentRepetitionResult {

    private final int repetition;
    private final long sent;
    private final long received;
    private final Double mean;

    private ExperimentRepetitionResult(int repetition, long sent, long received, Double mean) {
        this.repetition = repetition;
        this.sent = sent;
        this.received = received;
        this.mean = mean;
    }

    /**
     * Creates a repetition's result.
     *
     * @param repetition from 0
     * @param sent       measured packets sent
     * @param received   of those, measured at the ingress device
     * @param mean       their mean latency (ns), or null with none received
     * @return the result
     */
    public static ExperimentRepetitionResult of(int repetition, long sent, long received, Double mean) {
        return new ExperimentRepetitionResult(repetition, sent, received, mean);
    }

    public int repetition() {
        return repetition;
    }

    public long sent() {
        return sent;
    }

    public long received() {
        return received;
    }

    public Optional<Double> mean() {
        return Optional.ofNullable(mean);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ExperimentRepetitionResult)) {
            return false;
        }
        ExperimentRepetitionResult r = (ExperimentRepetitionResult) o;
        return repetition == r.repetition && sent == r.sent && received == r.received && Objects.equals(mean, r.mean);
    }

    @Override
    public int hashCode() {
        return Objects.hash(repetition, sent, received, mean);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("repetition", repetition).add("sent", sent)
                .add("received", received).add("mean", mean).toString();
    }
}
