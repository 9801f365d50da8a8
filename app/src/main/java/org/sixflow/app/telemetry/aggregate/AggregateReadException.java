// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

/**
 * A device's latency aggregates could not be read this time; the message says why.
 */
public class AggregateReadException extends Exception {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what failed
     */
    public AggregateReadException(String message) {
        super(message);
    }

    /**
     * Creates the exception.
     *
     * @param message what failed
     * @param cause   the underlying failure
     */
    public AggregateReadException(String message, Throwable cause) {
        super(message, cause);
    }
}
