// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.errors;

import org.sixflow.app.api.HistoryUnavailableException;
import org.slf4j.Logger;

import javax.ws.rs.core.Response;
import javax.ws.rs.ext.ExceptionMapper;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The history database cannot answer: 503 with Retry-After. The database's own text, in the
 * cause, goes to the log only.
 */
public class HistoryUnavailableMapper implements ExceptionMapper<HistoryUnavailableException> {

    private static final Logger log = getLogger(HistoryUnavailableMapper.class);

    @Override
    public Response toResponse(HistoryUnavailableException e) {
        if (e.getCause() != null) {
            log.warn("{}: {}", e.getMessage(), e.getCause().toString());
        }
        return JsonErrors.unavailable(e.getMessage() + "; try again later");
    }
}
