// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.api;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;

import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * What a tree request refuses before the network is asked: groups that never leave a link.
 */
public class Msr6TreeRequestTest {

    private static final ConnectPoint SOURCE = ConnectPoint.deviceConnectPoint("device:beijing/3");
    private static final Set<ConnectPoint> RECEIVERS = Set.of(ConnectPoint.deviceConnectPoint("device:wuhan/3"));

    private static Msr6TreeRequest request(String group) {
        return Msr6TreeRequest.of("video", SOURCE, Ip6Address.valueOf(group), RECEIVERS, Msr6Mode.TE,
                                  Msr6TreeRequest.Algorithm.SHORTEST_PATHS);
    }

    @Test
    public void interfaceAndLinkLocalGroupsAreRefused() {
        // Scope is the low 4 bits of the second octet, whatever the flags (ff12:: is link-local too).
        String[][] cases = {{"ff01::1", "interface-local"}, {"ff02::1:3", "link-local"}, {"ff12::99", "link-local"},
                            {"ff30::1234", "reserved"}};
        for (String[] c : cases) {
            try {
                request(c[0]);
                fail(c[0] + " accepted");
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage(), e.getMessage().contains(c[1]) && e.getMessage().contains(c[0]));
            }
        }
    }

    @Test
    public void widerScopesAreAccepted() {
        for (String group : new String[]{"ff03::1", "ff05::2", "ff0e::3", "ff3e::1234"}) {
            assertEquals(Ip6Address.valueOf(group), request(group).group());
        }
    }
}
