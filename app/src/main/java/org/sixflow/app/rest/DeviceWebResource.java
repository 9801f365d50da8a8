// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.api.InventoryService;
import org.sixflow.app.api.SixflowDevice;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * Devices with their pipeconf and Sixflow role.
 */
@Path("devices")
public class DeviceWebResource extends AbstractWebResource {

    /**
     * Lists every device ONOS knows.
     *
     * @return 200 OK with {"devices": [...]}
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response list() {
        return ok(encodeArray(SixflowDevice.class, "devices", get(InventoryService.class).devices())).build();
    }
}
