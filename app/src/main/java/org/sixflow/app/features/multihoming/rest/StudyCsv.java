// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.rest;

import org.sixflow.app.features.multihoming.api.PingSummary;
import org.sixflow.app.features.multihoming.api.TrialCell;
import org.sixflow.app.features.multihoming.api.UplinkCount;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A run's cells as CSV (RFC 4180), one line per trial after a header: the factors, iperf3's and
 * ping's figures, the uplinks' shares ("device:sbr/2=0.8 device:sbr/3=0.2"), the routes before and
 * after, the limit and any error. Empty cells are figures not measured.
 */
final class StudyCsv {

    static final List<String> HEADER = List.of(
            "index", "protocol", "sharing", "frameSize", "transport", "loadMbps", "repetition", "startedAt",
            "sentMbps", "goodputMbps", "packetsSent", "packetsLost", "lossPercent", "bytesSent", "bytesReceived",
            "byteLossPercent", "jitterMs", "reordered", "retransmits", "pingSent", "pingReceived", "rttMinMs",
            "rttMeanMs", "rttMaxMs", "rttMdevMs", "uplinkShares", "routesBefore", "routesAfter", "limit", "error");

    private StudyCsv() {
    }

    static String of(List<TrialCell> cells) {
        StringBuilder csv = new StringBuilder(String.join(",", HEADER)).append("\r\n");
        for (TrialCell c : cells) {
            Optional<PingSummary> rtt = c.rtt();
            List<Object> row = new ArrayList<>(List.of(
                    c.trial().index(), c.trial().protocol().name(), c.trial().sharingLabel().orElse(""),
                    c.trial().frameSize(), c.trial().transport().name()));
            row.add(c.trial().loadMbps().orElse(null));
            row.add(c.trial().repetition());
            row.add(c.startedAt().toString());
            row.add(c.sentMbps().orElse(null));
            row.add(c.goodputMbps().orElse(null));
            row.add(c.packetsSent().orElse(null));
            row.add(c.packetsLost().orElse(null));
            row.add(c.lossPercent().orElse(null));
            row.add(c.bytesSent().orElse(null));
            row.add(c.bytesReceived().orElse(null));
            row.add(c.byteLossPercent().orElse(null));
            row.add(c.jitterMs().orElse(null));
            row.add(c.reordered().orElse(null));
            row.add(c.retransmits().orElse(null));
            row.add(rtt.map(PingSummary::sent).orElse(null));
            row.add(rtt.map(PingSummary::received).orElse(null));
            row.add(rtt.flatMap(PingSummary::minMs).orElse(null));
            row.add(rtt.flatMap(PingSummary::meanMs).orElse(null));
            row.add(rtt.flatMap(PingSummary::maxMs).orElse(null));
            row.add(rtt.flatMap(PingSummary::mdevMs).orElse(null));
            row.add(c.uplinks().stream().map(StudyCsv::share).collect(Collectors.joining(" ")));
            row.add(c.routesBefore());
            row.add(c.routesAfter());
            row.add(c.limit().map(Enum::name).orElse(""));
            row.add(c.error().orElse(""));
            csv.append(row.stream().map(StudyCsv::cell).collect(Collectors.joining(","))).append("\r\n");
        }
        return csv.toString();
    }

    private static String share(UplinkCount u) {
        return u.uplink() + "=" + u.shareOut();
    }

    private static String cell(Object value) {
        if (value == null || value instanceof Double && !Double.isFinite((Double) value)) {
            return "";
        }
        if (value instanceof Number) {
            return value.toString();
        }
        String text = value.toString();
        // A formula-looking text is written as text (a spreadsheet would run it).
        if (!text.isEmpty() && "=+-@".indexOf(text.charAt(0)) >= 0) {
            text = "'" + text;
        }
        return text.matches("[A-Za-z0-9:./_ -]*") ? text : "\"" + text.replace("\"", "\"\"") + "\"";
    }
}
