// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.hosts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.sixflow.app.api.PacingSummary;
import org.sixflow.app.api.ProbeBurst;

import java.io.IOException;
import java.util.List;

/**
 * The files a host's sender and Sixflow exchange: the bursts to send as JSON
 * ({@code {"bursts": [{"src", "dst", "dstMac"?, "sport", "dport", "hopLimit", "trafficClass",
 * "firstFlowLabel", "count", "frameSize", "intervalNanos", "flowId", "pppoe"?}]}}, where "pppoe"
 * ({"sessionId", "sTag", "cTag", "srcMac", "dstMac"}, a tag 0 for none) frames an upstream probe
 * as a PPPoE session's subscriber sends it), and the sender's last line
 * of output, a JSON object saying how well it kept the intervals.
 */
final class BurstSpec {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private BurstSpec() {
    }

    /**
     * Writes the bursts as the sender reads them.
     *
     * @param bursts what to send, in order
     * @return the spec's JSON text
     */
    static String of(List<ProbeBurst> bursts) {
        ObjectNode spec = MAPPER.createObjectNode();
        ArrayNode array = spec.putArray("bursts");
        for (ProbeBurst b : bursts) {
            ObjectNode o = array.addObject().put("src", b.packet().source().toString())
                    .put("dst", b.packet().destination().toString()).put("sport", b.packet().sourcePort())
                    .put("dport", b.packet().destinationPort()).put("hopLimit", b.packet().hopLimit())
                    .put("trafficClass", b.trafficClass()).put("firstFlowLabel", b.firstFlowLabel())
                    .put("count", b.count()).put("frameSize", b.frameSize()).put("intervalNanos", b.intervalNanos())
                    .put("flowId", b.flowId() & 0xffffffffL);
            b.destinationMac().ifPresent(mac -> o.put("dstMac", mac.toString()));
            b.packet().pppoe().ifPresent(p -> o.putObject("pppoe").put("sessionId", p.sessionId())
                    .put("sTag", p.sVid()).put("cTag", p.cVid()).put("srcMac", p.subscriberMac().toString())
                    .put("dstMac", p.concentratorMac().toString()));
        }
        return spec.toString();
    }

    /**
     * Reads the sender's summary: the last line of its output.
     *
     * @param output what the sender printed
     * @return its pacing summary
     * @throws IllegalArgumentException when the last line is no summary, saying what it was
     */
    static PacingSummary summary(String output) {
        String[] lines = output.trim().split("\n");
        String last = lines[lines.length - 1].trim();
        JsonNode summary;
        try {
            summary = MAPPER.readTree(last);
        } catch (IOException e) {
            summary = null;
        }
        if (summary == null || !summary.isObject() || !summary.has("sent")
                || !summary.has("requestedIntervalNanos")) {
            throw new IllegalArgumentException("the sender's last line is no pacing summary: '" + last + "'");
        }
        return PacingSummary.of(summary.path("requestedIntervalNanos").asLong(), summary.path("sent").asLong(),
                                summary.path("meanErrorNanos").asDouble(), summary.path("p99ErrorNanos").asDouble(),
                                summary.path("maxErrorNanos").asDouble(), summary.path("meanLatenessNanos").asDouble(),
                                summary.path("achievedPacketsPerSecond").asDouble());
    }
}
