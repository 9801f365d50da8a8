// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.errors;

import org.slf4j.Logger;

import javax.ws.rs.core.Response;
import javax.ws.rs.ext.ExceptionMapper;
import java.util.UUID;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Anything else, errors included: 500 with a reference to the log entry that holds the
 * exception; the answer carries neither its text nor its stack.
 */
public class InternalErrorMapper implements ExceptionMapper<Throwable> {

    private static final Logger log = getLogger(InternalErrorMapper.class);

    @Override
    public Response toResponse(Throwable e) {
        String reference = UUID.randomUUID().toString();
        log.error("REST request failed (reference {})", reference, e);
        return JsonErrors.response(Response.Status.INTERNAL_SERVER_ERROR.getStatusCode(),
                                   "Sixflow could not answer this request; the server log has the details "
                                           + "under reference " + reference).build();
    }
}
