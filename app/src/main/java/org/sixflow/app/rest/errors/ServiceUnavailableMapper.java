// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.errors;

import org.onlab.osgi.ServiceNotFoundException;

import javax.ws.rs.core.Response;
import javax.ws.rs.ext.ExceptionMapper;

/**
 * A service the request needs has not started (the app is starting or stopping): 503 with
 * Retry-After.
 */
public class ServiceUnavailableMapper implements ExceptionMapper<ServiceNotFoundException> {

    @Override
    public Response toResponse(ServiceNotFoundException e) {
        return JsonErrors.unavailable("Sixflow is starting or stopping (" + e.getMessage() + "); try again later");
    }
}
