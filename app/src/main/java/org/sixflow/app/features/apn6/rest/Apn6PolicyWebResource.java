// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.Apn6PolicyAdminService;
import org.sixflow.app.features.apn6.api.Apn6PolicyService;
import org.sixflow.app.features.apn6.api.Apn6Validation;
import org.sixflow.app.rest.OwnedJson;
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
import java.util.Optional;

/**
 * APN6 SLA policies.
 */
@Path("policies")
public class Apn6PolicyWebResource extends AbstractWebResource {

    /**
     * Lists the cluster's policies, highest priority first (then by id), each with its lifecycle
     * state, a page at a time.
     *
     * @param limit  policies per page, 1..1000 (default 100)
     * @param offset policies to skip (default 0)
     * @return 200 OK with {"policies": [{..., "state", "failure"?}], "total", "next": offset of
     *         the next page or null}
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response list(@QueryParam("limit") String limit, @QueryParam("offset") String offset) {
        Apn6PolicyService service = get(Apn6PolicyService.class);
        return ok(OwnedJson.page(mapper(), "policies", Paging.of(limit, offset), service.policies(),
                                 service.statuses(), Apn6Policy::id, this::encode)).build();
    }

    /**
     * Shows a policy with its lifecycle state and its entries per device.
     *
     * @param id policy id
     * @return 200 OK with {..., "state", "failure"?, "deviceEntries"}, or 404
     */
    @GET
    @Path("{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response get(@PathParam("id") String id) {
        Apn6PolicyService service = get(Apn6PolicyService.class);
        Apn6Policy policy = service.policy(id).orElseThrow(() -> new ItemNotFoundException("No policy " + id));
        return ok(OwnedJson.withDeviceEntries(encode(policy, service), service.entries(id))).build();
    }

    /**
     * Checks a policy without installing it.
     *
     * @onos.rsModel Apn6Policy
     * @param body the policy
     * @return 200 OK with {"valid", "problems", "conflicts", "warnings", "entries"}
     */
    @POST
    @Path("validate")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response validate(InputStream body) {
        Apn6Validation result = get(Apn6PolicyService.class).validate(read(body));
        return ok(codec(Apn6Validation.class).encode(result, this)).build();
    }

    /**
     * Validates and stores a policy; its owner instance installs it (state REQUESTED until then).
     *
     * @onos.rsModel Apn6Policy
     * @param body the policy
     * @return 201 Created with {"policy", "validation"}; 400 naming problems or the conflicting policy
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response create(InputStream body) {
        Apn6Policy policy = read(body);
        Apn6Validation result = get(Apn6PolicyAdminService.class).create(policy);
        return Response.status(Response.Status.CREATED).entity(answer(policy, result)).build();
    }

    /**
     * Replaces a policy; the new entries go in before the old ones come out.
     *
     * @onos.rsModel Apn6Policy
     * @param id   policy id
     * @param body the new version
     * @return 200 OK with {"policy", "validation"}; 400; 404
     */
    @PUT
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response update(@PathParam("id") String id, InputStream body) {
        Apn6Policy policy = read(body);
        if (!policy.id().equals(id)) {
            throw new IllegalArgumentException("body id " + policy.id() + " differs from the path's " + id);
        }
        return ok(answer(policy, get(Apn6PolicyAdminService.class).update(policy))).build();
    }

    /**
     * Removes a policy and its entries.
     *
     * @param id policy id
     * @return 204 No Content, or 404
     */
    @DELETE
    @Path("{id}")
    public Response remove(@PathParam("id") String id) {
        return OwnedJson.removed(get(Apn6PolicyAdminService.class).remove(id), "No policy " + id);
    }

    private Apn6Policy read(InputStream body) {
        return codec(Apn6Policy.class).decode(JsonBodies.readObject(body, mapper()), this);
    }

    /** A policy's JSON with its status: "state", and "failure" when a device refused it. */
    private ObjectNode encode(Apn6Policy policy, Apn6PolicyService service) {
        return encode(policy, service.status(policy.id()));
    }

    private ObjectNode encode(Apn6Policy policy, Optional<InstallStatus> status) {
        ObjectNode json = codec(Apn6Policy.class).encode(policy, this);
        json.setAll(codec(InstallStatus.class).encode(status.orElse(InstallStatus.REQUESTED), this));
        return json;
    }

    private ObjectNode answer(Apn6Policy policy, Apn6Validation validation) {
        ObjectNode json = mapper().createObjectNode();
        json.set("policy", encode(policy, get(Apn6PolicyService.class)));
        json.set("validation", codec(Apn6Validation.class).encode(validation, this));
        return json;
    }
}
