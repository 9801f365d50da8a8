// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Access control, applied first, to the packet as received: punts control traffic (NDP, LLDP)
// to the controller before anything rewrites it, and drops what operators block. Ternary, so
// one entry covers a class. The targets do not apply it to what the parser already condemned.
#ifndef SIXFLOW_ACL_P4
#define SIXFLOW_ACL_P4

#include "../header.p4"

control Acl(inout headers_t hdr, inout local_metadata_t meta) {

    // Sends the packet to the controller, as it came, instead of processing it.
    action punt_to_cpu() {
        meta.punt_to_cpu = true;
    }

    action drop() {
        meta.drop = true;
        meta.drop_reason = DROP_ACL;
    }

    action allow() { }

    table acl {
        key = {
            meta.ingress_port:       ternary @name("ig_port");
            hdr.ethernet.dst_addr:   ternary @name("eth_dst");
            hdr.ethernet.ether_type: ternary @name("eth_type");
            meta.ip_proto:           ternary @name("ip_proto");
            meta.icmp_type:          ternary @name("icmp_type");
            meta.l4_dst_port:        ternary @name("l4_dport");
        }
        actions = {
            punt_to_cpu;
            drop;
            allow;
        }
        const default_action = allow();
        size = 256;
    }

    apply {
        acl.apply();
    }
}

#endif // SIXFLOW_ACL_P4
