// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonArray;
import com.eclipsesource.json.JsonObject;
import org.junit.Test;

import static org.junit.Assert.assertEquals;

/**
 * /hosts over the lab's hosts: what a tree's "host:…" endpoints may name.
 */
public class HostWebResourceTest extends SixflowRestTest {

    @Test
    public void listsTheHostsOnosKnowsWithWhereTheyAreAttached() {
        JsonArray listed = Json.parse(target().path("hosts").request().get(String.class)).asObject()
                .get("hosts").asArray();
        assertEquals(4, listed.size());
        JsonObject first = listed.get(0).asObject();
        assertEquals("00:00:00:00:01:10/None", first.getString("id", null));
        assertEquals("00:00:00:00:01:10", first.getString("mac", null));
        assertEquals("None", first.getString("vlan", null));
        assertEquals("[\"fd00:1:1::10\"]", first.get("ips").toString());
        assertEquals("[\"device:beijing/3\"]", first.get("locations").toString());
        assertEquals("00:00:00:00:05:10/None", listed.get(3).asObject().getString("id", null));
    }

    @Test
    public void aListedHostIsATreeReceiver() {
        String id = Json.parse(target().path("hosts").request().get(String.class)).asObject()
                .get("hosts").asArray().get(3).asObject().getString("id", null);
        String tree = "{\"id\": \"video\", \"source\": \"device:beijing/3\", \"group\": \"ff3e::1\","
                + " \"receivers\": [\"device:nanjing/4\", \"host:" + id + "\"]}";
        javax.ws.rs.core.Response created = target().path("trees").request()
                .post(javax.ws.rs.client.Entity.json(tree));
        assertEquals(201, created.getStatus());
    }
}
