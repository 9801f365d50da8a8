// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

/**
 * The life of a run: queued → running → done, cancelled or failed (with a reason). A queued run
 * may also be cancelled or fail before it starts. Final states never change.
 */
public enum ExperimentRunState {
    QUEUED, RUNNING, DONE, CANCELLED, FAILED;

    /**
     * Tells whether a run in this state may move to another.
     *
     * @param next the state asked for
     * @return true for queued → running|cancelled|failed and running → done|cancelled|failed
     */
    public boolean canMoveTo(ExperimentRunState next) {
        switch (this) {
            case QUEUED:
                return next == RUNNING || next == CANCELLED || next == FAILED;
            case RUNNING:
                return next == DONE || next == CANCELLED || next == FAILED;
            default:
                return false;
        }
    }

    /**
     * Tells whether the state is final.
     *
     * @return true for done, cancelled and failed
     */
    public boolean isFinal() {
        return this == DONE || this == CANCELLED || this == FAILED;
    }
}
