// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.experiments;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentPreset;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.experiments.LabPresets;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The GTP-U preset: draft-murakami-dmm-udp-checksum-impact-gtpu's checksum comparison, its
 * classes naming three tunnels on the lab's beijing, one per checksum mode.
 */
final class GtpuPresets {

    /** The preset's place among all presets: after the load grid (30). */
    static final int MURAKAMI_ORDER = 40;
    /** The draft-murakami frame size and load points: 100 pps, and near what the bmv2 lab sustains. */
    static final int MURAKAMI_FRAME = 1492;
    static final List<Integer> MURAKAMI_PPS = List.of(100, 500);
    /** The preset's N3 address: in beijing's locator, none of its SIDs or hosts. */
    static final Ip6Address LAB_N3 = Ip6Address.valueOf("fd00:1:1::2152");
    /** The tunnels' peer (gNB): h_nj, so encapsulated packets are routed out of beijing towards nanjing. */
    static final Ip6Address LAB_PEER = LabPresets.DESTINATION;
    /** Uplink TEIDs of the preset's tunnels murakami-zero, -full, -incremental. */
    static final long UPLINK_TEID_ZERO = 0x1001;

    private GtpuPresets() {
    }

    /**
     * Returns the presets.
     *
     * @return GTP-U checksums as in draft-murakami
     */
    static List<ExperimentPreset> all() {
        return List.of(ExperimentPreset.of(MURAKAMI_ORDER, murakami()));
    }

    /**
     * draft-murakami-dmm-udp-checksum-impact-gtpu's comparison on Sixflow's data plane: 1492-byte
     * frames of plain IPv6 forwarding against GTP-U encapsulation with the outer UDP checksum zero,
     * computed over the whole datagram, or derived incrementally from the inner checksum (the
     * draft's offload), and against uplink decapsulation, at 100 pps and at 500 pps; average,
     * minimum and maximum latency and loss per mode and load point. The load is the probe stream's:
     * the classes take turns in blocks, so the switch sees one probe every 10 ms or 2 ms. The bmv2
     * lab's packet-out probes queue at 1 ms and do not at 10 ms (README "Experiments"), and the
     * draft's 275 kpps is far beyond a software switch, so the high point is 2 ms, between the two:
     * a choice, not yet a measured capacity for these frames.
     *
     * @return the preset
     */
    static Experiment murakami() {
        ProbePacket uplinkInner = ProbePacket.of(ue(1), LAB_PEER, ProbePacket.DEFAULT_SOURCE_PORT,
                                                 ProbePacket.DEFAULT_DESTINATION_PORT, ProbePacket.DEFAULT_HOP_LIMIT);
        return Experiment.builder("gtpu-murakami").name("GTP-U checksum as in draft-murakami")
                .description("1,000 packets per class (100 warm-up) of 1492-byte frames at 100 and 500 pps: IPv6 "
                                     + "forwarding against GTP-U encapsulation with a zero, full and incremental UDP "
                                     + "checksum, and uplink decapsulation; average/min/max latency and loss per "
                                     + "mode and load point. Needs GTP-U tunnels on beijing, all with N3 address "
                                     + LAB_N3 + " and peer " + LAB_PEER + " (h_nj): murakami-zero (UE prefix "
                                     + uePrefix(1) + ", checksum ZERO, uplink TEID 4097, downlink 8193), "
                                     + "murakami-full (UE prefix " + uePrefix(2) + ", FULL, 4098/8194), "
                                     + "murakami-incremental (UE prefix " + uePrefix(3) + ", INCREMENTAL, 4099/8195), "
                                     + "no QFI; and, as the encapsulated "
                                     + "frames grow to 1548 bytes, an IPv6 MTU of at least 1534 towards the peer "
                                     + "(the bmv2 lab: LAB_LINK_MTU=1600; at 1500 the data plane drops them as "
                                     + "MTU_EXCEEDED)")
                .ingress(LabPresets.INGRESS).traffic(ExperimentTraffic.PROBES)
                .classes(List.of(LabPresets.ipv6(),
                                 encap("gtpu-zero", LatencyClass.GTPU_ENCAP_ZERO, 1, "murakami-zero"),
                                 encap("gtpu-full", LatencyClass.GTPU_ENCAP_FULL, 2, "murakami-full"),
                                 encap("gtpu-incremental", LatencyClass.GTPU_ENCAP_INCREMENTAL, 3,
                                       "murakami-incremental"),
                                 ExperimentClass.of("gtpu-decap", ExperimentClassRole.FEATURE, LatencyClass.GTPU_DECAP,
                                                    ProbePacket.gtpu(LAB_PEER, LAB_N3, UPLINK_TEID_ZERO,
                                                                     ProbePacket.GTPU_PORT, uplinkInner),
                                                    null, null, "murakami-zero")))
                .packetsPerClass(1000).warmup(100).frameSizes(List.of(MURAKAMI_FRAME))
                .loadsMbps(MURAKAMI_PPS.stream().map(pps -> mbps(pps, MURAKAMI_FRAME)).collect(Collectors.toList()))
                .build();
    }

    /** A downlink class: plain probes to a UE address of a tunnel's prefix, encapsulated at beijing. */
    private static ExperimentClass encap(String name, LatencyClass latencyClass, int ue, String tunnel) {
        return ExperimentClass.of(name, ExperimentClassRole.FEATURE, latencyClass,
                                  ProbePacket.of(LabPresets.SOURCE, ue(ue), ProbePacket.DEFAULT_SOURCE_PORT,
                                                 ProbePacket.DEFAULT_DESTINATION_PORT, ProbePacket.DEFAULT_HOP_LIMIT),
                                  null, null, tunnel);
    }

    /** The preset's UE prefixes fd00:99:n::/64, outside every locator of the lab. */
    static Ip6Prefix uePrefix(int n) {
        return Ip6Prefix.valueOf("fd00:99:" + n + "::/64");
    }

    private static Ip6Address ue(int n) {
        return Ip6Address.valueOf("fd00:99:" + n + "::10");
    }

    /**
     * Returns the load rate that sends frames of a size at a packet rate (the runner's load points
     * are rates in Mbps, each giving the interval frame bits / rate).
     *
     * @param pps       packets per second
     * @param frameSize Ethernet frame bytes
     * @return megabits per second
     */
    static double mbps(int pps, int frameSize) {
        return pps * frameSize * 8 / 1e6;
    }
}
