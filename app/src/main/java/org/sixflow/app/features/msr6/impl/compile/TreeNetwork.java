// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.compile;

import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;

import java.util.Set;

/**
 * What the rule compiler needs to know of the network a tree's graph came from: which device
 * each vertex is, which port each edge leaves by, and each device's netcfg (locator, MAC,
 * receiver ports for the tree).
 */
public interface TreeNetwork {

    DeviceId device(int vertex);

    /** The port an edge leaves its tail by. */
    PortNumber port(int edge);

    /** The device's router MAC (netcfg myStationMac). */
    MacAddress routerMac(int vertex);

    /** The device's /64 locator (netcfg locator). */
    Ip6Prefix locator(int vertex);

    /** Ports of this device with receivers of the tree. */
    Set<PortNumber> receiverPorts(int vertex);
}
