// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

/** Where a study run stands. */
public enum StudyRunState {
    /** Accepted, waiting for the instance that took it. */
    QUEUED,
    /** Trials are under way. */
    RUNNING,
    /** Every planned trial ran (a trial that failed is a cell with its reason). */
    DONE,
    /** The run stopped early; its reason says why. */
    FAILED,
    /** Cancelled on request; the trials done are kept. */
    CANCELLED;

    /** Whether the run has ended. */
    public boolean finished() {
        return this == DONE || this == FAILED || this == CANCELLED;
    }
}
