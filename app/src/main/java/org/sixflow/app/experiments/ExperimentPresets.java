// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;

import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Experiments after the studies, ready to adapt: their factors and classes as the studies ran
 * them, with network fields (ingress, addresses, tree and policy ids) of the bmv2 lab's
 * msr6-study network, to be changed for another network.
 */
public final class ExperimentPresets {

    /** The lab's beijing port from wuhan: probes injected by wuhan enter beijing there. */
    static final ConnectPoint LAB_INGRESS = ConnectPoint.deviceConnectPoint("device:beijing/1");
    static final Ip6Address LAB_SOURCE = Ip6Address.valueOf("fd00:1:1::10");
    static final Ip6Address LAB_DESTINATION = Ip6Address.valueOf("fd00:1:3::10");
    /** UDP port an APN6 policy of the preset matches. */
    static final int APN6_PORT = 6100;
    /** The draft-murakami frame size and load points: 100 pps, and near what the bmv2 lab sustains. */
    static final int MURAKAMI_FRAME = 1492;
    static final List<Integer> MURAKAMI_PPS = List.of(100, 500);
    /** The GTP-U preset's N3 address: in beijing's locator, none of its SIDs or hosts. */
    static final Ip6Address LAB_N3 = Ip6Address.valueOf("fd00:1:1::2152");
    /** The tunnels' peer (gNB): h_nj, so encapsulated packets are routed out of beijing towards nanjing. */
    static final Ip6Address LAB_PEER = LAB_DESTINATION;
    /** Uplink TEIDs of the preset's tunnels murakami-zero, -full, -incremental. */
    static final long UPLINK_TEID_ZERO = 0x1001;

    private ExperimentPresets() {
    }

    /**
     * Returns every preset.
     *
     * @return APN6 as in IETF 109, MSR6 TE/RLB as in IETF 119, a host-sent load grid, GTP-U checksums as in
     *         draft-murakami
     */
    public static List<Experiment> all() {
        return ImmutableList.of(apn6(), msr6(), loadGrid(), gtpuMurakami());
    }

    private static ExperimentClass ipv6() {
        return ExperimentClass.of("ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6,
                                  ProbePacket.of(LAB_SOURCE, LAB_DESTINATION, ProbePacket.DEFAULT_SOURCE_PORT,
                                                 ProbePacket.DEFAULT_DESTINATION_PORT, ProbePacket.DEFAULT_HOP_LIMIT),
                                  null, null);
    }

    private static ExperimentClass apn6Class() {
        return ExperimentClass.of("apn6", ExperimentClassRole.FEATURE, LatencyClass.APN6_INSERT,
                                  ProbePacket.of(LAB_SOURCE, LAB_DESTINATION, ProbePacket.DEFAULT_SOURCE_PORT,
                                                 APN6_PORT, ProbePacket.DEFAULT_HOP_LIMIT),
                                  null, "apn6-ietf109");
    }

    /**
     * The APN6 study: 50,000 packets of plain IPv6 and of IPv6 with the Application-aware ID
     * inserted, one every millisecond; its "K ≤ x" tables' thresholds.
     *
     * @return the preset
     */
    static Experiment apn6() {
        return Experiment.builder("apn6-ietf109").name("APN6 as in IETF 109")
                .description("50,000 packets per class at 1 ms: IPv6 forwarding against APN6 option insertion "
                                     + "(needs APN6 policy apn6-ietf109 matching UDP destination port " + APN6_PORT
                                     + " with no ingress ports, so it classifies at every edge)")
                .ingress(LAB_INGRESS).traffic(ExperimentTraffic.PROBES)
                .classes(List.of(ipv6(), apn6Class()))
                .packetsPerClass(50_000).interval(Duration.ofMillis(1)).frameSizes(List.of(128))
                .thresholds(List.of(0.018, 0.020, 0.022, 0.024))
                .meanThresholds(List.of(0.0180, 0.0181, 0.0182, 0.0183)).meanOf(10_000)
                .build();
    }

    /**
     * The MSR6 study: plain IPv6 against MSR6 TE and TE with RLB encapsulation at the ingress,
     * with the clone-and-forward delays and the stability where the packets are copied.
     *
     * @return the preset
     */
    static Experiment msr6() {
        return Experiment.builder("msr6-ietf119").name("MSR6 TE/RLB as in IETF 119")
                .description("10,000 packets per class at 1 ms: IPv6 forwarding against MSR6 TE and RLB "
                                     + "encapsulation (needs trees te, group ff3e::1, and rlb, group ff3e::2, from "
                                     + "beijing with source address " + LAB_SOURCE + ")")
                .ingress(LAB_INGRESS).traffic(ExperimentTraffic.PROBES)
                .classes(List.of(ipv6(),
                                 ExperimentClass.of("msr6-te", ExperimentClassRole.FEATURE, LatencyClass.MSR6_TE_ENCAP,
                                                    null, "te", null),
                                 ExperimentClass.of("msr6-rlb", ExperimentClassRole.FEATURE,
                                                    LatencyClass.MSR6_RLB_ENCAP, null, "rlb", null)))
                .packetsPerClass(10_000).interval(Duration.ofMillis(1)).frameSizes(List.of(128))
                .build();
    }

    /**
     * A grid of the ILNP thesis's factors applied to a feature's probes: 128- and 1514-byte frames
     * at load rates of a 1-2-5 series, goodput, loss and jitter per cell, sent by the host on the
     * ingress port (the thesis's own protocols, IPv6, NPTv6 and ILNP by iperf3 and ping between
     * hosts, are the multihoming study: docs/features/multihoming-study.md).
     *
     * @return the preset
     */
    static Experiment loadGrid() {
        return Experiment.builder("load-grid").name("Load grid")
                .description("128- and 1514-byte frames at 1, 2, 5, 10 and 20 Mbps, from the host on the ingress "
                                     + "port; goodput, loss and jitter per frame size and load")
                .ingress(ConnectPoint.deviceConnectPoint("device:beijing/3")).traffic(ExperimentTraffic.HOSTS)
                .classes(List.of(ipv6(), apn6Class()))
                .packetsPerClass(1000).frameSizes(List.of(128, 1514)).loadsMbps(List.of(1.0, 2.0, 5.0, 10.0, 20.0))
                .repetitions(3)
                .build();
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
    static Experiment gtpuMurakami() {
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
                .ingress(LAB_INGRESS).traffic(ExperimentTraffic.PROBES)
                .classes(List.of(ipv6(),
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
                                  ProbePacket.of(LAB_SOURCE, ue(ue), ProbePacket.DEFAULT_SOURCE_PORT,
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
