// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// What every tunnel end does to the packet it carries, whichever the tunnel (MSR6, GTP-U).
#ifndef SIXFLOW_TUNNEL_P4
#define SIXFLOW_TUNNEL_P4

#include "../header.p4"

#if defined(WITH_MSR6) || defined(WITH_GTPU)

// RFC 6040 section 4.2 (normal mode) where the outer header ends: congestion met on the way
// (outer ECN CE) carries over to an ECN-capable inner packet; one that cannot carry it (Not-ECT)
// is dropped and counted. The other outer codepoints leave the inner one as it is. For a
// packet with inner_ipv6 valid: MSR6 at the MRH's addressee (every copy and the leaf's packet),
// GTP-U at the N3 end before decapsulation.
control TunnelDecapEcn(inout headers_t hdr, inout local_metadata_t meta) {
    apply {
        if (hdr.ipv6.traffic_class[1:0] == ECN_CE) {
            if (hdr.inner_ipv6.traffic_class[1:0] == ECN_NOT_ECT) {
                meta.drop = true;
                meta.drop_reason = DROP_CE_NOT_ECT;
            } else {
                hdr.inner_ipv6.traffic_class[1:0] = ECN_CE;
            }
        }
    }
}

#endif

#endif // SIXFLOW_TUNNEL_P4
