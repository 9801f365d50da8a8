// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.experiments;

import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentPreset;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;

import java.time.Duration;
import java.util.List;

/**
 * The PPPoE study's presets (pppoe-split-dataplane-p4): the same upstream stream of a subscriber
 * through the bng lab's one switch (single data plane) and through the bng-split lab's access and
 * forwarding switches (split), with each lab's ports and addresses; comparing the two runs
 * (experiments/compare) prints the study's two tables.
 */
final class BngPresets {

    /** The presets' place among all presets: after GTP-U's (40). */
    static final int SINGLE_ORDER = 50;
    static final int SPLIT_ORDER = 51;
    /** The study's largest packet count: the presets send that many, so every row of its tables is there. */
    static final int STUDY_PACKETS = 119_476;
    /** The subscriber the lab's first pppd is: its user name, its /64's address with interface id ::10:1. */
    static final String SUBSCRIBER = "sub1@sixflow";
    static final Ip6Address SUBSCRIBER_ADDRESS = Ip6Address.valueOf("fd33:0:0:1::10:1");
    /** The lab's network host h_net, where the subscriber's packets go. */
    static final Ip6Address SINGLE_NETWORK_HOST = Ip6Address.valueOf("fd00:b:1::13");
    static final Ip6Address SPLIT_NETWORK_HOST = Ip6Address.valueOf("fd00:b:2::13");
    /** The subscribers' line port (h_sub's) on the bng switch and on the split's access switch. */
    static final ConnectPoint SINGLE_LINE_PORT = ConnectPoint.deviceConnectPoint("device:bng/1");
    static final ConnectPoint SPLIT_LINE_PORT = ConnectPoint.deviceConnectPoint("device:bng-access/1");
    /**
     * One packet every 4 ms. Every packet of the stream is reported to the controller, and ONOS
     * takes a device's packet-ins one at a time on its P4Runtime stream (with a distributed map
     * read each): at 1 and 2 ms the bng lab's stream fell behind after 12,000-30,000 packets and
     * bmv2 queued behind it (tens of ms in the switch, a third to a half of 119,476 lost;
     * 2026-11-30), as the study's pings at 2 ms, not reported, did not.
     */
    static final long INTERVAL_MICROS = 4000;
    /** The smallest frame of a probe in the lab's framing (S-tag, C-tag, PPPoE, PPP). */
    static final int FRAME = 128;

    private BngPresets() {
    }

    /**
     * Returns the presets.
     *
     * @return the single and the split data plane
     */
    static List<ExperimentPreset> all() {
        return List.of(ExperimentPreset.of(SINGLE_ORDER, single()), ExperimentPreset.of(SPLIT_ORDER, split()));
    }

    /**
     * The single data plane: one switch (profile bng) terminates the subscriber and routes.
     *
     * @return the preset
     */
    static Experiment single() {
        return preset("pppoe-single", "PPPoE single data plane as in the ISP study", "bng (TOPOLOGY=bng: one "
                + "switch, profile bng)", SINGLE_LINE_PORT, SINGLE_NETWORK_HOST);
    }

    /**
     * The split data plane: an access switch (bng-access) terminates, a forwarding switch
     * (bng-forward) routes.
     *
     * @return the preset
     */
    static Experiment split() {
        return preset("pppoe-split", "PPPoE split data plane as in the ISP study", "bng-split (TOPOLOGY=bng-split: "
                + "bng-access, then bng-forward)", SPLIT_LINE_PORT, SPLIT_NETWORK_HOST);
    }

    private static Experiment preset(String id, String name, String lab, ConnectPoint line, Ip6Address network) {
        ProbePacket upstream = ProbePacket.of(SUBSCRIBER_ADDRESS, network, ProbePacket.DEFAULT_SOURCE_PORT,
                                              ProbePacket.DEFAULT_DESTINATION_PORT, ProbePacket.DEFAULT_HOP_LIMIT);
        return Experiment.builder(id).name(name)
                .description(String.format("%,d packets of subscriber %s upstream, sent in its PPPoE session's "
                        + "framing from the host on its line's port %s, one per %d µs in %d-byte frames, to %s (h_net), "
                        + "on the %s lab with its pppd subscribers up; every switch on the path reports every "
                        + "packet. Its tables give, for the study's packet counts, the time per packet in each "
                        + "switch and along the path; compare a pppoe-single run with a pppoe-split run for the "
                        + "study's two tables and the improvement.", STUDY_PACKETS, SUBSCRIBER, line,
                        INTERVAL_MICROS, FRAME, network, lab))
                .ingress(line).traffic(ExperimentTraffic.HOSTS)
                .classes(List.of(ExperimentClass.of("upstream", ExperimentClassRole.BASELINE, LatencyClass.IPV6,
                                                    upstream, null, null).withSession(SUBSCRIBER)))
                .packetsPerClass(STUDY_PACKETS).warmup(100).interval(Duration.ofNanos(INTERVAL_MICROS * 1000))
                .frameSizes(List.of(FRAME)).stages(true)
                .build();
    }
}
