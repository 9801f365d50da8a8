// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.features.gtpu.api.GtpuPath;
import org.sixflow.app.features.gtpu.api.GtpuPathService;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * GTP-U paths, as the controller's Echo Requests find them.
 */
@Path("gtpu/paths")
public class GtpuPathWebResource extends AbstractWebResource {

    /**
     * Lists the paths in use (a decap device's N3 address to a tunnel's peer) with what the echoes
     * say of each: UP (the last request was answered), DOWN (echoMisses in a row were not),
     * UNKNOWN (neither yet).
     *
     * @return 200 OK with {"paths": [{"device", "n3Address", "peerAddress", "state",
     *         "requestsSent", "responses", "missed", "lastResponse"}]}
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response list() {
        ObjectNode json = mapper().createObjectNode();
        ArrayNode paths = json.putArray("paths");
        get(GtpuPathService.class).paths().forEach(p -> paths.add(codec(GtpuPath.class).encode(p, this)));
        return ok(json).build();
    }
}
