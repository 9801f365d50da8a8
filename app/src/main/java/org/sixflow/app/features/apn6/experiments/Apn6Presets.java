// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.experiments;

import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentPreset;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.experiments.LabPresets;

import java.time.Duration;
import java.util.List;

/**
 * The presets whose feature class inserts the Application-aware ID: the APN6 study as in IETF 109,
 * and the load grid, whose feature probes are APN6's. Both need the APN6 policy the class names.
 */
final class Apn6Presets {

    /** The APN6 study's place among all presets: the first study. */
    static final int IETF109_ORDER = 10;
    /** The load grid's: after the MSR6 study (20), before GTP-U's (40). */
    static final int LOAD_GRID_ORDER = 30;
    /** The policy the presets' APN6 class names. */
    static final String POLICY = "apn6-ietf109";
    /** UDP port the policy matches. */
    static final int APN6_PORT = 6100;

    private Apn6Presets() {
    }

    /**
     * Returns the presets.
     *
     * @return APN6 as in IETF 109 and the load grid
     */
    static List<ExperimentPreset> all() {
        return List.of(ExperimentPreset.of(IETF109_ORDER, ietf109()), ExperimentPreset.of(LOAD_GRID_ORDER, loadGrid()));
    }

    private static ExperimentClass apn6Class() {
        return ExperimentClass.of("apn6", ExperimentClassRole.FEATURE, LatencyClass.APN6_INSERT,
                                  ProbePacket.of(LabPresets.SOURCE, LabPresets.DESTINATION,
                                                 ProbePacket.DEFAULT_SOURCE_PORT, APN6_PORT,
                                                 ProbePacket.DEFAULT_HOP_LIMIT),
                                  null, POLICY);
    }

    /**
     * The APN6 study: 50,000 packets of plain IPv6 and of IPv6 with the Application-aware ID
     * inserted, one every millisecond; its "K ≤ x" tables' thresholds.
     *
     * @return the preset
     */
    static Experiment ietf109() {
        return Experiment.builder("apn6-ietf109").name("APN6 as in IETF 109")
                .description("50,000 packets per class at 1 ms: IPv6 forwarding against APN6 option insertion "
                                     + "(needs APN6 policy " + POLICY + " matching UDP destination port " + APN6_PORT
                                     + " with no ingress ports, so it classifies at every edge)")
                .ingress(LabPresets.INGRESS).traffic(ExperimentTraffic.PROBES)
                .classes(List.of(LabPresets.ipv6(), apn6Class()))
                .packetsPerClass(50_000).interval(Duration.ofMillis(1)).frameSizes(List.of(128))
                .thresholds(List.of(0.018, 0.020, 0.022, 0.024))
                .meanThresholds(List.of(0.0180, 0.0181, 0.0182, 0.0183)).meanOf(10_000)
                .build();
    }

    /**
     * A grid of the ILNP thesis's factors applied to a feature's probes (APN6's): 128- and
     * 1514-byte frames at load rates of a 1-2-5 series, goodput, loss and jitter per cell, sent by
     * the host on the ingress port (the thesis's own protocols, IPv6, NPTv6 and ILNP by iperf3 and
     * ping between hosts, are the multihoming study: docs/features/multihoming-study.md).
     *
     * @return the preset
     */
    static Experiment loadGrid() {
        return Experiment.builder("load-grid").name("Load grid")
                .description("128- and 1514-byte frames at 1, 2, 5, 10 and 20 Mbps, from the host on the ingress "
                                     + "port; goodput, loss and jitter per frame size and load")
                .ingress(ConnectPoint.deviceConnectPoint("device:beijing/3")).traffic(ExperimentTraffic.HOSTS)
                .classes(List.of(LabPresets.ipv6(), apn6Class()))
                .packetsPerClass(1000).frameSizes(List.of(128, 1514)).loadsMbps(List.of(1.0, 2.0, 5.0, 10.0, 20.0))
                .repetitions(3)
                .build();
    }
}
