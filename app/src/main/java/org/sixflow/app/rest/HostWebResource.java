// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.net.Host;
import org.onosproject.net.host.HostService;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.util.Comparator;
import java.util.stream.StreamSupport;

/**
 * The hosts ONOS knows: what a tree's "host:…" receivers and source may name.
 */
@Path("hosts")
public class HostWebResource extends AbstractWebResource {

    /**
     * Lists the hosts ONOS knows, by id, each with where it is attached. A tree request names
     * one as "host:" + its id and stands for its first location.
     *
     * @return 200 OK with {"hosts": [{"id", "mac", "vlan", "ips", "locations"}]}
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response hosts() {
        ObjectNode json = mapper().createObjectNode();
        ArrayNode hosts = json.putArray("hosts");
        StreamSupport.stream(get(HostService.class).getHosts().spliterator(), false)
                .sorted(Comparator.comparing(h -> h.id().toString()))
                .forEach(host -> hosts.add(encode(host)));
        return ok(json).build();
    }

    private ObjectNode encode(Host host) {
        ObjectNode json = mapper().createObjectNode().put("id", host.id().toString())
                .put("mac", host.mac().toString()).put("vlan", host.vlan().toString());
        ArrayNode ips = json.putArray("ips");
        host.ipAddresses().stream().map(Object::toString).sorted().forEach(ips::add);
        ArrayNode locations = json.putArray("locations");
        host.locations().stream().map(l -> l.deviceId() + "/" + l.port()).sorted().forEach(locations::add);
        return json;
    }
}
