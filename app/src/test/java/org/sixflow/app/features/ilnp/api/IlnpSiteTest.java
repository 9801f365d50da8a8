// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.api;

import org.junit.Test;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.sixflow.app.api.InvalidFieldsException;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * What an ILNP site accepts by itself, every refusal naming its field, all in one answer.
 */
public class IlnpSiteTest {

    static final DeviceId SBR = DeviceId.deviceId("device:sbr");
    static final MacAddress ROUTER = MacAddress.valueOf("00:aa:00:00:02:01");
    static final MacAddress NEXT = MacAddress.valueOf("00:bb:00:00:00:02");

    static IlnpUplink uplink(long port, String locator, int weight) {
        return IlnpUplink.of(PortNumber.portNumber(port), IlnpSite.locator(locator), ROUTER, NEXT, weight);
    }

    static IlnpSite site(IlnpUplink... uplinks) {
        return IlnpSite.of("site-a", SBR, IlnpSite.locator("fd00:5:1:1::/64"), List.of(uplinks));
    }

    private static List<String> refusal(Runnable make) {
        try {
            make.run();
            fail("accepted");
            return List.of();
        } catch (InvalidFieldsException e) {
            return e.errors().stream().map(f -> f.field() + ": " + f.message()).collect(Collectors.toList());
        }
    }

    @Test
    public void keepsUplinksInPortOrderAndNumbersTheSiteByItsLowestPort() {
        IlnpSite site = site(uplink(3, "2001:db8:b:1::/64", 20), uplink(2, "2001:db8:a:1::/64", 80));
        assertEquals(List.of(PortNumber.portNumber(2), PortNumber.portNumber(3)),
                     site.uplinks().stream().map(IlnpUplink::port).collect(Collectors.toList()));
        assertEquals(2, site.siteId());
        assertEquals(0, site.revision());
        assertEquals(Map.of(PortNumber.portNumber(2), 80, PortNumber.portNumber(3), 20), site.weights());
    }

    @Test
    public void namesEveryBadFieldInOneAnswer() {
        List<String> errors = refusal(() -> IlnpSite.of("a b", SBR, IlnpSite.locator("fd00:5:1:1::/64"), List.of(
                IlnpUplink.of(PortNumber.portNumber(0), IlnpSite.locator("fd00:5:1:1::/64"), ROUTER, NEXT, 101),
                IlnpUplink.of(PortNumber.portNumber(0), IlnpSite.locator("2001:db8:a:1::/64"), ROUTER, NEXT, -1))));
        assertEquals(List.of(
                "name: must be 1-64 letters, digits, '.', '_' or '-' (not \".\" or \"..\")",
                "uplinks[0].port: port 0 is not 1..255 (the port is the uplink's index in the 256-cell"
                        + " ilnp_uplink_in/out counters)",
                "uplinks[0].locator: fd00:5:1:1::/64 is the site's internal locator",
                "uplinks[0].weight: 101 is not 0..100",
                "uplinks[1].port: port 0 is not 1..255 (the port is the uplink's index in the 256-cell"
                        + " ilnp_uplink_in/out counters)",
                "uplinks[1].port: port 0 is another uplink's already",
                "uplinks[1].weight: -1 is not 0..100"), errors);
    }

    @Test
    public void weightsSumTo100AndAllZeroIsRefusedWithWhy() {
        assertEquals(List.of("uplinks: the weights sum to 90, not 100"),
                     refusal(() -> site(uplink(2, "2001:db8:a:1::/64", 50), uplink(3, "2001:db8:b:1::/64", 40))));
        assertEquals(List.of("uplinks: the weights sum to 0, not 100 (with every weight 0 no flow would have an"
                                     + " uplink: remove the site instead)"),
                     refusal(() -> site(uplink(2, "2001:db8:a:1::/64", 0), uplink(3, "2001:db8:b:1::/64", 0))));
        // 100/0 is a site whose second uplink is idle, not an error.
        assertEquals(2, site(uplink(2, "2001:db8:a:1::/64", 100), uplink(3, "2001:db8:b:1::/64", 0))
                .uplinks().size());
    }

    @Test
    public void repeatedLocatorsAndTooManyUplinksAreRefused() {
        assertEquals(List.of("uplinks[1].locator: 2001:db8:a:1::/64 is another uplink's already (ilnp_inbound is"
                                     + " keyed by the locator alone)"),
                     refusal(() -> site(uplink(2, "2001:db8:a:1::/64", 50), uplink(3, "2001:db8:a:1::/64", 50))));
        IlnpUplink[] many = new IlnpUplink[17];
        for (int i = 0; i < many.length; i++) {
            many[i] = uplink(i + 1, "2001:db8:" + (i + 1) + ":1::/64", i == 0 ? 100 : 0);
        }
        assertEquals(List.of("uplinks: 17 uplinks; a site has at most 16 (one ilnp_uplink range each, in a priority"
                                     + " band of 16)"), refusal(() -> site(many)));
        assertEquals(List.of("uplinks: a site needs 1 to 16 uplinks"), refusal(() -> site()));
    }

    @Test
    public void locatorsAreSlash64sWithNothingPast64() {
        String[][] cases = {
                {"2001:db8:a::/48", "is not a /64"},
                {"2001:db8:a:1::1/64", "has bits set past 64 (did you mean 2001:db8:a:1::/64?)"},
                {"2001:db8:a:1::", "is no locator"},
                {"zz/64", "is no locator"},
        };
        for (String[] c : cases) {
            try {
                IlnpSite.locator(c[0]);
                fail("took " + c[0]);
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage() + " should say " + c[1], e.getMessage().contains(c[1]));
            }
        }
    }

    @Test
    public void newWeightsAreTheNextRevisionAndNameWhatIsWrong() {
        IlnpSite site = site(uplink(2, "2001:db8:a:1::/64", 50), uplink(3, "2001:db8:b:1::/64", 50));
        IlnpSite changed = site.withWeights(Map.of(PortNumber.portNumber(2), 80, PortNumber.portNumber(3), 20));
        assertEquals(1, changed.revision());
        assertEquals(List.of(80, 20), changed.uplinks().stream().map(IlnpUplink::weight).collect(Collectors.toList()));
        assertEquals(List.of("weights: no weight for uplink port 3", "weights: port 4 is no uplink of site site-a"),
                     refusal(() -> site.withWeights(Map.of(PortNumber.portNumber(2), 80, PortNumber.portNumber(4), 20))));
        assertEquals(List.of("weights: the weights sum to 110, not 100"),
                     refusal(() -> site.withWeights(Map.of(PortNumber.portNumber(2), 80, PortNumber.portNumber(3), 30))));
    }
}
