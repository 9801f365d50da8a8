// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** A run of a study: its state, progress and times. */
public final class StudyRun {

    private final long id;
    private final String studyId;
    private final StudyRunState state;
    private final String reason;
    private final String node;
    private final Instant createdAt;
    private final Instant startedAt;
    private final Instant finishedAt;
    private final int cellsTotal;
    private final int cellsDone;

    /**
     * Creates a run's record.
     *
     * @param id         the run's number
     * @param studyId    its study
     * @param state      where it stands
     * @param reason     why it failed or was cancelled, or null
     * @param node       the instance that runs it
     * @param createdAt  when it was asked for
     * @param startedAt  when its first trial started, or null
     * @param finishedAt when it ended, or null
     * @param cellsTotal trials planned
     * @param cellsDone  trials done
     */
    public StudyRun(long id, String studyId, StudyRunState state, String reason, String node, Instant createdAt,
                    Instant startedAt, Instant finishedAt, int cellsTotal, int cellsDone) {
        this.id = id;
        this.studyId = Objects.requireNonNull(studyId);
        this.state = Objects.requireNonNull(state);
        this.reason = reason;
        this.node = node == null ? "" : node;
        this.createdAt = Objects.requireNonNull(createdAt);
        this.startedAt = startedAt;
        this.finishedAt = finishedAt;
        this.cellsTotal = cellsTotal;
        this.cellsDone = cellsDone;
    }

    public long id() {
        return id;
    }

    public String studyId() {
        return studyId;
    }

    public StudyRunState state() {
        return state;
    }

    public Optional<String> reason() {
        return Optional.ofNullable(reason);
    }

    /** The instance that runs it. */
    public String node() {
        return node;
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

    public int cellsTotal() {
        return cellsTotal;
    }

    public int cellsDone() {
        return cellsDone;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof StudyRun)) {
            return false;
        }
        StudyRun that = (StudyRun) o;
        return id == that.id && studyId.equals(that.studyId) && state == that.state
                && Objects.equals(reason, that.reason) && node.equals(that.node) && createdAt.equals(that.createdAt)
                && Objects.equals(startedAt, that.startedAt) && Objects.equals(finishedAt, that.finishedAt)
                && cellsTotal == that.cellsTotal && cellsDone == that.cellsDone;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, studyId, state, cellsDone);
    }

    @Override
    public String toString() {
        return "StudyRun{" + id + " of " + studyId + ", " + state + ", " + cellsDone + "/" + cellsTotal + "}";
    }
}
