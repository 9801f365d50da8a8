// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.api.MauReport;
import org.sixflow.app.api.ResourceService;
import org.sixflow.app.api.TableOccupancy;
import org.sixflow.pipeconf.SixflowPipeconfs;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

import static org.sixflow.app.rest.DeviceParameters.optionalDevice;

/**
 * Data-plane resources: the Tofino compiler's MAU use per stage, and how full each P4 table is.
 */
@Path("resources")
public class ResourceWebResource extends AbstractWebResource {

    /**
     * The Tofino compiler's per-stage MAU resource use of a pipeconf's program (SRAM, TCAM,
     * logical tables, crossbar bytes, hash bits, action data bus bytes, VLIW slots, gateways),
     * each as used/capacity, and the totals over the pipe.
     *
     * @param pipeconf pipeconf id (default org.sixflow.core.tofino)
     * @return 200 OK with {"pipeconf", "compiler", "stageCount", "stages": [{"stage", "resources":
     *         [{"name", "used", "capacity"}]}], "totals": [...]}; 404 naming the pipeconf when it is
     *         not registered or came without a Tofino compiler report
     */
    @GET
    @Path("mau")
    @Produces(MediaType.APPLICATION_JSON)
    public Response mau(@QueryParam("pipeconf") String pipeconf) {
        PiPipeconfId id = pipeconf == null || pipeconf.trim().isEmpty()
                ? SixflowPipeconfs.CORE_TOFINO : new PiPipeconfId(pipeconf.trim());
        MauReport report = get(ResourceService.class).mauReport(id);
        return ok(codec(MauReport.class).encode(report, this)).build();
    }

    /**
     * The latest occupancy of every P4 table: installed entries against the P4Info size.
     *
     * @param device only this device (optional)
     * @return 200 OK with {"tables": [{"device", "table", "entries", "size", "time"}]}; 400 for a
     *         malformed device id
     */
    @GET
    @Path("tables")
    @Produces(MediaType.APPLICATION_JSON)
    public Response tables(@QueryParam("device") String device) {
        return ok(encodeArray(TableOccupancy.class, "tables",
                              get(ResourceService.class).tableOccupancy(optionalDevice(device)))).build();
    }
}
