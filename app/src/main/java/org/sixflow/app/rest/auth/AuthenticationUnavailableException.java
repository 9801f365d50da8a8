// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.auth;

/**
 * Credentials could not be checked (the realm is missing or failed), which says nothing about
 * whether they are right: the server's fault, not the client's.
 */
public class AuthenticationUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message what failed
     * @param cause   the realm's exception
     */
    public AuthenticationUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
