// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.junit.Test;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.PortNumber;
import org.sixflow.app.features.ilnp.api.IlnpSite;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture.BEIJING;
import static org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture.site;
import static org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture.uplink;

/**
 * The weights a site's live uplinks serve while others are down.
 */
public class ServingWeightsTest {

    private static IlnpSite weighted(int... weights) {
        return site("s", BEIJING, "fd00:5:1:1::/64", uplink(2, "2001:db8:a:1::/64", weights[0]),
                    uplink(3, "2001:db8:b:1::/64", weights[1]), uplink(4, "2001:db8:c:1::/64", weights[2]));
    }

    private static Set<ConnectPoint> down(long... ports) {
        java.util.HashSet<ConnectPoint> set = new java.util.HashSet<>();
        for (long port : ports) {
            set.add(new ConnectPoint(BEIJING, PortNumber.portNumber(port)));
        }
        return set;
    }

    private static List<Integer> served(IlnpSite site, Set<ConnectPoint> down) {
        IlnpSite serving = ServingWeights.of(site, down);
        assertEquals("the revision stays", site.revision(), serving.revision());
        return List.copyOf(serving.weights().values());
    }

    @Test
    public void aDownUplinksShareGoesToTheLiveOnesInProportion() {
        assertEquals(List.of(0, 60, 40), served(weighted(50, 30, 20), down(2)));
        assertEquals(List.of(51, 0, 49), served(weighted(34, 33, 33), down(3)));   // 34:33, rounded
        assertEquals(List.of(100, 0, 0), served(weighted(80, 20, 0), down(3)));
        // Rounding: 1/3 each of 100, the remainder to the largest share (the first of equals).
        assertEquals(List.of(0, 50, 50), served(weighted(20, 40, 40), down(2)));
        assertEquals(List.of(34, 33, 33, 0), served(site("s", BEIJING, "fd00:5:1:1::/64",
                uplink(2, "2001:db8:a:1::/64", 25), uplink(3, "2001:db8:b:1::/64", 25),
                uplink(4, "2001:db8:c:1::/64", 25), uplink(5, "2001:db8:d:1::/64", 25)), down(5)));
    }

    @Test
    public void liveUplinksWithNoWeightShareEqually() {
        // 100/0/0 with the first down: nothing would leave; the two others take 50 each.
        assertEquals(List.of(0, 50, 50), served(weighted(100, 0, 0), down(2)));
        assertEquals(List.of(0, 0, 100), served(weighted(100, 0, 0), down(2, 3)));
    }

    @Test
    public void withNoneOrEveryUplinkDownTheSiteIsItsOwn() {
        IlnpSite site = weighted(50, 30, 20);
        assertSame(site, ServingWeights.of(site, Set.of()));
        assertSame(site, ServingWeights.of(site, down(2, 3, 4)));
        // A down port of another device, or not an uplink, changes nothing.
        assertSame(site, ServingWeights.of(site, down(9)));
        Map<PortNumber, Integer> same = new LinkedHashMap<>(site.weights());
        assertEquals(same, ServingWeights.of(site, Set.of(new ConnectPoint(
                org.onosproject.net.DeviceId.deviceId("device:nanjing"), PortNumber.portNumber(2)))).weights());
    }
}
