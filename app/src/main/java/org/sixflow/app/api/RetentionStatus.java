// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * How the history database's day partitions are kept: the retention, what the hourly maintenance
 * has created, moved, dropped and deleted since the database was connected, and whether its last
 * run failed.
 */
public final class RetentionStatus {

    private final int retentionDays;
    private final Instant lastRun;
    private final int partitions;
    private final long partitionsCreated;
    private final long partitionsDropped;
    private final long rowsMoved;
    private final long rowsExpired;
    private final String error;

    private RetentionStatus(int retentionDays, Instant lastRun, int partitions, long partitionsCreated,
                            long partitionsDropped, long rowsMoved, long rowsExpired, String error) {
        checkArgument(retentionDays > 0, "retentionDays must be positive");
        checkArgument(partitions >= 0 && partitionsCreated >= 0 && partitionsDropped >= 0 && rowsMoved >= 0
                              && rowsExpired >= 0, "counts must not be negative");
        this.retentionDays = retentionDays;
        this.lastRun = checkNotNull(lastRun);
        this.partitions = partitions;
        this.partitionsCreated = partitionsCreated;
        this.partitionsDropped = partitionsDropped;
        this.rowsMoved = rowsMoved;
        this.rowsExpired = rowsExpired;
        this.error = error;
    }

    /**
     * Creates a status.
     *
     * @param retentionDays     days of history kept
     * @param lastRun           when the maintenance last ran
     * @param partitions        day partitions the tables have after that run
     * @param partitionsCreated day partitions created since the database was connected
     * @param partitionsDropped day partitions dropped since then, as older than the retention
     * @param rowsMoved         rows moved since then from default partitions into new day partitions
     * @param rowsExpired       rows deleted since then from default partitions, as older than the retention
     * @param error             why the last run failed, in part or whole; null if it did not
     * @return the status
     */
    public static RetentionStatus of(int retentionDays, Instant lastRun, int partitions, long partitionsCreated,
                                     long partitionsDropped, long rowsMoved, long rowsExpired, String error) {
        return new RetentionStatus(retentionDays, lastRun, partitions, partitionsCreated, partitionsDropped,
                                   rowsMoved, rowsExpired, error);
    }

    public int retentionDays() {
        return retentionDays;
    }

    public Instant lastRun() {
        return lastRun;
    }

    public int partitions() {
        return partitions;
    }

    public long partitionsCreated() {
        return partitionsCreated;
    }

    public long partitionsDropped() {
        return partitionsDropped;
    }

    public long rowsMoved() {
        return rowsMoved;
    }

    public long rowsExpired() {
        return rowsExpired;
    }

    public Optional<String> error() {
        return Optional.ofNullable(error);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof RetentionStatus)) {
            return false;
        }
        RetentionStatus that = (RetentionStatus) o;
        return retentionDays == that.retentionDays && lastRun.equals(that.lastRun) && partitions == that.partitions
                && partitionsCreated == that.partitionsCreated && partitionsDropped == that.partitionsDropped
                && rowsMoved == that.rowsMoved && rowsExpired == that.rowsExpired && Objects.equals(error, that.error);
    }

    @Override
    public int hashCode() {
        return Objects.hash(retentionDays, lastRun, partitions, partitionsCreated, partitionsDropped, rowsMoved,
                            rowsExpired, error);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("retentionDays", retentionDays).add("lastRun", lastRun)
                .add("partitions", partitions).add("partitionsCreated", partitionsCreated)
                .add("partitionsDropped", partitionsDropped).add("rowsMoved", rowsMoved)
                .add("rowsExpired", rowsExpired).add("error", error).toString();
    }
}
