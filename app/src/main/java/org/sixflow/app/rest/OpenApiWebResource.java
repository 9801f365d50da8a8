// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.rest.openapi.OpenApiDocument;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * The API's OpenAPI 3.1 description.
 */
@Path("openapi.json")
public class OpenApiWebResource extends AbstractWebResource {

    private static volatile ObjectNode document;

    /**
     * Returns the OpenAPI 3.1 description of this API, with its request limits.
     *
     * @return 200 OK with the OpenAPI document
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response openApi() {
        ObjectNode doc = document;
        if (doc == null) {
            doc = OpenApiDocument.build(SixflowWebApplication.RESOURCES);
            document = doc;
        }
        return Response.ok(doc.toString(), MediaType.APPLICATION_JSON_TYPE).build();
    }
}
