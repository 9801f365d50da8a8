// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.pipeliner;

import org.onosproject.net.flowobjective.ObjectiveError;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * An objective the Sixflow pipeline cannot carry out, with the error its context is told and a
 * reason for the log (an {@link ObjectiveError} alone does not say what was wrong).
 */
final class ObjectiveRefusedException extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient ObjectiveError error;

    private ObjectiveRefusedException(ObjectiveError error, String reason) {
        super(reason);
        this.error = checkNotNull(error);
    }

    /**
     * Refuses what the pipeline has no way to do.
     *
     * @param reason what cannot be done, and why
     * @return the exception
     */
    static ObjectiveRefusedException unsupported(String reason) {
        return new ObjectiveRefusedException(ObjectiveError.UNSUPPORTED, reason);
    }

    /**
     * Refuses an objective that contradicts itself or holds values out of range.
     *
     * @param reason what is wrong
     * @return the exception
     */
    static ObjectiveRefusedException badParams(String reason) {
        return new ObjectiveRefusedException(ObjectiveError.BADPARAMS, reason);
    }

    /**
     * Returns the error to report through the objective's context.
     *
     * @return the error
     */
    ObjectiveError error() {
        return error;
    }
}
