// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.api;

import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Mapping ids, uplinks as written, and the fields a refusal names.
 */
public class NamedNptv6MappingTest {

    private static final Ip6Prefix INTERNAL = Nptv6Mapping.prefix("fd01:203:405::/48");
    private static final Ip6Prefix EXTERNAL = Nptv6Mapping.prefix("2001:db8:1::/48");
    private static final ConnectPoint UPLINK = ConnectPoint.deviceConnectPoint("device:sbr/2");

    private static void refused(Runnable make, String expected) {
        try {
            make.run();
            fail("accepted, expected: " + expected);
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage() + " should say " + expected, e.getMessage().contains(expected));
        }
    }

    @Test
    public void idsAreOneToSixtyFourSafeCharacters() {
        for (String id : new String[]{"a", "A.b_c-9", "x".repeat(64), "..a", "a.."}) {
            assertEquals(id, NamedNptv6Mapping.of(id, INTERNAL, EXTERNAL, UPLINK).id());
        }
        for (String id : new String[]{"", "x".repeat(65), "a/b", "a b", "a%2F", "é", ".", "..", "a\n"}) {
            refused(() -> NamedNptv6Mapping.of(id, INTERNAL, EXTERNAL, UPLINK), "id must be 1-64");
        }
        refused(() -> NamedNptv6Mapping.of(null, INTERNAL, EXTERNAL, UPLINK), "id is required");
    }

    @Test
    public void uplinksAreADeviceAndAPortNumber() {
        assertEquals(UPLINK, NamedNptv6Mapping.uplink("device:sbr/2"));
        assertEquals(ConnectPoint.deviceConnectPoint("device:a/b/511"), NamedNptv6Mapping.uplink("device:a/b/511"));
        for (String text : new String[]{"device:sbr", "device:sbr/", "/2", "device:sbr/x", "device:sbr/-1",
                "device:sbr/12345678901", "device:sbr/2 "}) {
            refused(() -> NamedNptv6Mapping.uplink(text), "uplink must be device/port");
        }
        refused(() -> NamedNptv6Mapping.uplink(""), "uplink is required");
        refused(() -> NamedNptv6Mapping.uplink(null), "uplink is required");
    }

    @Test
    public void refusalsNameTheirFields() {
        refused(() -> NamedNptv6Mapping.of("a", null, EXTERNAL, UPLINK), "internalPrefix is required");
        refused(() -> NamedNptv6Mapping.of("a", INTERNAL, null, UPLINK), "externalPrefix is required");
        refused(() -> NamedNptv6Mapping.of("a", INTERNAL, EXTERNAL, null), "uplink is required");
        refused(() -> NamedNptv6Mapping.of("a", INTERNAL, Nptv6Mapping.prefix("2001:db8::/32"), UPLINK),
                "internalPrefix, externalPrefix: internal prefix fd01:203:405::/48 and external prefix"
                        + " 2001:db8::/32 differ in length");
        NamedNptv6Mapping mapping = NamedNptv6Mapping.of("a", INTERNAL, EXTERNAL, UPLINK);
        assertEquals(Nptv6Mapping.of(INTERNAL, EXTERNAL, UPLINK), mapping.mapping());
        assertEquals(mapping, NamedNptv6Mapping.of("a", Nptv6Mapping.of(INTERNAL, EXTERNAL, UPLINK)));
        assertEquals("a: fd01:203:405::/48 <-> 2001:db8:1::/48 on device:sbr/2", mapping.toString());
    }
}
