// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Rows the history database refused and Sixflow set aside in sixflow.quarantined_rows instead of
 * retrying them forever: how many that table holds, and the latest refusal this instance saw.
 */
public final class QuarantineStatus {

    private final long rows;
    private final Instant lastQuarantined;
    private final String lastReason;

    private QuarantineStatus(long rows, Instant lastQuarantined, String lastReason) {
        checkArgument(rows >= 0, "rows must not be negative");
        checkArgument((lastQuarantined == null) == (lastReason == null),
                      "the latest refusal needs both its time and its reason");
        this.rows = rows;
        this.lastQuarantined = lastQuarantined;
        this.lastReason = lastReason;
    }

    /**
     * Creates a status.
     *
     * @param rows            rows in sixflow.quarantined_rows (counted on connecting and at each
     *                        partition maintenance, plus what this instance quarantined since)
     * @param lastQuarantined when this instance last quarantined a row; null if it has not
     * @param lastReason      what PostgreSQL said then, with the destination; null if nothing was
     * @return the status
     */
    public static QuarantineStatus of(long rows, Instant lastQuarantined, String lastReason) {
        return new QuarantineStatus(rows, lastQuarantined, lastReason);
    }

    public long rows() {
        return rows;
    }

    public Optional<Instant> lastQuarantined() {
        return Optional.ofNullable(lastQuarantined);
    }

    public Optional<String> lastReason() {
        return Optional.ofNullable(lastReason);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof QuarantineStatus)) {
            return false;
        }
        QuarantineStatus that = (QuarantineStatus) o;
        return rows == that.rows && Objects.equals(lastQuarantined, that.lastQuarantined)
                && Objects.equals(lastReason, that.lastReason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(rows, lastQuarantined, lastReason);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("rows", rows).add("lastQuarantined", lastQuarantined)
                .add("lastReason", lastReason).toString();
    }
}
