// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

/**
 * A create names an id that another object already has. It is bad input (an
 * IllegalArgumentException, as before), which REST answers as 409 Conflict: the request may be
 * right, but not while the other object exists.
 */
public class IdInUseException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message which id, and of what kind
     */
    public IdInUseException(String message) {
        super(message);
    }
}
