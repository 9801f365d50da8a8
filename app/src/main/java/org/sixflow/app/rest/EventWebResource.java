// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.api.HistoryService;

import javax.ws.rs.DefaultValue;
import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * Recent device and pipeconf events from the history.
 */
@Path("events")
public class EventWebResource extends AbstractWebResource {

    /**
     * Lists the newest events.
     *
     * @param limit how many at most, 1..1000 (default 50)
     * @return 200 OK with {"events": [...]}, 400 if the limit is out of range
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response list(@QueryParam("limit") @DefaultValue("50") String limit) {
        int count;
        try {
            count = Integer.parseInt(limit);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("limit must be a whole number, not \"" + limit + "\"");
        }
        return ok(encodeArray(HistoryEvent.class, "events", get(HistoryService.class).recentEvents(count))).build();
    }
}
