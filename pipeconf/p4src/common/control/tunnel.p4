// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// What every tunnel end does to the packet it carries, whichever the tunnel (MSR6, GTP-U).
#ifndef SIXFLOW_TUNNEL_P4
#define SIXFLOW_TUNNEL_P4

#include "../header.p4"

#if defined(WITH_MSR6) || defined(WITH_GTPU)

// RFC 6040 section 4.2 (normal mode, figure 4) where the outer header ends: congestion met on the
// way (outer CE) carries over to an ECN-capable inner packet; one that cannot carry it (Not-ECT)
// is dropped and counted. An outer ECT(1) turns an inner ECT(0) into ECT(1) (figure 4: a tunnel
// may use ECT(1) as a congestion level of its own); every other pair leaves the inner codepoint
// as it is. For a packet with inner_ipv6 valid: MSR6 at the MRH's addressee (every copy and the
// leaf's packet), GTP-U at the N3 end before decapsulation.
control TunnelDecapEcn(inout headers_t hdr, inout local_metadata_t meta) {
    apply {
        // Both codepoints that change anything (CE 0b11, ECT(1) 0b01) have the low bit set: the
        // common outer Not-ECT and ECT(0) take one test.
        if (hdr.ipv6.traffic_class[0:0] == 1) {
            if (hdr.ipv6.traffic_class[1:1] == 1) {
                if (hdr.inner_ipv6.traffic_class[1:0] == ECN_NOT_ECT) {
                    meta.drop = true;
                    meta.drop_reason = DROP_CE_NOT_ECT;
                } else {
                    hdr.inner_ipv6.traffic_class[1:0] = ECN_CE;
                }
            } else if (hdr.inner_ipv6.traffic_class[1:0] == ECN_ECT_0) {
                hdr.inner_ipv6.traffic_class[1:0] = ECN_ECT_1;
            }
        }
    }
}

#endif

#endif // SIXFLOW_TUNNEL_P4
