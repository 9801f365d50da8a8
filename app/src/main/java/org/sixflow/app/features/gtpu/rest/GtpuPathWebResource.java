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
     * Lists the paths in use (a decap device's N3 address to a tunnel's peer; each device's master
     * echoes its paths, every instance lists them all), with what the echoes say of each: UP (the last request was
     * answered), DOWN (echoMisses in a row were not), UNKNOWN (neither yet); and how the echoes
     * run: the seconds between a path's requests, the misses that make it DOWN, when the next
     * round of the answering instance is due (for the devices it masters; each path says when its
     * own master's is).
     *
     * @return 200 OK with {"echoIntervalSeconds", "echoMisses", "nextRound" (ISO-8601, or null
     *         while supervision is not running), "paths": [{"device", "n3Address", "peerAddress",
     *         "state", "requestsSent", "responses", "missed", "lastRequest", "lastResponse",
     *         "notEchoed", "nextRequest"}]}
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response list() {
        GtpuPathService service = get(GtpuPathService.class);
        ObjectNode json = mapper().createObjectNode();
        json.put("echoIntervalSeconds", service.echoInterval().getSeconds()).put("echoMisses", service.echoMisses());
        GtpuPathCodec.putOrNull(json, "nextRound", service.nextRound());
        ArrayNode paths = json.putArray("paths");
        service.paths().forEach(p -> paths.add(codec(GtpuPath.class).encode(p, this)));
        return ok(json).build();
    }
}
