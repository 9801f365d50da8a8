// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet.msr6;

/**
 * How an MSR6 encapsulation looks on the wire (docs/features/msr6.md), for code that reads packets the
 * data plane made: an outer IPv6 header whose Next Header is Routing, the MRH (a Routing header of
 * its own type) whose Next Header is IPv6, then the packet it carries. The values are define.p4's,
 * held to it by P4DefinesTest.
 */
public final class MrhLayout {

    /** define.p4 PROTO_ROUTING: the outer header's Next Header. */
    public static final int NEXT_HEADER_ROUTING = 43;
    /** define.p4 PROTO_IPV6: the MRH's Next Header, the carried packet. */
    public static final int NEXT_HEADER_IPV6 = 41;
    /** define.p4 ROUTING_TYPE_MRH (an RFC 4727 experimental value). */
    public static final int ROUTING_TYPE = 253;

    private MrhLayout() {
    }
}
