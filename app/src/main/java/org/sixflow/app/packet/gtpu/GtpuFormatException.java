// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet.gtpu;

/**
 * A GTP-U message that cannot be read: truncated, not GTP version 1, or with a length that
 * disagrees with what carries it. The message says which.
 */
public class GtpuFormatException extends Exception {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception; malformed packets are ordinary input, so no stack trace is taken.
     *
     * @param message what is wrong with the message
     */
    public GtpuFormatException(String message) {
        super(message, null, false, false);
    }
}
