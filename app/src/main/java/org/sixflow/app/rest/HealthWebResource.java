// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.api.DatabaseHealth;
import org.sixflow.app.api.HistoryService;
import org.sixflow.app.api.InventoryService;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * Whether Sixflow can do its work: database, pipeconfs, devices.
 */
@Path("health")
public class HealthWebResource extends AbstractWebResource {

    /**
     * Shows the health of Sixflow.
     *
     * @return 200 OK with {"database": {...}, "pipeconfs": n, "devices": n}
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response health() {
        InventoryService inventory = get(InventoryService.class);
        ObjectNode json = mapper().createObjectNode();
        json.set("database", codec(DatabaseHealth.class).encode(get(HistoryService.class).health(), this));
        // Counts only: a probe asked every few seconds must not read every device's bindings.
        json.put("pipeconfs", inventory.pipeconfCount());
        json.put("devices", inventory.deviceCount());
        return ok(json).build();
    }
}
