// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.errors;

import javax.ws.rs.core.Response;
import javax.ws.rs.ext.ExceptionMapper;

/**
 * Bad input, as Sixflow's services and codecs report it (each message names the field or
 * parameter at fault): 400.
 */
public class BadRequestMapper implements ExceptionMapper<IllegalArgumentException> {

    @Override
    public Response toResponse(IllegalArgumentException e) {
        return JsonErrors.response(Response.Status.BAD_REQUEST.getStatusCode(), e.getMessage()).build();
    }
}
