// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.errors;

import javax.ws.rs.core.Response;
import java.io.IOException;

import javax.ws.rs.ext.ExceptionMapper;

/**
 * A request body that could not be read (the client stopped sending, or Jersey could not read
 * it as the declared type): 400, without the reader's own text.
 */
public class UnreadableBodyMapper implements ExceptionMapper<IOException> {

    @Override
    public Response toResponse(IOException e) {
        return JsonErrors.response(Response.Status.BAD_REQUEST.getStatusCode(),
                                   "request body could not be read").build();
    }
}
