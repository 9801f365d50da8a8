// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.p4rt;

import com.google.common.collect.ImmutableList;

import java.util.List;

/**
 * The outcome of one WriteRequest: one status per update, in the request's order.
 */
public final class WriteResult {

    private final List<UpdateStatus> statuses;

    /**
     * Creates a result.
     *
     * @param statuses one per update, in order
     */
    public WriteResult(List<UpdateStatus> statuses) {
        this.statuses = ImmutableList.copyOf(statuses);
    }

    /** One status per update, in the request's order. */
    public List<UpdateStatus> statuses() {
        return statuses;
    }

    /**
     * Returns the status of one update.
     *
     * @param index its position in the request
     * @return its status
     */
    public UpdateStatus status(int index) {
        return statuses.get(index);
    }

    /** True if every update was applied. */
    public boolean allOk() {
        return statuses.stream().allMatch(UpdateStatus::isOk);
    }

    /** How many updates failed. */
    public long failures() {
        return statuses.stream().filter(s -> !s.isOk()).count();
    }

    @Override
    public String toString() {
        return statuses.size() + " updates, " + failures() + " failed";
    }
}
