// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.cli;

import org.junit.After;
import org.junit.Test;
import org.onosproject.net.PortNumber;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The ILNP commands' parsing and their lines, over the real site manager.
 */
public class IlnpSiteCommandsTest {

    private final IlnpSiteManagerFixture fixture = new IlnpSiteManagerFixture();

    @After
    public void tearDown() {
        fixture.shutdown();
    }

    @Test
    public void parsesArgumentsIntoASite() {
        IlnpSite site = IlnpSiteAddCommand.site("site-a", "device:beijing", "fd00:5:1:1::/64", List.of(
                "2,2001:db8:a:1::/64,00:aa:00:00:02:01,00:bb:00:00:00:02,80",
                "3,2001:db8:b:1::/64,00:aa:00:00:03:01,00:bb:00:00:00:03,20"));
        assertEquals(IlnpSiteManagerFixture.example("site-a").withWeights(
                Map.of(PortNumber.portNumber(2), 80, PortNumber.portNumber(3), 20)).uplinks(), site.uplinks());
        assertEquals(Map.of(PortNumber.portNumber(2), 80, PortNumber.portNumber(3), 20),
                     IlnpSiteWeightsCommand.weights(List.of("2=80", "3=20")));
    }

    @Test
    public void badArgumentsSayWhich() {
        String[][] cases = {
                {"fd00:5:1:1::/48", "2,2001:db8:a:1::/64,00:aa:00:00:02:01,00:bb:00:00:00:02,100",
                        "internal: fd00:5:1:1::/48 is not a /64"},
                {"fd00:5:1:1::/64", "2,2001:db8:a:1::/64,00:aa:00:00:02:01,100",
                        "uplink 1 (2,2001:db8:a:1::/64,00:aa:00:00:02:01,100): write port,locator,routerMac,"
                                + "nextHopMac,weight"},
                {"fd00:5:1:1::/64", "2,2001:db8:a:1::/64,00:aa:00:00:02:01,00:bb:00:00:00:02,90",
                        "uplinks: the weights sum to 90, not 100"},
                {"fd00:5:1:1::/64", "x,2001:db8:a:1::/64,00:aa:00:00:02:01,00:bb:00:00:00:02,100", "uplink 1"},
        };
        for (String[] c : cases) {
            try {
                IlnpSiteAddCommand.site("site-a", "device:beijing", c[0], List.of(c[1]));
                fail("accepted " + String.join(" ", c));
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage() + " should say " + c[2], e.getMessage().contains(c[2]));
            }
        }
        try {
            IlnpSiteWeightsCommand.weights(List.of("2:80"));
            fail("took 2:80");
        } catch (IllegalArgumentException e) {
            assertEquals("2:80: write port=weight, e.g. 2=80", e.getMessage());
        }
    }

    @Test
    public void listsSitesOneALineAndShowsOneWithItsEntries() {
        assertEquals(List.of("No ILNP sites"), IlnpSiteListCommand.list(fixture.manager));
        fixture.manager.add(IlnpSiteManagerFixture.example("site-a"));
        fixture.awaitEvents();
        assertEquals(List.of("name=site-a, device=device:beijing, internal=fd00:5:1:1::/64, uplinks=[2:2001:db8:a:1::/64@50"
                                     + " 3:2001:db8:b:1::/64@50], revision=0, state=INSTALLED"),
                     IlnpSiteListCommand.list(fixture.manager));
        List<String> details = IlnpSiteListCommand.details(fixture.manager.site("site-a").orElseThrow(),
                                                           fixture.manager);
        assertEquals(7, details.size());
        assertTrue(details.get(1), details.get(1).startsWith("  SixflowIngress.ilnp_inbound.ilnp_inbound {"));
        assertTrue(IlnpSiteListCommand.line(IlnpSiteManagerFixture.example("b"),
                                            InstallStatus.failed(IlnpSiteManagerFixture.BEIJING, "why"))
                           .endsWith("state=FAILED, failedDevice=device:beijing, reason=why"));
    }
}
