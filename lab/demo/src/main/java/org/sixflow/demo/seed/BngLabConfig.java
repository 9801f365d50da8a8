// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.seed;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;

import java.util.List;

/**
 * The BNG's network config as the bmv2 lab's BNG test posts it (lab/systest/tests/test_bng.py):
 * the device's annotations {@code bngAccessPort} (the subscribers' port) and {@code bngMac} (the
 * MAC it answers PPPoE as: its router MAC, which its station check expects upstream), and the
 * relay's configuration {@code apps.org.sixflow.app.bng} (BngConfigJson's format, which PUT
 * bng/config stores there): the server's port and each subscriber line's /64 and delegated
 * prefix. Only the echo interval differs: the longest there is, as a replayed capture sends no
 * further echoes and the relay would end its sessions after the lab's few missed ones.
 */
final class BngLabConfig {

    /** The application whose netcfg holds the relay's configuration (SixflowConfigRegistrar.APP_NAME). */
    static final String APP_NAME = "org.sixflow.app";
    /** BngConfig.MAX_ECHO_INTERVAL_SECONDS. */
    static final int ECHO_INTERVAL_SECONDS = 3600;
    private static final int ECHO_MISSES = 4;

    /** A subscriber line of the lab's test and the prefixes it configures for it. */
    static final class Line {
        final int sVid;
        final int cVid;
        final String prefix;
        final String delegated;

        Line(int sVid, int cVid, String prefix, String delegated) {
            this.sVid = sVid;
            this.cVid = cVid;
            this.prefix = prefix;
            this.delegated = delegated;
        }
    }

    /** The lab test's subscribers n = 1..3: S-tag 100, C-tag 9 + n, fd33:0:0:n::/64, fd33:100:0:n00::/56. */
    static final List<Line> LINES = List.of(new Line(100, 10, "fd33:0:0:1::/64", "fd33:100:0:100::/56"),
                                            new Line(100, 11, "fd33:0:0:2::/64", "fd33:100:0:200::/56"),
                                            new Line(100, 12, "fd33:0:0:3::/64", "fd33:100:0:300::/56"));

    private BngLabConfig() {
    }

    /**
     * Returns the netcfg document.
     *
     * @param mapper the mapper
     * @param access the subscribers' port
     * @param server the PPPoE server's port
     * @param bngMac the MAC the BNG answers as
     * @return {"devices": {device: {"annotations": ...}}, "apps": {app: {"bng": ...}}}
     */
    static ObjectNode document(ObjectMapper mapper, ConnectPoint access, ConnectPoint server, MacAddress bngMac) {
        ObjectNode doc = mapper.createObjectNode();
        doc.putObject("devices").putObject(access.deviceId().toString()).putObject("annotations")
                .putObject("entries").put("bngAccessPort", String.valueOf(access.port().toLong()))
                .put("bngMac", bngMac.toString());
        ObjectNode bng = doc.putObject("apps").putObject(APP_NAME).putObject("bng");
        bng.put("server", server.deviceId() + "/" + server.port().toLong())
                .put("echoIntervalSeconds", ECHO_INTERVAL_SECONDS).put("echoMisses", ECHO_MISSES);
        ArrayNode prefixes = bng.putArray("linePrefixes");
        for (Line line : LINES) {
            prefixes.addObject().put("sTag", line.sVid).put("cTag", line.cVid).put("prefix", line.prefix)
                    .put("delegated", line.delegated);
        }
        return doc;
    }
}
