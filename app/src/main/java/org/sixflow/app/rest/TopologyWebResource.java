// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import org.onosproject.net.link.LinkService;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.api.InventoryService;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * The network as the dashboard's topology view draws it.
 */
@Path("topology")
public class TopologyWebResource extends AbstractWebResource {

    /**
     * Returns every device (with its Sixflow role) and every link ONOS knows, one entry per direction.
     *
     * @return 200 OK with {"devices": [...], "links": [...]}
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response topology() {
        NetworkTopology topology = new NetworkTopology(get(InventoryService.class).devices(),
                                                       get(LinkService.class).getLinks());
        return ok(codec(NetworkTopology.class).encode(topology, this)).build();
    }
}
