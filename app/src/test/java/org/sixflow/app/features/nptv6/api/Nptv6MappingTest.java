// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.api;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * What a mapping accepts (what the data plane translates) and how it says no.
 */
public class Nptv6MappingTest {

    private static final ConnectPoint UPLINK = ConnectPoint.deviceConnectPoint("device:sbr/2");

    private static void refused(String internal, String external, String expected) {
        try {
            Nptv6Mapping.of(Ip6Prefix.valueOf(internal), Ip6Prefix.valueOf(external), UPLINK);
            fail("accepted " + internal + " -> " + external);
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(expected));
        }
    }

    @Test
    public void keepsWhatItWasGiven() {
        Nptv6Mapping mapping = Nptv6Mapping.of(Nptv6Mapping.prefix("fd01:203:405::/48"),
                                               Nptv6Mapping.prefix("2001:db8:1::/48"), UPLINK);
        assertEquals(Ip6Prefix.valueOf("fd01:203:405::/48"), mapping.internalPrefix());
        assertEquals(Ip6Prefix.valueOf("2001:db8:1::/48"), mapping.externalPrefix());
        assertEquals(UPLINK, mapping.uplink());
        assertEquals("fd01:203:405::/48 <-> 2001:db8:1::/48 on device:sbr/2", mapping.toString());
        assertEquals(mapping, Nptv6Mapping.of(Ip6Prefix.valueOf("fd01:203:405::/48"),
                                              Ip6Prefix.valueOf("2001:db8:1::/48"), UPLINK));
    }

    @Test
    public void acceptsEveryLengthUpTo48() {
        for (int length = 1; length <= 48; length++) {
            Nptv6Mapping.of(Ip6Prefix.valueOf(Ip6Address.valueOf("fd00::"), length),
                            Ip6Prefix.valueOf(Ip6Address.valueOf("2001:db8::"), length), UPLINK);
        }
    }

    @Test
    public void refusesPrefixesOfTwoLengths() {
        refused("fd00:1::/48", "2001:db8::/32", "differ in length");
    }

    @Test
    public void refusesPrefixesLongerThan48() {
        refused("fd00:1:2:3::/64", "2001:db8:1:2::/64", "longer than /48");
        refused("fd00:1:2:3::/56", "2001:db8:1:2::/56", "longer than /48");
    }

    @Test
    public void refusesSlashZeroAndOverlaps() {
        refused("::/0", "::/0", "/0");
        refused("fd00:1::/48", "fd00:1::/48", "overlap");
    }

    @Test
    public void refusesAMissingPart() {
        try {
            Nptv6Mapping.of(Ip6Prefix.valueOf("fd00:1::/48"), Ip6Prefix.valueOf("2001:db8::/48"), null);
            fail("accepted a mapping without an uplink");
        } catch (NullPointerException e) {
            assertTrue(e.getMessage().contains("uplink"));
        }
    }

    @Test
    public void prefixRefusesBitsPastItsLengthAndNonsense() {
        assertEquals(Ip6Prefix.valueOf("fd00:1::/48"), Nptv6Mapping.prefix("fd00:1::/48"));
        for (String[] bad : new String[][]{{"fd00:1::1/48", "did you mean fd00:1::/48"},
                {"2001:db8:1::/40", "bits set past its length"}, {"fd00::", "address/length"},
                {"fd00::/x", "no IPv6 prefix"}, {"10.0.0.0/8", "no IPv6 prefix"}, {"fd00::/129", "0..128"}}) {
            try {
                Nptv6Mapping.prefix(bad[0]);
                fail("parsed " + bad[0]);
            } catch (IllegalArgumentException e) {
                assertTrue(bad[0] + ": " + e.getMessage(), e.getMessage().contains(bad[1]));
            }
        }
    }
}
