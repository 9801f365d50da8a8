// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// IPv6 unicast routing: longest-prefix match on the destination picks the next hop. What it
// cannot forward goes up to the controller for the ICMPv6 answer (RFC 4443), with the reason in
// packet_in.punt_reason: a hop limit run out (Time Exceeded) and no route (Destination
// Unreachable) are dropped and counted as before (DROP_HOP_LIMIT, DROP_NO_ROUTE) and punted too
// by the top, unless addressed to a multicast group (no ICMPv6 error for those: RFC 4443 2.4 e,
// and no MLD or mDNS flood of the controller); a packet to
// one of the router's own addresses (a /128 the controller writes with punt_to_router) is punted
// for the controller's Echo Reply. The controller rate-limits its answers; a deployment would
// also meter this punt path (docs/features/routing.md#icmpv6).
#ifndef SIXFLOW_ROUTING_P4
#define SIXFLOW_ROUTING_P4

#include "../header.p4"

control Routing(inout headers_t hdr, inout local_metadata_t meta) {

    action drop_no_route() {
        meta.drop = true;
        meta.drop_reason = DROP_NO_ROUTE;
        meta.punt_reason = PUNT_NO_ROUTE;
    }

    // A tree's packet that would leave its addresses' scope (scope.p4): dropped, not punted (it
    // is encapsulated or the group's by then; the controller could not quote it as it came).
    action drop_out_of_scope() {
        meta.drop = true;
        meta.drop_reason = DROP_OUT_OF_SCOPE;
    }

    // A routed packet that would leave its addresses' scope: dropped and punted for the
    // controller's Destination Unreachable, code 2 (RFC 4443 3.1; for a link-local source), as
    // every routed punt is: after routing, its hop limit decremented (the controller gives it
    // back), its MACs perhaps the next hop's.
    action punt_out_of_scope() {
        meta.drop = true;
        meta.drop_reason = DROP_OUT_OF_SCOPE;
        meta.punt_reason = PUNT_OUT_OF_SCOPE;
    }

#ifdef WITH_ECMP
    // The same for an ECMP group's packet, before a member's set_next_hop: the hop limit as one
    // would have left it.
    action punt_out_of_scope_of_group() {
        punt_out_of_scope();
        hdr.ipv6.hop_limit = hdr.ipv6.hop_limit - 1;
    }
#endif

    // Rewrites the MACs for the next hop and picks the egress port; the hop
    // limit is decremented here so that only routed packets age.
    action set_next_hop(port_num_t port, mac_addr_t smac, mac_addr_t dmac) {
        meta.egress_port = port;
        meta.egress_port_set = true;
        hdr.ethernet.src_addr = smac;
        hdr.ethernet.dst_addr = dmac;
        hdr.ipv6.hop_limit = hdr.ipv6.hop_limit - 1;
#ifdef SIXFLOW_SCOPE_IN_NEXT_HOP
        // Out of its addresses' scope (scope.p4): dropped by the same step, and punted as
        // punt_out_of_scope does. Like drop_reason, punt_reason is written whatever the mark and
        // read only where drop is set: a step after routing that drops a packet sets both (NPTv6's
        // outbound does). Written from the mark instead, it cost `gtpu`, `nptv6` and
        // `bng-access` one or two stages more.
        meta.drop = SIXFLOW_OUT_OF_SCOPE(meta);
        meta.drop_reason = DROP_OUT_OF_SCOPE;
        meta.punt_reason = PUNT_OUT_OF_SCOPE;
#endif
    }

    // One of the router's own addresses (its interfaces', its link-local and its locator's
    // interface id 1): for the controller, which answers pings to it.
    action punt_to_router() {
        meta.punt_to_cpu = true;
        meta.punt_reason = PUNT_FOR_ROUTER;
    }

#ifdef WITH_ECMP
    // Several equal-cost next hops: the ecmp table below picks one per flow.
    action set_ecmp_group(ecmp_group_id_t group_id) {
        meta.ecmp_group_id = group_id;
    }
#endif

    // Destination prefix -> next hop. A miss drops: a router that floods unknown
    // destinations would hide a missing route from the controller.
    table routing_v6 {
        key = {
            hdr.ipv6.dst_addr: lpm @name("ipv6_dst");
        }
        actions = {
            set_next_hop;
            punt_to_router;
#ifdef WITH_ECMP
            set_ecmp_group;
#endif
            @defaultonly drop_no_route;
        }
        const default_action = drop_no_route();
        size = 4096;
    }

#ifdef WITH_ECMP
    // A group's members are set_next_hop actions of an action selector: the hash of the flow
    // (addresses, flow label, upper-layer protocol and ports; the ports are 0 when there are
    // none, or when the parser did not reach them) picks one, so a flow stays on one path and
    // its packets in order. The flow label alone would not do: many hosts send 0. The selector is
    // declared the target's way (define_<target>.p4): v1model's action_selector, TNA's
    // ActionSelector over an ActionProfile and a Hash.
    SIXFLOW_ECMP_SELECTOR_DECL
    table ecmp {
        key = {
            meta.ecmp_group_id:  exact @name("group_id");
            hdr.ipv6.src_addr:   selector;
            hdr.ipv6.dst_addr:   selector;
            hdr.ipv6.flow_label: selector;
            meta.ip_proto:       selector;
            meta.l4_src_port:    selector;
            meta.l4_dst_port:    selector;
        }
        actions = {
            set_next_hop;
            @defaultonly NoAction;
        }
        implementation = SIXFLOW_ECMP_SELECTOR;
        size = ECMP_GROUPS;
    }
#endif

    apply {
        // Only what nothing dropped, punted, gave a multicast group (an MSR6 replica or leaf) or
        // a port (an MSR6 leaf with one receiver port) is routed. The hop limit first: a packet at 1 to the router's own address comes up as
        // PUNT_HOP_LIMIT, and the controller, which knows its addresses, answers it as its own.
        // The reason is set with the drop, nothing waits for the table's result here: the top
        // (main.p4) punts a drop with a reason unless it is to a multicast address. One test in
        // front of the table, not a test inside a test: on Tofino the table then runs in the
        // stage that test is made in, not the next.
        //
        // What would be forwarded out of its addresses' scope is dropped (scope.p4): a routed
        // packet once routing_v6 has said it is not for the router, a tree's packet in place of
        // routing. Where the target says so (SIXFLOW_SCOPE_IN_NEXT_HOP: Tofino without ECMP),
        // set_next_hop drops it itself: a test of the table's answer would be a stage after it.
        if (!meta.drop && !meta.punt_to_cpu && SIXFLOW_GROUP(meta) == 0 && !meta.egress_port_set && hdr.ipv6.hop_limit > 1) {
#if defined(WITH_ECMP) || !defined(SIXFLOW_SCOPE_IN_NEXT_HOP)
            switch (routing_v6.apply().action_run) {
#ifndef SIXFLOW_SCOPE_IN_NEXT_HOP
                set_next_hop: {
                    if (SIXFLOW_OUT_OF_SCOPE(meta)) {
                        punt_out_of_scope();
                    }
                }
#endif
#ifdef WITH_ECMP
                set_ecmp_group: {
#ifndef SIXFLOW_SCOPE_IN_NEXT_HOP
                    if (SIXFLOW_OUT_OF_SCOPE(meta)) {
                        punt_out_of_scope_of_group();
                    } else
#endif
                    if (!ecmp.apply().hit) {
                        // A group that is not (or no longer) there has no route for the packet.
                        drop_no_route();
                    }
                }
#endif
            }
#else
            routing_v6.apply();
#endif
        } else if (!meta.drop && !meta.punt_to_cpu && SIXFLOW_GROUP(meta) == 0 && !meta.egress_port_set) {
            meta.drop = true;
            meta.drop_reason = DROP_HOP_LIMIT;
            meta.punt_reason = PUNT_HOP_LIMIT;
        } else if (!meta.drop && !meta.punt_to_cpu && SIXFLOW_OUT_OF_SCOPE(meta)) {
            drop_out_of_scope();
        }
    }
}

