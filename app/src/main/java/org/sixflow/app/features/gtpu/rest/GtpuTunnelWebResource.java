// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelAdminService;
import org.sixflow.app.features.gtpu.api.GtpuTunnelCounters;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;
import org.sixflow.app.features.gtpu.api.GtpuTunnelValidation;
import org.sixflow.app.rest.OwnedJson;
import org.sixflow.app.rest.Paging;
import org.sixflow.app.rest.http.JsonBodies;

import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * GTP-U tunnels.
 */
@Path("gtpu/tunnels")
public class GtpuTunnelWebResource extends AbstractWebResource {

    /**
     * Lists the cluster's tunnels by id, each with its counter index, lifecycle state and live
     * counters, a page at a time.
     *
     * @param limit  tunnels per page, 1..1000 (default 100)
     * @param offset tunnels to skip (default 0)
     * @return 200 OK with {"tunnels": [...], "total", "next": offset of the next page or null}
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response list(@QueryParam("limit") String limit, @QueryParam("offset") String offset) {
        Paging page = Paging.of(limit, offset);
        GtpuTunnelService service = get(GtpuTunnelService.class);
        List<GtpuTunnel> all = service.tunnels();
        ObjectNode json = mapper().createObjectNode();
        ArrayNode tunnels = json.putArray("tunnels");
        List<GtpuTunnel> shown = page.slice(all);
        Map<String, GtpuTunnelCounters> counters =
                service.counters(shown.stream().map(GtpuTunnel::id).collect(Collectors.toList()));
        Map<String, InstallStatus> statuses = service.statuses();
        shown.forEach(t -> tunnels.add(encode(t, Optional.ofNullable(statuses.get(t.id())),
                                              Optional.ofNullable(counters.get(t.id())))));
        return ok(page.describe(json, all.size())).build();
    }

    /**
     * Shows a tunnel with its state, counters and entries per device.
     *
     * @param id tunnel id
     * @return 200 OK with {..., "counterIndex", "state", "failure"?, "counters", "deviceEntries"}, or 404
     */
    @GET
    @Path("{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response get(@PathParam("id") String id) {
        GtpuTunnelService service = get(GtpuTunnelService.class);
        GtpuTunnel tunnel = service.tunnel(id).orElseThrow(() -> new ItemNotFoundException("No tunnel " + id));
        return ok(OwnedJson.withDeviceEntries(encode(tunnel, service), service.entries(id))).build();
    }

    /**
     * Checks a tunnel without storing it, as creating it would.
     *
     * @onos.rsModel GtpuTunnel
     * @param body the tunnel
     * @return 200 OK with {"valid", "problems", "conflicts": each P4 table too full for its
     *         entries}; 400 when the body is no tunnel
     */
    @POST
    @Path("validate")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response validate(InputStream body) {
        GtpuTunnelValidation result = get(GtpuTunnelService.class).validate(read(body));
        ObjectNode json = mapper().createObjectNode().put("valid", result.valid());
        ArrayNode problems = json.putArray("problems");
        result.problems().forEach(problems::add);
        ArrayNode conflicts = json.putArray("conflicts");
        result.conflicts().forEach(conflicts::add);
        return ok(json).build();
    }

    /**
     * Validates and stores a tunnel; its owner instance installs it (state REQUESTED until then).
     *
     * @onos.rsModel GtpuTunnel
     * @param body the tunnel
     * @return 201 Created with {"tunnel"}; 400 naming what is wrong; 409 if the id is in use, if
     *         its entries would not fit a P4 table (naming the device and the table), or if no
     *         counter index is left
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response create(InputStream body) {
        GtpuTunnel stored = get(GtpuTunnelAdminService.class).create(read(body));
        ObjectNode json = mapper().createObjectNode();
        json.set("tunnel", encode(stored, get(GtpuTunnelService.class)));
        return Response.status(Response.Status.CREATED).entity(json).build();
    }

    /**
     * Removes a tunnel and its entries.
     *
     * @param id tunnel id
     * @return 204 No Content, or 404
     */
    @DELETE
    @Path("{id}")
    public Response remove(@PathParam("id") String id) {
        return OwnedJson.removed(get(GtpuTunnelAdminService.class).remove(id), "No tunnel " + id);
    }

    private GtpuTunnel read(InputStream body) {
        return codec(GtpuTunnel.class).decode(JsonBodies.readObject(body, mapper()), this);
    }

    /** A tunnel's JSON with its status and counters read now. */
    private ObjectNode encode(GtpuTunnel tunnel, GtpuTunnelService service) {
        return encode(tunnel, service, service.counters(tunnel.id()));
    }

    /** A tunnel's JSON with its status and the counters given. */
    private ObjectNode encode(GtpuTunnel tunnel, GtpuTunnelService service, Optional<GtpuTunnelCounters> counters) {
        return encode(tunnel, service.status(tunnel.id()), counters);
    }

    /** A tunnel's JSON with the status and counters given. */
    private ObjectNode encode(GtpuTunnel tunnel, Optional<InstallStatus> status,
                              Optional<GtpuTunnelCounters> counters) {
        ObjectNode json = codec(GtpuTunnel.class).encode(tunnel, this);
        json.setAll(codec(InstallStatus.class).encode(status.orElse(InstallStatus.REQUESTED), this));
        counters.ifPresent(c -> json.set("counters", codec(GtpuTunnelCounters.class).encode(c, this)));
        return json;
    }
}
