// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.SixflowDevice;

import java.util.Comparator;

/**
 * JSON of the topology: {"devices": [device as /devices writes it], "links": [{"src": "device:a/1",
 * "dst": "device:b/2", "state": "ACTIVE"}]}, links sorted by source then destination.
 */
public final class NetworkTopologyCodec extends JsonCodec<NetworkTopology> {

    @Override
    public ObjectNode encode(NetworkTopology topology, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode();
        JsonCodec<SixflowDevice> deviceCodec = context.codec(SixflowDevice.class);
        ArrayNode devices = json.putArray("devices");
        topology.devices().forEach(d -> devices.add(deviceCodec.encode(d, context)));
        ArrayNode links = json.putArray("links");
        topology.links().stream()
                .sorted(Comparator.comparing((org.onosproject.net.Link l) -> l.src().toString())
                                .thenComparing(l -> l.dst().toString()))
                .forEach(l -> links.addObject().put("src", l.src().toString()).put("dst", l.dst().toString())
                        .put("state", l.state().name()));
        return json;
    }
}
