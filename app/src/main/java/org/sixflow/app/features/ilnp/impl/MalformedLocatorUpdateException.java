// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

/**
 * A punted frame that is no whole, well-formed Locator Update; the message says which field.
 */
final class MalformedLocatorUpdateException extends Exception {

    private static final long serialVersionUID = 1L;

    MalformedLocatorUpdateException(String message) {
        super(message);
    }
}
