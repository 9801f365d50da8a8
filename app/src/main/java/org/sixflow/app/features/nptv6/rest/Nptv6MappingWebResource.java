// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6MappingService;
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
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.util.Optional;

/**
 * NPTv6 mappings (RFC 6296) of site border routers.
 */
@Path("nptv6/mappings")
public class Nptv6MappingWebResource extends AbstractWebResource {

    @Context
    private UriInfo uriInfo;

    /**
     * Lists the cluster's NPTv6 mappings by id, each with its lifecycle state, a page at a time.
     *
     * @param limit  mappings per page, 1..1000 (default 100)
     * @param offset mappings to skip (default 0)
     * @return 200 OK with {"mappings": [...], "total", "next": offset of the next page or null}
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response list(@QueryParam("limit") String limit, @QueryParam("offset") String offset) {
        Nptv6MappingService service = get(Nptv6MappingService.class);
        return ok(OwnedJson.page(mapper(), "mappings", Paging.of(limit, offset), service.mappings(),
                                 service.statuses(), NamedNptv6Mapping::id, this::encode)).build();
    }

    /**
     * Shows an NPTv6 mapping with its state and the entries it compiles to on its uplink's device.
     *
     * @param id mapping id
     * @return 200 OK with {"id", "internalPrefix", "externalPrefix", "uplink", "state", "failure"?,
     *         "entries"}, or 404
     */
    @GET
    @Path("{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response get(@PathParam("id") String id) {
        Nptv6MappingService service = get(Nptv6MappingService.class);
        NamedNptv6Mapping mapping = service.mapping(id)
                .orElseThrow(() -> new ItemNotFoundException("No NPTv6 mapping " + id));
        ObjectNode json = encode(mapping, service.status(id));
        ArrayNode entries = json.putArray("entries");
        service.entries(id).forEach(entries::add);
        return ok(json).build();
    }

    /**
     * Validates and stores an NPTv6 mapping; its owner instance installs its entries on the
     * uplink's device (state REQUESTED until then).
     *
     * @onos.rsModel Nptv6Mapping
     * @param body the mapping
     * @return 201 Created with {"mapping"} and its Location; 400 naming each field that is wrong
     *         (a device whose profile has no NPTv6 names the device and its profile); 409 if the
     *         id is in use or its entries would not fit a table of the device
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response create(InputStream body) {
        NamedNptv6Mapping request = codec(NamedNptv6Mapping.class).decode(JsonBodies.readObject(body, mapper()), this);
        Nptv6MappingService service = get(Nptv6MappingService.class);
        NamedNptv6Mapping stored = service.add(request);
        return OwnedJson.created(mapper(), uriInfo, stored.id(), "mapping", encode(stored, service.status(stored.id())));
    }

    /**
     * Removes an NPTv6 mapping and its entries.
     *
     * @param id mapping id
     * @return 204 No Content, or 404
     */
    @DELETE
    @Path("{id}")
    public Response remove(@PathParam("id") String id) {
        return OwnedJson.removed(get(Nptv6MappingService.class).remove(id), "No NPTv6 mapping " + id);
    }

    /** A mapping's JSON with its status. */
    private ObjectNode encode(NamedNptv6Mapping mapping, Optional<InstallStatus> status) {
        ObjectNode json = codec(NamedNptv6Mapping.class).encode(mapping, this);
        json.setAll(codec(InstallStatus.class).encode(status.orElse(InstallStatus.REQUESTED), this));
        return json;
    }
}
