// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.errors;

import org.sixflow.app.api.InvalidFieldsException;

import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.ext.ExceptionMapper;

/**
 * Bad input, as Sixflow's services and codecs report it (each message names the field or
 * parameter at fault): 400; a request with problems in named fields lists every one under "errors".
 */
public class BadRequestMapper implements ExceptionMapper<IllegalArgumentException> {

    @Override
    public Response toResponse(IllegalArgumentException e) {
        if (e instanceof InvalidFieldsException) {
            return Response.status(Response.Status.BAD_REQUEST).type(MediaType.APPLICATION_JSON_TYPE)
                    .entity(JsonErrors.invalidFields((InvalidFieldsException) e).toString()).build();
        }
        return JsonErrors.response(Response.Status.BAD_REQUEST.getStatusCode(), e.getMessage()).build();
    }
}
