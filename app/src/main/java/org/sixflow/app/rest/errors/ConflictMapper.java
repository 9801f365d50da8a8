// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.errors;

import javax.ws.rs.core.Response;
import javax.ws.rs.ext.ExceptionMapper;

/**
 * A request that the current state refuses (a run that has ended, an experiment with a run
 * going, a table that is full): 409 Conflict, as ONOS answers IllegalStateException.
 */
public class ConflictMapper implements ExceptionMapper<IllegalStateException> {

    @Override
    public Response toResponse(IllegalStateException e) {
        return JsonErrors.response(Response.Status.CONFLICT.getStatusCode(), e.getMessage()).build();
    }
}
