// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.net.ConnectPoint;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeAdminService;
import org.sixflow.app.features.msr6.api.Msr6TreeLimits;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.api.Msr6TreeService;
import org.sixflow.app.rest.JsonFields;
import org.sixflow.app.rest.Paging;
import org.sixflow.app.rest.http.JsonBodies;

import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.InputStream;
import java.util.List;
import java.util.Set;

/**
 * MSR6 multicast trees.
 */
@Path("trees")
public class Msr6TreeWebResource extends AbstractWebResource {

    /**
     * Each listed tree's JSON while the tree lives. The list is read from a snapshot that keeps
     * the same tree objects until one changes, so a tree is encoded once per change rather than
     * on every request (its M-SIDs' IPv6 text alone cost a list of 20 trees more than the rest of
     * the request). Keyed by identity; a tree no snapshot holds any more is collected with its JSON.
     */
    private static final Cache<Msr6Tree, ObjectNode> LISTED = CacheBuilder.newBuilder().weakKeys()
            .maximumSize(Paging.MAX_LIMIT * 10L).build();

    /**
     * Lists the cluster's trees by id, each with its state, a page at a time.
     *
     * @param limit  trees per page, 1..1000 (default 100)
     * @param offset trees to skip (default 0)
     * @return 200 OK with {"trees": [...], "total", "next": offset of the next page or null}
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response list(@QueryParam("limit") String limit, @QueryParam("offset") String offset) {
        Paging page = Paging.of(limit, offset);
        List<Msr6Tree> trees = get(Msr6TreeService.class).trees();
        ObjectNode json = mapper().createObjectNode();
        ArrayNode listed = json.putArray("trees");
        for (Msr6Tree tree : page.slice(trees)) {
            // Shared between answers: only ever serialized, never changed.
            listed.add(LISTED.asMap().computeIfAbsent(tree, t -> codec(Msr6Tree.class).encode(t, this)));
        }
        return ok(page.describe(json, trees.size())).build();
    }

    /**
     * Tells how many M-SIDs a tree may carry on the network as it is: maxMsids on every device,
     * and fewer for a tree whose source is on one of the localDeliveryMaxMsids devices with
     * receivers there too (their copies are decapsulated in its egress, which parses that many).
     * A replicating node on such a device with receivers of its own is split instead: its parent
     * sends it a second copy, to a leaf SID decapsulated in ingress (one M-SID more; in RLB mode
     * only below the source). A request past a limit is refused with a 400 naming the device.
     *
     * @return 200 OK with {"maxMsids", "localDeliveryMaxMsids": [{"device", "maxMsids"}]}
     */
    @GET
    @Path("limits")  // Msr6TreeRequest.RESERVED_ID: no tree may take the name (a literal for the apidoc)
    @Produces(MediaType.APPLICATION_JSON)
    public Response limits() {
        Msr6TreeLimits limits = get(Msr6TreeService.class).limits();
        ObjectNode json = mapper().createObjectNode().put("maxMsids", limits.maxMsids());
        ArrayNode devices = json.putArray("localDeliveryMaxMsids");
        limits.localDeliveryMaxMsids().forEach((device, max) -> devices.addObject()
                .put("device", device.toString()).put("maxMsids", max));
        return ok(json).build();
    }

    /**
     * Shows one tree with its links, M-SIDs and entries per device.
     *
     * @param id tree id
     * @return 200 OK, or 404
     */
    @GET
    @Path("{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response get(@PathParam("id") String id) {
        Msr6Tree tree = get(Msr6TreeService.class).tree(id)
                .orElseThrow(() -> new ItemNotFoundException("No tree " + id));
        return ok(codec(Msr6Tree.class).encode(tree, this)).build();
    }

    /**
     * Requests a tree. The request is checked here (a trial build on the current network and
     * against every tree), stored, and installed by the tree's owner instance. When this instance
     * is the owner the call waits for the devices, so the tree comes back INSTALLED (or FAILED
     * with the device and reason); otherwise it comes back REQUESTED and its owner installs it.
     *
     * @onos.rsModel Msr6TreeRequest
     * @param body the request (id, source, group, receivers, mode, algorithm, constraints)
     * @return 201 Created with the tree; 400 with a message when the request cannot be met
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response create(InputStream body) {
        Msr6TreeRequest request = codec(Msr6TreeRequest.class).decode(JsonBodies.readObject(body, mapper()), this);
        Msr6Tree tree = get(Msr6TreeAdminService.class).create(request);
        return Response.status(Response.Status.CREATED).entity(codec(Msr6Tree.class).encode(tree, this)).build();
    }

    /**
     * Changes a tree's receivers; the new tree is installed before the old one goes (waiting for
     * it as create does).
     *
     * @onos.rsModel Msr6TreeReceivers
     * @param id   tree id
     * @param body {"receivers": ["device:x/1", "host:00:00:00:00:05:10/None", ...]}
     * @return 200 OK with the new tree; 400 with a message; 404 if there is no such tree
     */
    @PUT
    @Path("{id}/receivers")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response updateReceivers(@PathParam("id") String id, InputStream body) {
        // Read as a create reads them: every bad receiver named where it stands, hosts for their location.
        JsonFields fields = JsonFields.ofRequest();
        Set<ConnectPoint> receivers = Msr6TreeRequestCodec.receivers(this, fields, JsonBodies.readObject(body, mapper()),
                                                                     null);
        fields.check();
        Msr6Tree tree = get(Msr6TreeAdminService.class).updateReceivers(id, receivers);
        return ok(codec(Msr6Tree.class).encode(tree, this)).build();
    }

    /**
     * Removes a tree: it is WITHDRAWN until its owner has taken its entries out, then gone.
     *
     * @param id tree id
     * @return 204 No Content, or 404
     */
    @DELETE
    @Path("{id}")
    public Response remove(@PathParam("id") String id) {
        if (!get(Msr6TreeAdminService.class).remove(id)) {
            throw new ItemNotFoundException("No tree " + id);
        }
        return Response.noContent().build();
    }
}
