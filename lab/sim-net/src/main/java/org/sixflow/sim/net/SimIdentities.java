// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net;

import org.onosproject.cluster.NodeId;
import org.onosproject.net.provider.ProviderId;

/**
 * Who the simulation says it is: the one controller node and the provider of every simulated
 * element.
 */
public final class SimIdentities {

    /** The simulated controller node, master of every device. */
    public static final NodeId LOCAL_NODE = NodeId.nodeId("sim-1");

    /** The provider of every simulated device, link and host. */
    public static final ProviderId PROVIDER_ID = new ProviderId("sim", "org.sixflow.sim.net");

    /** The manufacturer simulated devices report. */
    public static final String MANUFACTURER = "Sixflow simulation";

    /** The hardware version simulated devices report. */
    public static final String HW_VERSION = "simulated switch";

    /** The software version simulated devices report. */
    public static final String SW_VERSION = "sixflow-sim-net (simulated)";

    private SimIdentities() {
    }
}
