// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.features.routing.api.Ipv6Route;

/**
 * JSON of an IPv6 route (a /routes row), with every next hop it spreads over (ECMP).
 */
public final class Ipv6RouteCodec extends JsonCodec<Ipv6Route> {

    @Override
    public ObjectNode encode(Ipv6Route route, CodecContext context) {
        ObjectNode node = context.mapper().createObjectNode()
                .put("device", route.deviceId().toString())
                .put("prefix", route.prefix().toString())
                .put("kind", route.kind().name())
                .put("port", route.port().toLong())
                .put("nextHopMac", route.nextHopMac().toString());
        // Every next hop: one, or the members of the route's ECMP group (port and nextHopMac are the first's).
        ArrayNode hops = node.putArray("nextHops");
        route.nextHops().forEach(hop -> hops.addObject().put("port", hop.port().toLong())
                .put("nextHopMac", hop.mac().toString()));
        return node.put("state", route.state().name());
    }
}
