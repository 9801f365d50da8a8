// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.p4rt;

import io.grpc.Status;

/**
 * A P4Runtime call that failed as a whole: the gRPC status code and the server's description.
 */
public class P4RuntimeException extends Exception {

    private static final long serialVersionUID = 1L;

    private final Status.Code code;

    /**
     * Creates the exception.
     *
     * @param what  what was attempted, e.g. "Read from device:beijing"
     * @param code  the gRPC status code
     * @param cause the gRPC failure
     */
    public P4RuntimeException(String what, Status.Code code, Throwable cause) {
        super(what + " failed: " + code + (cause == null || cause.getMessage() == null ? ""
                : " (" + cause.getMessage() + ")"), cause);
        this.code = code;
    }

    /** The gRPC status code, e.g. UNAVAILABLE when the switch is gone. */
    public Status.Code code() {
        return code;
    }
}
