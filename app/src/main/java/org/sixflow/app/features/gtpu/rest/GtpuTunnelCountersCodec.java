// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.features.gtpu.api.GtpuTunnelCounters;

/**
 * JSON of a tunnel's counters: {"downlinkPackets", "downlinkBytes", "uplinkPackets",
 * "uplinkBytes", "unreadDevices": [...]}.
 */
public final class GtpuTunnelCountersCodec extends JsonCodec<GtpuTunnelCounters> {

    @Override
    public ObjectNode encode(GtpuTunnelCounters counters, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode()
                .put("downlinkPackets", counters.downlinkPackets()).put("downlinkBytes", counters.downlinkBytes())
                .put("uplinkPackets", counters.uplinkPackets()).put("uplinkBytes", counters.uplinkBytes());
        ArrayNode unread = json.putArray("unreadDevices");
        counters.unreadDevices().forEach(d -> unread.add(d.toString()));
        return json;
    }
}
