// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonArray;
import com.eclipsesource.json.JsonObject;
import org.junit.Test;
import org.sixflow.app.api.HistoryEvent;

import javax.ws.rs.BadRequestException;
import java.time.Instant;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * GET /events.
 */
public class EventWebResourceTest extends SixflowRestTest {

    @Test
    public void listsNewestFirstUpToTheLimit() {
        Instant t0 = Instant.parse("2026-11-22T10:00:00Z");
        history.record(HistoryEvent.of(t0, "DEVICE_ADDED", "device:beijing", ""));
        history.record(HistoryEvent.of(t0.plusSeconds(1), "DEVICE_AVAILABILITY_CHANGED", "device:beijing",
                                       "unavailable"));
        JsonArray events = Json.parse(target().path("events").queryParam("limit", 1).request().get(String.class))
                .asObject().get("events").asArray();
        assertEquals(1, events.size());
        JsonObject newest = events.get(0).asObject();
        assertEquals("2026-11-22T10:00:01Z", newest.getString("time", null));
        assertEquals("unavailable", newest.getString("detail", null));
    }

    @Test
    public void pagesSayWhereTheNextStarts() {
        Instant t0 = Instant.parse("2026-11-22T10:00:00Z");
        for (int i = 0; i < 5; i++) {
            history.record(HistoryEvent.of(t0.plusSeconds(i), "DEVICE_ADDED", "device:d" + i, ""));
        }
        JsonObject first = Json.parse(target().path("events").queryParam("limit", 2).request().get(String.class))
                .asObject();
        assertEquals(2, first.getInt("next", -1));
        assertEquals("device:d4", first.get("events").asArray().get(0).asObject().getString("subject", null));
        JsonObject last = Json.parse(target().path("events").queryParam("limit", 2).queryParam("offset", 4)
                                             .request().get(String.class)).asObject();
        assertTrue(last.get("next").isNull());
        assertEquals("device:d0", last.get("events").asArray().get(0).asObject().getString("subject", null));
        // A full page at the largest limit still says whether more follow.
        JsonObject all = Json.parse(target().path("events").queryParam("limit", 1000).request().get(String.class))
                .asObject();
        assertTrue(all.get("next").isNull());
        assertEquals(5, all.get("events").asArray().size());
    }

    @Test
    public void badLimitsAre400WithAMessage() {
        for (String limit : new String[]{"abc", "0", "5000"}) {
            try {
                target().path("events").queryParam("limit", limit).request().get(String.class);
                fail("accepted limit " + limit);
            } catch (BadRequestException e) {
                JsonObject json = Json.parse(e.getResponse().readEntity(String.class)).asObject();
                assertEquals(400, json.getInt("code", 0));
                assertTrue(json.getString("message", ""), json.getString("message", "").contains("limit"));
            }
        }
        try {
            target().path("events").queryParam("offset", -1).request().get(String.class);
            fail("accepted a negative offset");
        } catch (BadRequestException e) {
            assertTrue(e.getResponse().readEntity(String.class).contains("offset"));
        }
    }
}
