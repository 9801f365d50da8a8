// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.errors;

import org.onlab.util.ItemNotFoundException;

import javax.ws.rs.core.Response;
import javax.ws.rs.ext.ExceptionMapper;

/**
 * No tree, policy, experiment, run or pipeconf by that id: 404.
 */
public class ItemNotFoundMapper implements ExceptionMapper<ItemNotFoundException> {

    @Override
    public Response toResponse(ItemNotFoundException e) {
        return JsonErrors.response(Response.Status.NOT_FOUND.getStatusCode(), e.getMessage()).build();
    }
}
