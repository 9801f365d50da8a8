// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.net.behaviour.BngProgrammable.BngCounterType;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.api.InvalidFieldsException;
import org.sixflow.app.features.bng.api.BngConfigJson;
import org.sixflow.app.features.bng.api.BngLine;
import org.sixflow.app.features.bng.api.BngService;
import org.sixflow.app.features.bng.api.BngSession;
import org.sixflow.app.rest.http.JsonBodies;

import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.InputStream;
import java.util.List;
import java.util.Map;

/**
 * The PPPoE control plane: subscriber lines, the sessions followed on them with their counters,
 * cutting a session, and the relay's configuration.
 */
@Path("bng")
public class BngWebResource extends AbstractWebResource {

    /** Longest session id taken in a path (any 18 digits fit a long). */
    private static final int MAX_ID_CHARS = 18;

    /**
     * Lists the subscriber lines PPPoE frames came from, and what the relay dropped by reason.
     *
     * @return 200 OK with {"lines": [{"name", "port", "sTag", "cTag", "lineId", "controlFrames",
     *         "lastSeen"}], "dropped": {reason: count}}
     */
    @GET
    @Path("lines")
    @Produces(MediaType.APPLICATION_JSON)
    public Response lines() {
        BngService service = get(BngService.class);
        ObjectNode json = mapper().createObjectNode();
        ArrayNode lines = json.putArray("lines");
        service.lines().forEach(line -> lines.add(codec(BngLine.class).encode(line, this)));
        ObjectNode dropped = json.putObject("dropped");
        service.dropped().forEach(dropped::put);
        return ok(json).build();
    }

    /**
     * Lists the PPPoE sessions followed (going, and ended within the last echo interval), each
     * with its line's counters when its entries are installed.
     *
     * @return 200 OK with {"sessions": [{"id", "line", "sessionId", "subscriberMac", "serverMac",
     *         "state", "user", "ipv4", "ipv6", "ipv6Prefix", "endReason", "started", "install",
     *         "counters"}]}
     */
    @GET
    @Path("sessions")
    @Produces(MediaType.APPLICATION_JSON)
    public Response sessions() {
        BngService service = get(BngService.class);
        ObjectNode json = mapper().createObjectNode();
        ArrayNode sessions = json.putArray("sessions");
        service.sessions().forEach(s -> sessions.add(encode(s, service)));
        return ok(json).build();
    }

    /**
     * Shows a PPPoE session with its line's counters.
     *
     * @param id the controller's session id (GET /bng/sessions)
     * @return 200 OK with the session; 400 for an id that is not a number; 404
     */
    @GET
    @Path("sessions/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response session(@PathParam("id") String id) {
        BngService service = get(BngService.class);
        long number = id(id);
        BngSession session = service.session(number)
                .orElseThrow(() -> new ItemNotFoundException("No BNG session " + number));
        return ok(encode(session, service)).build();
    }

    /**
     * Cuts a PPPoE session: a PADT to the subscriber and to the server, its entries removed.
     *
     * @param id the controller's session id
     * @return 204 No Content; 400 for an id that is not a number; 404 if no such session is going
     */
    @DELETE
    @Path("sessions/{id}")
    public Response cut(@PathParam("id") String id) {
        long number = id(id);
        if (!get(BngService.class).cut(number)) {
            throw new ItemNotFoundException("No BNG session " + number + " is going");
        }
        return Response.noContent().build();
    }

    /**
     * Shows the relay's configuration, as the network config keeps it. Its place there is
     * apps.org.sixflow.app.bng.
     *
     * @return 200 OK with {"server", "echoIntervalSeconds", "echoMisses", "linePrefixes", "prefixPool"}
     */
    @GET
    @Path("config")
    @Produces(MediaType.APPLICATION_JSON)
    public Response config() {
        return ok(BngConfigJson.write(get(BngService.class).config(), mapper())).build();
    }

    /**
     * Replaces the relay's configuration (kept in the network config).
     *
     * @onos.rsModel BngConfig
     * @param body the configuration
     * @return 200 OK with it; 400 naming every field that is wrong
     */
    @PUT
    @Path("config")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response configure(InputStream body) {
        BngService service = get(BngService.class);
        service.configure(BngConfigJson.read(JsonBodies.readObject(body, mapper())));
        return ok(BngConfigJson.write(service.config(), mapper())).build();
    }

    private ObjectNode encode(BngSession session, BngService service) {
        ObjectNode json = codec(BngSession.class).encode(session, this);
        ObjectNode counters = json.putObject("counters");
        Map<BngCounterType, PiCounterCellData> read = service.counters(session.id());
        read.forEach((type, data) -> counters.putObject(type.name()).put("packets", data.packets())
                .put("bytes", data.bytes()));
        return json;
    }

    private static long id(String text) {
        if (text == null || text.isEmpty() || text.length() > MAX_ID_CHARS || !text.chars().allMatch(Character::isDigit)) {
            throw new InvalidFieldsException(List.of(new InvalidFieldsException.FieldError(
                    "id", "must be a session id (digits, as GET /bng/sessions lists them)")));
        }
        return Long.parseLong(text);
    }
}
