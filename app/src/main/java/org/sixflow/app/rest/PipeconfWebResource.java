// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.api.InventoryService;
import org.sixflow.app.api.PipeconfInfo;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * Registered pipeconfs and the devices running them.
 */
@Path("pipeconfs")
public class PipeconfWebResource extends AbstractWebResource {

    // Not registered with the codec service: ONOS has its own PiPipelineModel codec there.
    private static final PipelineModelCodec MODEL_CODEC = new PipelineModelCodec();

    /**
     * Lists every registered pipeconf, Sixflow's first.
     *
     * @return 200 OK with {"pipeconfs": [...]}
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response list() {
        return ok(encodeArray(PipeconfInfo.class, "pipeconfs", get(InventoryService.class).pipeconfs())).build();
    }

    /**
     * Shows one pipeconf with its tables, counters and registers.
     *
     * @param id pipeconf id, e.g. org.sixflow.full.bmv2
     * @return 200 OK with the pipeconf, 404 if it is not registered
     */
    @GET
    @Path("{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response get(@PathParam("id") String id) {
        PipeconfInfo info = get(InventoryService.class).pipeconf(new PiPipeconfId(id))
                .orElseThrow(() -> new ItemNotFoundException("No pipeconf " + id + " is registered"));
        ObjectNode json = codec(PipeconfInfo.class).encode(info, this);
        // The summary's counts give way to the full lists.
        json.setAll(MODEL_CODEC.encode(info.model(), this));
        return ok(json).build();
    }
}
