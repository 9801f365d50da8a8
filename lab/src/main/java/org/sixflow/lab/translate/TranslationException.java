// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.translate;

/**
 * An ONOS object (flow rule, group, packet) that cannot be expressed in a pipeline's P4Runtime
 * terms; the message names the table, field, action or parameter at fault.
 */
public class TranslationException extends Exception {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what cannot be translated, and why
     */
    public TranslationException(String message) {
        super(message);
    }

    /**
     * Creates the exception with a cause.
     *
     * @param message what cannot be translated, and why
     * @param cause   the underlying failure
     */
    public TranslationException(String message, Throwable cause) {
        super(message, cause);
    }
}
