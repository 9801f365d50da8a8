// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

/**
 * The history database cannot answer now (not connected, down, or a query failed). Its message
 * is meant for users and carries no database text; the cause holds the details for the log.
 * REST answers it as 503 Service Unavailable with Retry-After.
 */
public class HistoryUnavailableException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what could not be done, without the database's own text
     */
    public HistoryUnavailableException(String message) {
        super(message);
    }

    /**
     * Creates the exception.
     *
     * @param message what could not be done, without the database's own text
     * @param cause   what failed
     */
    public HistoryUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
