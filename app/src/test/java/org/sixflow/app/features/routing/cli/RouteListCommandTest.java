// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.cli;

import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.app.features.routing.impl.RoutingManagerFixture;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The text of sixflow:routes over the real routing manager on the lab network.
 */
public class RouteListCommandTest {

    @Test
    public void oneRowPerRouteUnderAHeader() {
        List<Ipv6Route> routes = new RoutingManagerFixture().manager.routes(DeviceId.deviceId("device:nanjing"));
        List<String> lines = RouteListCommand.lines(routes);
        // Nanjing's five routes, one of them (to guangzhou's fd00:1:5::/64) over an ECMP group: its members' line follows.
        assertEquals(1 + 5 + 1, lines.size());
        assertTrue(lines.get(0), lines.get(0).matches(
                "device\\s+prefix\\s+kind\\s+port\\s+source MAC\\s+next-hop MAC\\s+state"));
        assertTrue(lines.get(1), lines.get(1).matches(
                "device:nanjing\\s+fd00:1:1::/64\\s+SUBNET\\s+1\\s+00:AA:00:00:00:03\\s+00:AA:00:00:00:01\\s+INSTALLED"));
        assertTrue(lines.get(3), lines.get(3).matches(
                "device:nanjing\\s+fd00:1:3::10/128\\s+HOST\\s+4\\s+00:AA:00:00:00:03\\s+00:00:00:00:03:10\\s+INSTALLED"));
        assertTrue(lines.get(5), lines.get(5).matches(
                "device:nanjing\\s+fd00:1:5::/64\\s+SUBNET\\s+2\\s+00:AA:00:00:00:03\\s+00:AA:00:00:00:02\\s+INSTALLED"));
        assertEquals("    ECMP over 2/00:AA:00:00:00:02, 3/00:AA:00:00:00:04", lines.get(6));
    }

    @Test
    public void noRoutesSaysSo() {
        assertEquals(List.of("No routes"), RouteListCommand.lines(List.of()));
    }
}
