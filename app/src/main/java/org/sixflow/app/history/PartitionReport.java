// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;

import java.util.List;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What one run of the {@link PartitionMaintainer} changed.
 */
public final class PartitionReport {

    private final List<String> created;
    private final List<String> dropped;
    private final long rowsMoved;
    private final long rowsExpired;
    private final int partitions;
    private final List<String> failures;

    /**
     * Creates a report.
     *
     * @param created     day partitions created, schema-qualified
     * @param dropped     day partitions dropped, schema-qualified
     * @param rowsMoved   rows moved from default partitions into new day partitions
     * @param rowsExpired rows older than the retention deleted from default partitions
     * @param partitions  day partitions of all tables after the run
     * @param failures    why tables could not be maintained, one line each
     */
    public PartitionReport(List<String> created, List<String> dropped, long rowsMoved, long rowsExpired,
                           int partitions, List<String> failures) {
        this.created = ImmutableList.copyOf(checkNotNull(created));
        this.dropped = ImmutableList.copyOf(checkNotNull(dropped));
        this.rowsMoved = rowsMoved;
        this.rowsExpired = rowsExpired;
        this.partitions = partitions;
        this.failures = ImmutableList.copyOf(checkNotNull(failures));
    }

    public List<String> created() {
        return created;
    }

    public List<String> dropped() {
        return dropped;
    }

    public long rowsMoved() {
        return rowsMoved;
    }

    public long rowsExpired() {
        return rowsExpired;
    }

    public int partitions() {
        return partitions;
    }

    public List<String> failures() {
        return failures;
    }

    /**
     * Tells whether the run changed anything.
     *
     * @return false when every partition was already there and nothing had expired
     */
    public boolean changedAnything() {
        return !created.isEmpty() || !dropped.isEmpty() || rowsMoved > 0 || rowsExpired > 0;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("created", created).add("dropped", dropped)
                .add("rowsMoved", rowsMoved).add("rowsExpired", rowsExpired).add("partitions", partitions)
                .add("failures", failures).toString();
    }
}
