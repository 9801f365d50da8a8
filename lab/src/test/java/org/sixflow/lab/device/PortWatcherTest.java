// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.device;

import org.junit.Test;

import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;

/**
 * Reading interface state from {@code ip -o link show}.
 */
public class PortWatcherTest {

    private static final String OUTPUT = String.join("\n",
            "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN mode DEFAULT group default qlen 1000",
            "7: sf1p1@sf2p1: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9500 qdisc noqueue state UP mode DEFAULT",
            "8: sf2p1@sf1p1: <NO-CARRIER,BROADCAST,MULTICAST,UP> mtu 9500 qdisc noqueue state LOWERLAYERDOWN",
            "9: sf1p3@if2: <BROADCAST,MULTICAST> mtu 1500 qdisc noop state DOWN mode DEFAULT group default",
            "10: other0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 state UP");

    @Test
    public void upMeansUpAndLowerUpAndOnlyWatchedInterfacesAreReported() {
        assertEquals(Map.of("sf1p1", true, "sf2p1", false, "sf1p3", false),
                     PortWatcher.parse(OUTPUT, Set.of("sf1p1", "sf2p1", "sf1p3", "missing")));
    }
}
