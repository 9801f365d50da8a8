// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import org.onlab.util.ItemNotFoundException;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.api.InventoryService;
import org.sixflow.app.api.SixflowDevice;
import org.sixflow.pipeconf.PipeconfCapabilities;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
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

    /**
     * Shows what a device's data plane can do: its pipeconf's profile and target, the features
     * compiled in (APN6, MSR6, GTPU), its P4 tables and limits. Requests for a feature its profile
     * lacks are refused (400).
     *
     * @param id device id, e.g. device:beijing
     * @return 200 OK with the capabilities, 404 if the device is unknown or runs no registered
     *         Sixflow pipeconf
     */
    @GET
    @Path("{id}/capabilities")
    @Produces(MediaType.APPLICATION_JSON)
    public Response capabilities(@PathParam("id") String id) {
        DeviceId device = DeviceId.deviceId(id);
        if (get(DeviceService.class).getDevice(device) == null) {
            throw new ItemNotFoundException("No device " + device + " is known");
        }
        // Read from ONOS's pipeconf service: the API's own types stay free of the pipeconf module's.
        PiPipeconfService pipeconfs = get(PiPipeconfService.class);
        PipeconfCapabilities capabilities = pipeconfs.ofDevice(device).flatMap(pipeconfs::getPipeconf)
                .flatMap(PipeconfCapabilities::of)
                .orElseThrow(() -> new ItemNotFoundException(device + " runs no registered Sixflow pipeconf"));
        return ok(codec(PipeconfCapabilities.class).encode(capabilities, this)).build();
    }
}
