// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.errors;

import org.sixflow.app.api.IdInUseException;

import javax.ws.rs.core.Response;
import javax.ws.rs.ext.ExceptionMapper;

/**
 * A create with an id that another tree, policy or experiment has: 409 Conflict.
 */
public class IdInUseMapper implements ExceptionMapper<IdInUseException> {

    @Override
    public Response toResponse(IdInUseException e) {
        return JsonErrors.response(Response.Status.CONFLICT.getStatusCode(), e.getMessage()).build();
    }
}
