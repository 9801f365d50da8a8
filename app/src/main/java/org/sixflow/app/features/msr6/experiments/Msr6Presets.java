// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.experiments;

import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentPreset;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.experiments.LabPresets;

import java.time.Duration;
import java.util.List;

/**
 * The MSR6 study's preset as in IETF 119: its classes name trees, which give them their packets.
 */
final class Msr6Presets {

    /** The study's place among all presets: after APN6's (10). */
    static final int IETF119_ORDER = 20;

    private Msr6Presets() {
    }

    /**
     * Returns the presets.
     *
     * @return MSR6 TE/RLB as in IETF 119
     */
    static List<ExperimentPreset> all() {
        return List.of(ExperimentPreset.of(IETF119_ORDER, ietf119()));
    }

    /**
     * The MSR6 study: plain IPv6 against MSR6 TE and TE with RLB encapsulation at the ingress,
     * with the clone-and-forward delays and the stability where the packets are copied.
     *
     * @return the preset
     */
    static Experiment ietf119() {
        return Experiment.builder("msr6-ietf119").name("MSR6 TE/RLB as in IETF 119")
                .description("10,000 packets per class at 1 ms: IPv6 forwarding against MSR6 TE and RLB "
                                     + "encapsulation (needs trees te, group ff3e::1, and rlb, group ff3e::2, from "
                                     + "beijing with source address " + LabPresets.SOURCE + ")")
                .ingress(LabPresets.INGRESS).traffic(ExperimentTraffic.PROBES)
                .classes(List.of(LabPresets.ipv6(),
                                 ExperimentClass.of("msr6-te", ExperimentClassRole.FEATURE, LatencyClass.MSR6_TE_ENCAP,
                                                    null, "te", null),
                                 ExperimentClass.of("msr6-rlb", ExperimentClassRole.FEATURE,
                                                    LatencyClass.MSR6_RLB_ENCAP, null, "rlb", null)))
                .packetsPerClass(10_000).interval(Duration.ofMillis(1)).frameSizes(List.of(128))
                .build();
    }
}
