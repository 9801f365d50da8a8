// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.p4rt;

import io.grpc.Status;

import java.util.Objects;

/**
 * What the server said about one update of a WriteRequest: OK, or a canonical gRPC code and the
 * server's message (from the p4.v1.Error at the update's position in the status details).
 */
public final class UpdateStatus {

    /** An update the server applied. */
    public static final UpdateStatus OK = new UpdateStatus(Status.Code.OK, "");

    private final Status.Code code;
    private final String message;

    private UpdateStatus(Status.Code code, String message) {
        this.code = code;
        this.message = message;
    }

    /**
     * Returns a status.
     *
     * @param code    the canonical code
     * @param message the server's message
     * @return OK for code OK, else a failure
     */
    public static UpdateStatus of(Status.Code code, String message) {
        return code == Status.Code.OK ? OK : new UpdateStatus(code, message == null ? "" : message);
    }

    /** True if the update was applied. */
    public boolean isOk() {
        return code == Status.Code.OK;
    }

    /** The canonical code. */
    public Status.Code code() {
        return code;
    }

    /** The server's message, empty for OK. */
    public String message() {
        return message;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof UpdateStatus)) {
            return false;
        }
        UpdateStatus that = (UpdateStatus) o;
        return code == that.code && message.equals(that.message);
    }

    @Override
    public int hashCode() {
        return Objects.hash(code, message);
    }

    @Override
    public String toString() {
        return isOk() ? "OK" : code + ": " + message;
    }
}
