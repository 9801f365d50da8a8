// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

/**
 * A PPPoE or PPP frame that breaks its RFC's layout: the relay drops and counts it, and no
 * session changes because of it.
 */
final class MalformedFrameException extends Exception {

    private static final long serialVersionUID = 1L;

    MalformedFrameException(String message) {
        super(message);
    }
}
