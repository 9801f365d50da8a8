// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.ilnp.api.IlnpLocatorUpdateService;
import org.sixflow.app.features.ilnp.api.IlnpSession;
import org.sixflow.app.features.ilnp.api.IlnpSessionService;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpSiteService;
import org.sixflow.app.features.ilnp.api.IlnpUplinkCounters;
import org.sixflow.app.features.ilnp.api.LocatorUpdate;
import org.sixflow.app.features.ilnp.api.ReceivedLocatorUpdate;
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
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * ILNP sites (RFC 6748's site-controlled deployment) of border routers.
 */
@Path("ilnp/sites")
public class IlnpSiteWebResource extends AbstractWebResource {

    @Context
    private UriInfo uriInfo;

    /**
     * Lists the cluster's ILNP sites by name, each with its lifecycle state, a page at a time.
     *
     * @param limit  sites per page, 1..1000 (default 100)
     * @param offset sites to skip (default 0)
     * @return 200 OK with {"sites": [...], "total", "next": offset of the next page or null}
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response list(@QueryParam("limit") String limit, @QueryParam("offset") String offset) {
        IlnpSiteService service = get(IlnpSiteService.class);
        return ok(OwnedJson.page(mapper(), "sites", Paging.of(limit, offset), service.sites(), service.statuses(),
                                 IlnpSite::name, this::encode)).build();
    }

    /**
     * Shows an ILNP site with its state and the entries it compiles to on its border router.
     *
     * @param name site name
     * @return 200 OK with the site, "state", "failure"?, "entries"; or 404
     */
    @GET
    @Path("{name}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response get(@PathParam("name") String name) {
        IlnpSiteService service = get(IlnpSiteService.class);
        IlnpSite site = service.site(name).orElseThrow(() -> new ItemNotFoundException("No ILNP site " + name));
        ObjectNode json = encode(site, service.status(name));
        ArrayNode entries = json.putArray("entries");
        service.entries(name).forEach(entries::add);
        return ok(json).build();
    }

    /**
     * Validates and stores an ILNP site; its owner instance installs its entries on the border
     * router (state REQUESTED until then).
     *
     * @onos.rsModel IlnpSite
     * @param body the site
     * @return 201 Created with {"site"} and its Location; 400 naming each field that is wrong (a
     *         device whose profile has no ILNP names the device and its profile); 409 if the
     *         name is in use or its entries would not fit a table of the device
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response create(InputStream body) {
        IlnpSite request = codec(IlnpSite.class).decode(JsonBodies.readObject(body, mapper()), this);
        IlnpSiteService service = get(IlnpSiteService.class);
        IlnpSite stored = service.add(request);
        return OwnedJson.created(mapper(), uriInfo, stored.name(), "site", encode(stored, service.status(stored.name())));
    }

    /**
     * Gives a site new weights (every uplink's, summing to 100); the owner writes the new hash
     * ranges beside the old ones before it removes those (make before break).
     *
     * @onos.rsModel IlnpWeights
     * @param name site name
     * @param body {"weights": {"port": weight, ...}}
     * @return 200 OK with {"site"} (one revision on); 400 naming what is wrong; 404; 409 if the
     *         new ranges would not fit beside the old
     */
    @PUT
    @Path("{name}/weights")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response weights(@PathParam("name") String name, InputStream body) {
        IlnpSiteService service = get(IlnpSiteService.class);
        if (service.site(name).isEmpty()) {
            throw new ItemNotFoundException("No ILNP site " + name);
        }
        IlnpSite stored = service.setWeights(name, IlnpSiteCodec.weights(JsonBodies.readObject(body, mapper())));
        ObjectNode json = mapper().createObjectNode();
        json.set("site", encode(stored, service.status(name)));
        return ok(json).build();
    }

    /**
     * Removes an ILNP site and its entries.
     *
     * @param name site name
     * @return 204 No Content, or 404
     */
    @DELETE
    @Path("{name}")
    public Response remove(@PathParam("name") String name) {
        if (!get(IlnpSiteService.class).remove(name)) {
            throw new ItemNotFoundException("No ILNP site " + name);
        }
        return Response.noContent().build();
    }

    /**
     * Reads a site's per-uplink counters from its border router (ilnp_uplink_in/out: ILNP packets
     * and octets rewritten in and out by each uplink since the pipeline was loaded).
     *
     * @param name site name
     * @return 200 OK with {"site", "uplinks": [{"port", "inPackets", "inBytes", "outPackets",
     *         "outBytes", "weight"}]}; 404; 503 if the device cannot be read now
     */
    @GET
    @Path("{name}/counters")
    @Produces(MediaType.APPLICATION_JSON)
    public Response counters(@PathParam("name") String name) {
        IlnpSiteService service = get(IlnpSiteService.class);
        IlnpSite site = service.site(name).orElseThrow(() -> new ItemNotFoundException("No ILNP site " + name));
        List<IlnpUplinkCounters> counters;
        try {
            counters = service.counters(name).orElseThrow(() -> new ItemNotFoundException("No ILNP site " + name));
        } catch (IllegalStateException e) {
            ObjectNode error = mapper().createObjectNode().put("code", 503).put("message", e.getMessage());
            return Response.status(Response.Status.SERVICE_UNAVAILABLE).entity(error).build();
        }
        Map<?, Integer> weights = site.weights();
        ObjectNode json = mapper().createObjectNode().put("site", name);
        ArrayNode uplinks = json.putArray("uplinks");
        for (IlnpUplinkCounters c : counters) {
            uplinks.addObject().put("port", c.port().toLong()).put("weight", weights.get(c.port()))
                    .put("inPackets", c.inPackets()).put("inBytes", c.inBytes())
                    .put("outPackets", c.outPackets()).put("outBytes", c.outBytes());
        }
        return ok(json).build();
    }

    /**
     * The Locator Updates (RFC 6743) the site's border router punted to this instance: how many,
     * and the last ones, newest first, with their locators, preferences, lifetimes and what became
     * of each.
     *
     * @param name site name
     * @return 200 OK with {"site", "received", "last": [...]}; 404
     */
    @GET
    @Path("{name}/locator-updates")
    @Produces(MediaType.APPLICATION_JSON)
    public Response locatorUpdates(@PathParam("name") String name) {
        if (get(IlnpSiteService.class).site(name).isEmpty()) {
            throw new ItemNotFoundException("No ILNP site " + name);
        }
        IlnpLocatorUpdateService updates = get(IlnpLocatorUpdateService.class);
        ObjectNode json = mapper().createObjectNode().put("site", name).put("received", updates.received(name));
        ArrayNode last = json.putArray("last");
        for (ReceivedLocatorUpdate u : updates.lastReceived(name)) {
            ObjectNode one = last.addObject().put("received", Instant.ofEpochMilli(u.receivedMillis()).toString())
                    .put("receivedFrom", u.receivedFrom().toString()).put("source", u.source().toString())
                    .put("destination", u.destination().toString())
                    .put("operation", u.message().operation() == LocatorUpdate.ADVERTISEMENT ? "advertisement"
                            : "acknowledgement")
                    .put("outcome", u.outcome().name());
            ArrayNode locators = one.putArray("locators");
            u.message().entries().forEach(e -> locators.addObject().put("locator", e.locatorText())
                    .put("preference", e.preference()).put("lifetime", e.lifetime()));
        }
        return ok(json).build();
    }

    /**
     * Returns the sessions of a site's hosts its border router reported lately, the Locator
     * Updates this instance sent their correspondents when the site's uplinks changed, and the
     * correspondents' locators as their own updates gave them.
     *
     * @param name site name
     * @return 200 OK with {"site", "updatesSent", "sessions": [...]}; 404
     */
    @GET
    @Path("{name}/sessions")
    @Produces(MediaType.APPLICATION_JSON)
    public Response sessions(@PathParam("name") String name) {
        if (get(IlnpSiteService.class).site(name).isEmpty()) {
            throw new ItemNotFoundException("No ILNP site " + name);
        }
        IlnpSessionService service = get(IlnpSessionService.class);
        ObjectNode json = mapper().createObjectNode().put("site", name).put("updatesSent", service.updatesSent(name));
        ArrayNode sessions = json.putArray("sessions");
        for (IlnpSession s : service.sessions(name)) {
            ObjectNode one = sessions.addObject().put("host", s.host().toString())
                    .put("correspondent", s.correspondent().toString()).put("nonceOctets", s.nonceOctets())
                    .put("firstSeen", Instant.ofEpochMilli(s.firstSeenMillis()).toString())
                    .put("lastSeen", Instant.ofEpochMilli(s.lastSeenMillis()).toString())
                    .put("updatesSent", s.updatesSent());
            if (s.lastUpdateMillis() > 0) {
                one.put("lastUpdate", Instant.ofEpochMilli(s.lastUpdateMillis()).toString());
            } else {
                one.putNull("lastUpdate");
            }
            ArrayNode locators = one.putArray("lastAdvertised");
            s.lastAdvertised().forEach(e -> locators.addObject().put("locator", e.locatorText())
                    .put("preference", e.preference()).put("lifetime", e.lifetime()));
            ArrayNode theirs = one.putArray("correspondentLocators");
            s.correspondentLocators().forEach(e -> theirs.addObject().put("locator", e.locatorText())
                    .put("preference", e.preference()).put("lifetime", e.lifetime()));
        }
        return ok(json).build();
    }

    /** A site's JSON with its status. */
    private ObjectNode encode(IlnpSite site, Optional<InstallStatus> status) {
        ObjectNode json = codec(IlnpSite.class).encode(site, this);
        json.setAll(codec(InstallStatus.class).encode(status.orElse(InstallStatus.REQUESTED), this));
        return json;
    }
}
