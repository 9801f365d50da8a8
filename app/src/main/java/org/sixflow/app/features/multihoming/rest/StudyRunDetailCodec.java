// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.features.multihoming.api.FailoverResult;
import org.sixflow.app.features.multihoming.api.GridRow;
import org.sixflow.app.features.multihoming.api.PingSummary;
import org.sixflow.app.features.multihoming.api.SiteRoutes;
import org.sixflow.app.features.multihoming.api.StudyRun;
import org.sixflow.app.features.multihoming.api.StudyRunDetail;
import org.sixflow.app.features.multihoming.api.TrialCell;

import java.util.Optional;

/**
 * JSON of a run with its results: the run's fields, then "cells" (each trial), "grid" (the cells
 * averaged over repetitions), "failovers" and "siteRoutes" (docs/features/multihoming-study.md).
 * A figure not measured is null.
 */
public final class StudyRunDetailCodec extends JsonCodec<StudyRunDetail> {

    @Override
    public ObjectNode encode(StudyRunDetail detail, CodecContext context) {
        ObjectNode json = context.codec(StudyRun.class).encode(detail.run(), context);
        ArrayNode cells = json.putArray("cells");
        detail.cells().forEach(c -> cells.add(cell(c, context)));
        ArrayNode grid = json.putArray("grid");
        detail.grid().forEach(r -> grid.add(row(r, context)));
        ArrayNode failovers = json.putArray("failovers");
        for (FailoverResult f : detail.failovers()) {
            ObjectNode one = failovers.addObject().put("protocol", f.protocol().name())
                    .put("uplink", f.uplink().toString()).put("afterSeconds", f.afterSeconds());
            number(one, "repairMs", f.repairMs());
            one.put("probesSent", f.probesSent()).put("probesAnswered", f.probesAnswered()).put("note", f.note());
        }
        ArrayNode siteRoutes = json.putArray("siteRoutes");
        for (SiteRoutes s : detail.siteRoutes()) {
            ObjectNode one = siteRoutes.addObject().put("protocol", s.protocol().name()).put("address", s.address())
                    .put("siteDevice", s.siteDevice().toString());
            ArrayNode routes = one.putArray("routes");
            s.routes().forEach(r -> routes.addObject().put("device", r.device().toString())
                    .put("prefix", r.prefix().toString()).put("kind", r.kind().name())
                    .put("siteSpecific", r.siteSpecific()));
            one.put("siteSpecificOutsideSite", s.siteSpecificOutsideSite());
        }
        return json;
    }

    static ObjectNode cell(TrialCell c, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode().put("index", c.trial().index())
                .put("protocol", c.trial().protocol().name()).put("transport", c.trial().transport().name())
                .put("frameSize", c.trial().frameSize());
        number(json, "loadMbps", c.trial().loadMbps());
        json.put("sharing", c.trial().sharingLabel().orElse(null)).put("repetition", c.trial().repetition())
                .put("startedAt", c.startedAt().toString());
        number(json, "sentMbps", c.sentMbps());
        number(json, "goodputMbps", c.goodputMbps());
        whole(json, "packetsSent", c.packetsSent());
        whole(json, "packetsLost", c.packetsLost());
        number(json, "lossPercent", c.lossPercent());
        whole(json, "bytesSent", c.bytesSent());
        whole(json, "bytesReceived", c.bytesReceived());
        number(json, "byteLossPercent", c.byteLossPercent());
        number(json, "jitterMs", c.jitterMs());
        whole(json, "reordered", c.reordered());
        whole(json, "retransmits", c.retransmits());
        if (c.rtt().isPresent()) {
            PingSummary p = c.rtt().get();
            ObjectNode rtt = json.putObject("rtt").put("sent", p.sent()).put("received", p.received());
            number(rtt, "minMs", p.minMs());
            number(rtt, "meanMs", p.meanMs());
            number(rtt, "maxMs", p.maxMs());
            number(rtt, "mdevMs", p.mdevMs());
        } else {
            json.putNull("rtt");
        }
        ArrayNode uplinks = json.putArray("uplinks");
        c.uplinks().forEach(u -> uplinks.addObject().put("uplink", u.uplink().toString())
                .put("packetsOut", u.packetsOut()).put("packetsIn", u.packetsIn()).put("shareOut", u.shareOut()));
        ArrayNode latency = json.putArray("switchLatency");
        c.switchLatency().forEach(l -> latency.addObject().put("device", l.device().toString())
                .put("packets", l.packets()).put("meanNs", l.meanNs()));
        json.put("routesBefore", c.routesBefore()).put("routesAfter", c.routesAfter());
        ObjectNode before = json.putObject("entriesBefore");
        c.entriesBefore().forEach((d, n) -> before.put(d.toString(), n));
        ObjectNode after = json.putObject("entriesAfter");
        c.entriesAfter().forEach((d, n) -> after.put(d.toString(), n));
        json.put("limit", c.limit().map(Enum::name).orElse(null)).put("limitReason", c.limitReason().orElse(null))
                .put("error", c.error().orElse(null));
        return json;
    }

    private static ObjectNode row(GridRow r, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode().put("protocol", r.protocol().name())
                .put("sharing", r.sharing().orElse(null)).put("transport", r.transport().name())
                .put("frameSize", r.frameSize());
        number(json, "loadMbps", r.loadMbps());
        json.put("repetitions", r.repetitions());
        number(json, "goodputMbps", r.goodputMbps());
        number(json, "goodputCi95", r.goodputCi95());
        number(json, "lossPercent", r.lossPercent());
        number(json, "byteLossPercent", r.byteLossPercent());
        number(json, "jitterMs", r.jitterMs());
        number(json, "reordered", r.reordered());
        number(json, "rttMeanMs", r.rttMeanMs());
        ObjectNode shares = json.putObject("uplinkShares");
        r.uplinkShares().forEach((u, s) -> shares.put(u.toString(), s));
        return json.put("limit", r.limit().map(Enum::name).orElse(null));
    }

    private static void number(ObjectNode json, String field, Optional<Double> value) {
        if (value.isPresent() && Double.isFinite(value.get())) {
            json.put(field, value.get());
        } else {
            json.putNull(field);
        }
    }

    private static void whole(ObjectNode json, String field, Optional<Long> value) {
        if (value.isPresent()) {
            json.put(field, value.get());
        } else {
            json.putNull(field);
        }
    }
}
