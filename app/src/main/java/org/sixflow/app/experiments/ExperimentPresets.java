// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;

import java.time.Duration;
import java.util.List;

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

    private ExperimentPresets() {
    }

    /**
     * Returns every preset.
     *
     * @return APN6 as in IETF 109, MSR6 TE/RLB as in IETF 119, the ILNP grid
     */
    public static List<Experiment> all() {
        return ImmutableList.of(apn6(), msr6(), ilnpGrid());
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
     * The ILNP method's grid: 128- and 1514-byte frames at load rates of a 1-2-5 series, goodput,
     * loss and jitter per cell, sent by the host on the ingress port. The method's own rates
     * (up to 100 Mbps of 128-byte and 1 Gbps of 1514-byte frames) exceed a software switch.
     *
     * @return the preset
     */
    static Experiment ilnpGrid() {
        return Experiment.builder("ilnp-grid").name("ILNP grid")
                .description("128- and 1514-byte frames at 1, 2, 5, 10 and 20 Mbps, from the host on the ingress "
                                     + "port; goodput, loss and jitter per frame size and load")
                .ingress(ConnectPoint.deviceConnectPoint("device:beijing/3")).traffic(ExperimentTraffic.HOSTS)
                .classes(List.of(ipv6(), apn6Class()))
                .packetsPerClass(1000).frameSizes(List.of(128, 1514)).loadsMbps(List.of(1.0, 2.0, 5.0, 10.0, 20.0))
                .repetitions(3)
                .build();
    }
}
