// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.PortCounters;
import org.sixflow.app.api.PortStatistics;

import static org.sixflow.app.rest.JsonNumbers.putNullable;

/**
 * JSON of a port's latest counters (null when not reported) and rates (null without a previous reading).
 */
public final class PortStatisticsCodec extends JsonCodec<PortStatistics> {

    @Override
    public ObjectNode encode(PortStatistics statistics, CodecContext context) {
        PortCounters c = statistics.counters();
        ObjectNode node = context.mapper().createObjectNode()
                .put("device", c.deviceId().toString())
                .put("port", c.port())
                .put("time", c.time().toString());
        putNullable(node, "inPackets", c.inPackets());
        putNullable(node, "outPackets", c.outPackets());
        putNullable(node, "inOctets", c.inOctets());
        putNullable(node, "outOctets", c.outOctets());
        putNullable(node, "inDiscards", c.inDiscards());
        putNullable(node, "outDiscards", c.outDiscards());
        putNullable(node, "inErrors", c.inErrors());
        putNullable(node, "outErrors", c.outErrors());
        return PortRatesCodec.putRates(node, statistics.rates().orElse(null));
    }
}
