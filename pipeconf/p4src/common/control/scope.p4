// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Address scopes (RFC 4291): a router forwards no packet with a link-local, unspecified,
// loopback or multicast source, and none to a link-local, unspecified, loopback or link-scoped
// multicast destination (2.5.2, 2.5.3, 2.5.6, 2.7). Routing (routing.p4) drops what it would
// forward so, and counts it (DROP_OUT_OF_SCOPE): a packet routing_v6 routes, or an MSR6 tree's;
// so does a BNG's downstream (bng.p4) with IPv6 for a subscriber's session.
// Such packets are still delivered to the router itself (routing_v6's punt_to_router: a ping of
// its link-local address), still punted by the ACL (Neighbor Discovery), and still dropped for a
// reason found before (hop limit, no route, ...).
//
// What routing_v6 routes is also punted (PUNT_OUT_OF_SCOPE) as routing left it, its MACs the
// next hop's and its hop limit one lower, for the controller's Destination Unreachable, code 2
// (RFC 4443 3.1: beyond the scope of the source, which Linux sends) to a link-local source; the
// controller gives the hop limit back and finds the host by the port it came in by. A tree's
// packet and a BNG's downstream are dropped without a punt.
//
// Routing acts on a mark, meta.out_of_scope, made ahead: by bmv2's parser (SIXFLOW_SCOPE_BY_PARSER,
// scope_match.p4's cases); on Tofino, whose ingress parser has 3 TCAM rows left in `full`, by
// ScopeMatch's table below, where define_tna.p4 places it for the profile. Tested in routing
// instead, the prefixes were four Tofino gateways and 21 ingress cycles more in `full`, and about
// 6k instructions a packet on bmv2 (slices of 128-bit numbers).
//
// The prefixes are matched on the address's first 16 bits: the unspecified and loopback
// addresses by 0000::/16, which also holds the IPv4-compatible and IPv4-mapped addresses (2.5.5;
// neither is a source or destination on the wire, RFC 5156 2.2) and nothing else assigned. A
// multicast destination's scope is its address's bits 115..112: 0 (reserved), 1
// (interface-local) and 2 (link-local) never leave the link.
#ifndef SIXFLOW_SCOPE_P4
#define SIXFLOW_SCOPE_P4

#include "../define.p4"
#include "../header.p4"
#include "../scope_match.p4"

#ifndef SIXFLOW_SCOPE_BY_PARSER
// Marks an address out of its scope where the parser does not. Its key is the header as
// received, so it may run anywhere before the steps that rewrite addresses (ingress.p4, where
// SIXFLOW_SCOPE_MATCH_FIRST says); only routing reads its mark.
control ScopeMatch(inout headers_t hdr, inout local_metadata_t meta) {
    action mark_out_of_scope() {
        meta.out_of_scope = 1;
    }

    @hidden
    table scope_prefixes {
        key = {
            hdr.ipv6.src_addr[127:112]: ternary @name("src_16");
            hdr.ipv6.dst_addr[127:112]: ternary @name("dst_16");
        }
        actions = {
            mark_out_of_scope;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        const entries = {
            SIXFLOW_SCOPE_ENTRIES(mark_out_of_scope())
        }
        size = 8;
    }

    apply {
        scope_prefixes.apply();
    }
}
#endif

#endif // SIXFLOW_SCOPE_P4
