// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

/**
 * The device's P4Runtime server does not read registers (PI on bmv2 answers UNIMPLEMENTED), so
 * another way is needed.
 */
public final class RegistersUnreadableException extends AggregateReadException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message the server's answer
     */
    public RegistersUnreadableException(String message) {
        super(message);
    }
}