// What this router is to the frame: its station (a router routes only the frames addressed to
// it: a frame to a group address (multicast, broadcast) is for every station, a unicast frame
// for this router when its destination is one of the router MACs the controller gave, netcfg
// myStationMac); and whether it came in by a host-facing port, where the SR domain ends.
control Station(inout headers_t hdr, inout local_metadata_t meta) {

    action set_my_station() {
        meta.my_station = true;
    }

    table my_station {
        key = {
            hdr.ethernet.dst_addr: exact @name("eth_dst");
        }
        actions = {
            set_my_station;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = 64;
    }

#ifdef WITH_MSR6
    action set_host_facing() {
        meta.host_facing = true;
    }

    // Ports that face hosts (the controller writes its edge ports: interfaces and attached
    // hosts, no links). Packets from them are outside the SR domain (msr6.p4).
    table host_port {
        key = {
            meta.ingress_port: exact @name("ig_port");
        }
        actions = {
            set_host_facing;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = 512;
    }
#endif

    apply {
        // Only an MRH's addressee asks where the packet came from (msr6.p4): nothing else does.
#ifdef WITH_MSR6
        if (hdr.mrh.isValid()) {
            host_port.apply();
        }
#endif
        // The I/G bit: the least significant bit of the first octet.
        if (hdr.ethernet.dst_addr[40:40] == 1) {
            meta.my_station = true;
        } else {
            my_station.apply();
        }
    }
}

#endif // SIXFLOW_ROUTING_P4
