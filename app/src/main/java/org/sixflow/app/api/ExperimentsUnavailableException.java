// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

/**
 * Experiments cannot be read or changed now: their store (the history database) is away.
 */
public class ExperimentsUnavailableException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message why, and what would help
     */
    public ExperimentsUnavailableException(String message) {
        super(message);
    }

    /**
     * Creates the exception.
     *
     * @param message why
     * @param cause   what failed
     */
    public ExperimentsUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
