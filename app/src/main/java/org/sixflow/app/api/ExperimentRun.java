// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One run of an experiment: its state, who runs it, how far it got, and once it is done how
 * well the sender kept the interval and how long the results took after the last packet.
 */
public final class ExperimentRun {

    private final long id;
    private final String experimentId;
    private final ExperimentRunState state;
    private final String reason;
    private final String node;
    private final Instant createdAt;
    private final Instant startedAt;
    private final Instant finishedAt;
    private final long sent;
    private final long total;
    private final boolean cancelRequested;
    private final PacingSummary pacing;
    private final Long resultsMillis;

    private ExperimentRun(Builder b) {
        id = b.id;
        experimentId = checkNotNull(b.experimentId, "experimentId");
        state = checkNotNull(b.state, "state");
        reason = b.reason;
        node = b.node;
        createdAt = checkNotNull(b.createdAt, "createdAt");
        startedAt = b.startedAt;
        finishedAt = b.finishedAt;
        sent = b.sent;
        total = b.total;
        cancelRequested = b.cancelRequested;
        pacing = b.pacing;
        resultsMillis = b.resultsMillis;
    }

    /**
     * Starts a run description.
     *
     * @param id           the run id
     * @param experimentId its experiment
     * @return a builder (state QUEUED)
     */
    public static Builder builder(long id, String experimentId) {
        return new Builder(id, experimentId);
    }

    /**
     * Returns a builder holding this run's values.
     *
     * @return the builder
     */
    public Builder toBuilder() {
        return new Builder(id, experimentId).state(state).reason(reason).node(node).createdAt(createdAt)
                .startedAt(startedAt).finishedAt(finishedAt).progress(sent, total).cancelRequested(cancelRequested)
                .pacing(pacing).resultsMillis(resultsMillis);
    }

    public long id() {
        return id;
    }

    public String experimentId() {
        return experimentId;
    }

    public ExperimentRunState state() {
        return state;
    }

    /** Why the run failed or was cancelled. */
    public Optional<String> reason() {
        return Optional.ofNullable(reason);
    }

    /** The ONOS instance that runs or ran it. */
    public Optional<String> node() {
        return Optional.ofNullable(node);
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Optional<Instant> startedAt() {
        return Optional.ofNullable(startedAt);
    }

    public Optional<Instant> finishedAt() {
        return Optional.ofNullable(finishedAt);
    }

    /** Packets sent so far (warm-up included). */
    public long sent() {
        return sent;
    }

    /** Packets the run sends in all. */
    public long total() {
        return total;
    }

    /** Sent over total, 0..1 (1 for a run with nothing to send). */
    public double progress() {
        return total == 0 ? (state.isFinal() ? 1 : 0) : Math.min(1.0, (double) sent / total);
    }

    /** Whether someone asked to cancel it (the running instance stops at its next packet). */
    public boolean cancelRequested() {
        return cancelRequested;
    }

    public Optional<PacingSummary> pacing() {
        return Optional.ofNullable(pacing);
    }

    /** Milliseconds from the last packet sent to the results stored. */
    public Optional<Long> resultsMillis() {
        return Optional.ofNullable(resultsMillis);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ExperimentRun)) {
            return false;
        }
        ExperimentRun r = (ExperimentRun) o;
        return id == r.id && experimentId.equals(r.experimentId) && state == r.state
                && Objects.equals(reason, r.reason) && Objects.equals(node, r.node) && createdAt.equals(r.createdAt)
                && Objects.equals(startedAt, r.startedAt) && Objects.equals(finishedAt, r.finishedAt)
                && sent == r.sent && total == r.total && cancelRequested == r.cancelRequested
                && Objects.equals(pacing, r.pacing) && Objects.equals(resultsMillis, r.resultsMillis);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, experimentId, state, reason, node, sent, total);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("id", id).add("experimentId", experimentId)
                .add("state", state).add("reason", reason).add("node", node).add("sent", sent).add("total", total)
                .toString();
    }

    /** Builds a run description. */
    public static final class Builder {
        private final long id;
        private final String experimentId;
        private ExperimentRunState state = ExperimentRunState.QUEUED;
        private String reason;
        private String node;
        private Instant createdAt;
        private Instant startedAt;
        private Instant finishedAt;
        private long sent;
        private long total;
        private boolean cancelRequested;
        private PacingSummary pacing;
        private Long resultsMillis;

        private Builder(long id, String experimentId) {
            this.id = id;
            this.experimentId = experimentId;
        }

        public Builder state(ExperimentRunState value) {
            state = value;
            return this;
        }

        public Builder reason(String value) {
            reason = value;
            return this;
        }

        public Builder node(String value) {
            node = value;
            return this;
        }

        public Builder createdAt(Instant value) {
            createdAt = value;
            return this;
        }

        public Builder startedAt(Instant value) {
            startedAt = value;
            return this;
        }

        public Builder finishedAt(Instant value) {
            finishedAt = value;
            return this;
        }

        public Builder progress(long sentSoFar, long all) {
            sent = sentSoFar;
            total = all;
            return this;
        }

        public Builder cancelRequested(boolean value) {
            cancelRequested = value;
            return this;
        }

        public Builder pacing(PacingSummary value) {
            pacing = value;
            return this;
        }

        public Builder resultsMillis(Long value) {
            resultsMillis = value;
            return this;
        }

        public ExperimentRun build() {
            return new ExperimentRun(this);
        }
    }
}
