// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.cli;

import org.junit.Test;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.impl.Nptv6MappingManagerFixture;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * sixflow:nptv6-add argument parsing and the text of sixflow:nptv6-mappings.
 */
public class Nptv6MappingCommandsTest {

    @Test
    public void parsesArgumentsIntoAMapping() {
        NamedNptv6Mapping mapping = Nptv6MappingAddCommand.mapping("isp1", "device:sbr/2", "fd01:203:405::/48",
                                                                   "2001:db8:1::/48");
        assertEquals("isp1", mapping.id());
        assertEquals(ConnectPoint.deviceConnectPoint("device:sbr/2"), mapping.uplink());
        assertEquals("fd01:203:405::/48", mapping.internalPrefix().toString());
        assertEquals("2001:db8:1::/48", mapping.externalPrefix().toString());
    }

    @Test
    public void badArgumentsSayWhich() {
        String[][] cases = {
                {"a b", "device:sbr/2", "fd01::/48", "2001:db8:1::/48", "id must be"},
                {"isp1", "device:sbr", "fd01::/48", "2001:db8:1::/48", "uplink must be device/port"},
                {"isp1", "device:sbr/2", "fd01::1/48", "2001:db8:1::/48", "internal: fd01::1/48 has bits set"},
                {"isp1", "device:sbr/2", "fd01::/48", "2001:db8:1::", "external: 2001:db8:1:: is no IPv6 prefix"},
                {"isp1", "device:sbr/2", "fd01::/48", "2001:db8::/32", "internalPrefix, externalPrefix: internal"
                        + " prefix fd01::/48 and external prefix 2001:db8::/32 differ in length"},
        };
        for (String[] c : cases) {
            try {
                Nptv6MappingAddCommand.mapping(c[0], c[1], c[2], c[3]);
                fail("accepted " + String.join(" ", c));
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage() + " should say " + c[4], e.getMessage().contains(c[4]));
            }
        }
    }

    @Test
    public void listsAndShowsAnInstalledMapping() {
        Nptv6MappingManagerFixture fixture = new Nptv6MappingManagerFixture();
        try {
            assertEquals(List.of("No NPTv6 mappings"), Nptv6MappingListCommand.list(fixture.manager));
            fixture.manager.add(Nptv6MappingAddCommand.mapping("isp1", "device:beijing/2", "fd01:203:405::/48",
                                                               "2001:db8:1::/48"));
            fixture.awaitEvents();
            assertEquals(List.of("id=isp1, internal=fd01:203:405::/48, external=2001:db8:1::/48,"
                                         + " uplink=device:beijing/2, state=INSTALLED"),
                         Nptv6MappingListCommand.list(fixture.manager));
            List<String> details = Nptv6MappingListCommand.details(fixture.manager.mapping("isp1").orElseThrow(),
                                                                   fixture.manager);
            assertEquals(1 + 4, details.size());
            assertTrue(details.get(1), details.get(1).startsWith("  SixflowIngress.nptv6_inbound.nptv6_inbound {"));
            InstallStatus failed = InstallStatus.failed(DeviceId.deviceId("device:beijing"),
                                                        "device:beijing runs profile full, which has no NPTV6");
            assertTrue(Nptv6MappingListCommand.line(fixture.manager.mapping("isp1").orElseThrow(), failed)
                               .endsWith("state=FAILED, failedDevice=device:beijing, reason=device:beijing runs"
                                                 + " profile full, which has no NPTV6"));
        } finally {
            fixture.storage.shutdown();
        }
    }
}
