// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.encoding;

import org.junit.Test;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.packet.msr6.MrhLayout;
import org.sixflow.app.packet.msr6.Msid;
import org.sixflow.app.testing.P4Source;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The MSR6 values the encoder shares with the data plane are P4's, not copies that could drift:
 * they are read here from p4src/common/define.p4.
 */
public class P4DefinesTest {

    private static long defined(String name) {
        return P4Source.value("common/define.p4", name);
    }

    @Test
    public void maxMsidsMatchesTheParser() {
        assertEquals(defined("MAX_MSIDS"), MrhEncoder.MAX_MSIDS);
    }

    @Test
    public void mrhTypesMatchTheDataPlane() {
        assertEquals(defined("MRH_TYPE_TE"), Msr6Mode.TE.mrhType());
        assertEquals(defined("MRH_TYPE_TE_RLB"), Msr6Mode.RLB.mrhType());
    }

    @Test
    public void theSidArgumentIsAsWideAsTheDataPlaneReadsIt() {
        // msr6_local_sid.p4 reads the Argument (an End.RLB.X Local Bitstring) into msr6_argument.
        Matcher width = Pattern.compile("bit<(\\d+)>\\s+msr6_argument;").matcher(P4Source.text("common/header.p4"));
        assertTrue("msr6_argument in header.p4", width.find());
        assertEquals(Integer.parseInt(width.group(1)), Msid.ARGUMENT_BITS);
        assertTrue(P4Source.text("common/control/msr6_local_sid.p4")
                           .contains("meta.msr6_argument = hdr.ipv6.dst_addr[31:16];"));
    }

    @Test
    public void theMrhLayoutIsTheDataPlanes() {
        assertEquals(defined("PROTO_ROUTING"), MrhLayout.NEXT_HEADER_ROUTING);
        assertEquals(defined("PROTO_IPV6"), MrhLayout.NEXT_HEADER_IPV6);
        assertEquals(defined("ROUTING_TYPE_MRH"), MrhLayout.ROUTING_TYPE);
    }
}
