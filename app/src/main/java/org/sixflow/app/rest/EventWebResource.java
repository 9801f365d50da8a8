// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.api.HistoryService;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.util.List;

/**
 * Recent device and pipeconf events from the history.
 */
@Path("events")
public class EventWebResource extends AbstractWebResource {

    private static final SharedJson SHARED = new SharedJson();

    /**
     * Lists the events, newest first, a page at a time.
     *
     * @param limit  how many at most, 1..1000 (default 50)
     * @param offset how many of the newest to skip, 0..1,000,000 (default 0)
     * @return 200 OK with {"events": [...], "next": offset of the next page or null}; 400 if the
     *         limit or offset is out of range
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response list(@QueryParam("limit") String limit, @QueryParam("offset") String offset) {
        Paging page = Paging.of(limit, offset, 50, HistoryService.MAX_EVENTS);
        HistoryService history = get(HistoryService.class);
        // One more than the page says whether another follows (a second read at the largest page).
        int fetch = Math.min(page.limit() + 1, HistoryService.MAX_EVENTS);
        List<HistoryEvent> read = history.recentEvents(page.offset(), fetch);
        boolean more = read.size() > page.limit();
        List<HistoryEvent> events = more ? read.subList(0, page.limit()) : read;
        if (!more && fetch == page.limit() && read.size() == fetch && page.offset() + fetch <= Paging.MAX_OFFSET) {
            more = !history.recentEvents(page.offset() + fetch, 1).isEmpty();
        }
        boolean another = more;
        return SHARED.ok(read, List.of(page.offset(), page.limit(), another),
                         () -> page.next(encodeArray(HistoryEvent.class, "events", events), another), mapper());
    }
}
