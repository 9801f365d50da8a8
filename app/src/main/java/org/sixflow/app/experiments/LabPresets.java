// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;

/**
 * What the studies' presets share, which the features contributing them build on
 * ({@code ExperimentTarget.presets}): the network fields of the bmv2 lab's msr6-study network,
 * to be changed for another network, and the plain IPv6 class every study compares against.
 */
public final class LabPresets {

    /** The lab's beijing port from wuhan: probes injected by wuhan enter beijing there. */
    public static final ConnectPoint INGRESS = ConnectPoint.deviceConnectPoint("device:beijing/1");
    /** h_bj, on beijing. */
    public static final Ip6Address SOURCE = Ip6Address.valueOf("fd00:1:1::10");
    /** h_nj, on nanjing. */
    public static final Ip6Address DESTINATION = Ip6Address.valueOf("fd00:1:3::10");

    private LabPresets() {
    }

    /**
     * Returns the baseline class: plain IPv6 forwarding from h_bj to h_nj.
     *
     * @return the class "ipv6"
     */
    public static ExperimentClass ipv6() {
        return ExperimentClass.of("ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6,
                                  ProbePacket.of(SOURCE, DESTINATION, ProbePacket.DEFAULT_SOURCE_PORT,
                                                 ProbePacket.DEFAULT_DESTINATION_PORT, ProbePacket.DEFAULT_HOP_LIMIT),
                                  null, null);
    }
}
