// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet;

import org.junit.Test;
import org.onlab.packet.Ip6Prefix;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

public class Ipv6PrefixesTest {

    @Test
    public void readsAPrefixAsWritten() {
        assertEquals(Ip6Prefix.valueOf("2001:db8:1::/48"), Ipv6Prefixes.parseExact("2001:db8:1::/48"));
        assertEquals(Ip6Prefix.valueOf("::/0"), Ipv6Prefixes.parseExact("::/0"));
    }

    @Test
    public void refusesWhatIsNoPrefixOrHasBitsPastItsLength() {
        refused("2001:db8::1/32", "bits set past its length (did you mean 2001:db8::/32?)");
        refused("2001:db8::", "no IPv6 prefix");
        refused("/48", "no IPv6 prefix");
        refused("10.0.0.0/8", "no IPv6 prefix");
        refused("2001:db8::/x", "no IPv6 prefix");
        refused("2001:db8::/129", "length must be 0..128");
        refused("2001:db8::/-1", "length must be 0..128");
    }

    private static void refused(String text, String why) {
        try {
            Ipv6Prefixes.parseExact(text);
            fail("accepted " + text);
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(why));
        }
    }
}
