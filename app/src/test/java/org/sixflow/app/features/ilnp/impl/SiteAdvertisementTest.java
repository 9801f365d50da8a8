// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.junit.Test;
import org.onosproject.net.PortNumber;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.LocatorUpdate;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture.BEIJING;
import static org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture.site;
import static org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture.uplink;

/** What a border router advertises for a session when its site's uplinks change. */
public class SiteAdvertisementTest {

    private static final long A = 0x2001_0db8_000a_0001L;
    private static final long B = 0x2001_0db8_000b_0001L;
    private static final long C = 0x2001_0db8_000c_0001L;
    private static final IlnpSite SITE = site("s", BEIJING, "fd00:5:1:1::/64", uplink(2, "2001:db8:a:1::/64", 60),
                                              uplink(3, "2001:db8:b:1::/64", 30), uplink(4, "2001:db8:c:1::/64", 10));

    private static List<Long> locators(SiteAdvertisement ad) {
        return ad.entries().stream().map(LocatorUpdate.Entry::locator).collect(java.util.stream.Collectors.toList());
    }

    @Test
    public void aDownUplinkIsLeftOutAndTheFlowsOwnUplinkComesFirst() {
        // Uplink 2 down: its share goes to 3 and 4 (75/25), as ServingWeights gives it.
        IlnpSite serving = SITE.servingWeights(Map.of(PortNumber.portNumber(2), 0, PortNumber.portNumber(3), 75,
                                                      PortNumber.portNumber(4), 25));
        int byThree = 0;
        for (long host = 1; host <= 400; host++) {
            SiteAdvertisement ad = SiteAdvertisement.of(serving, Set.of(PortNumber.portNumber(2)), host, 0x99)
                    .orElseThrow();
            long first = IlnpEntryCompiler.locatorBits(ad.uplink().locator());
            assertEquals(first, (long) locators(ad).get(0));
            assertEquals(Set.of(B, C), Set.copyOf(locators(ad)));
            assertEquals(List.of(SiteAdvertisement.FIRST, SiteAdvertisement.FIRST + SiteAdvertisement.STEP),
                         ad.entries().stream().map(LocatorUpdate.Entry::preference)
                                 .collect(java.util.stream.Collectors.toList()));
            ad.entries().forEach(e -> assertEquals(SiteAdvertisement.LIFETIME, e.lifetime()));
            // The uplink it leaves by is the one the data plane's hash picks for the host's update.
            int hash = FlowHash.of(host, 0x99, 58, 0, 0);
            int index = HashRanges.of(List.of(0, 75, 25)).entrySet().stream()
                    .filter(e -> e.getValue().contains(hash)).findFirst().orElseThrow().getKey();
            assertEquals(serving.uplinks().get(index).port(), ad.uplink().port());
            byThree += ad.uplink().port().toLong() == 3 ? 1 : 0;
        }
        // About 75 % of the sessions are told to answer by uplink 3.
        assertEquals(300, byThree, 40);
    }

    @Test
    public void withEveryUplinkUpTheOthersFollowByTheirWeight() {
        SiteAdvertisement ad = SiteAdvertisement.of(SITE, Set.of(), 7, 0x99).orElseThrow();
        List<Long> order = locators(ad);
        assertEquals(3, order.size());
        List<Long> rest = order.subList(1, 3);
        List<Long> byWeight = new java.util.ArrayList<>(List.of(A, B, C));
        byWeight.remove(order.get(0));
        assertEquals(byWeight, rest);
    }

    @Test
    public void withNoUplinkUpThereIsNothingToAdvertise() {
        assertFalse(SiteAdvertisement.of(SITE, Set.of(PortNumber.portNumber(2), PortNumber.portNumber(3),
                                                      PortNumber.portNumber(4)), 7, 0x99).isPresent());
    }
}
