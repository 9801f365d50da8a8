// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

/**
 * Thrown inside a run when someone cancelled it; the run ends CANCELLED with the reason.
 */
final class RunCancelledException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    RunCancelledException(String reason) {
        super(reason);
    }
}
