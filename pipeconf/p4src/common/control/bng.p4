// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// BNG: PPPoE subscribers (RFC 2516) on lines identified by (port, S-tag, C-tag), dual stack
// (docs/features/bng.md). Two halves, which the split puts on two switches:
// - WITH_BNG_ACCESS (what faces the subscribers): the line map; discovery and session control
//   (LCP, PAP, CHAP, IPCP, IPv6CP, any other PPP protocol for LCP's Protocol-Reject) punted with
//   the line's id, 0 for a line not provisioned yet, and IPv6 link-scope traffic of a session
//   (Router Solicitations, DHCPv6, Neighbor Discovery) with its line's; upstream termination keyed by line and session, checked against the session's MAC and
//   the line's IPv6 prefixes and IPv4 addresses, metered per line, tags, PPPoE and PPP
//   stripped, then routed; counters per line (rx, tx, dropped, control). In the split, the
//   downstream frames the forwarding switch sends back on the trunk for a line are passed to the
//   line's port unchanged (BngPassDown; counters per line: passed, dropped).
// - WITH_BNG_FORWARD (the forwarding tables): a subscriber's prefixes map to its line, whose
//   session the packet is encapsulated into (tags, PPPoE with the right length, PPP), within
//   PPPoE's MTU (BNG_MTU), metered per line; counters per line (rx, tx, dropped).
// Both route IPv4 (routing_v4), which the rest of Sixflow does not.
// Meters: red is dropped and counted (BNG_METER_RED), yellow is marked Lower Effort (DSCP 1,
// RFC 8622; ECN kept) and forwarded.
#ifndef SIXFLOW_BNG_P4
#define SIXFLOW_BNG_P4

#include "../header.p4"

#ifdef WITH_BNG

// IPv4 unicast routing, as routing_v6 does IPv6: the TTL ages only on routed packets.
control RoutingV4(inout headers_t hdr, inout local_metadata_t meta) {

    action drop_no_route() {
        meta.drop = true;
        meta.drop_reason = DROP_NO_ROUTE;
    }

    action set_next_hop(port_num_t port, mac_addr_t smac, mac_addr_t dmac) {
        meta.egress_port = port;
        meta.egress_port_set = true;
        hdr.ethernet.src_addr = smac;
        hdr.ethernet.dst_addr = dmac;
        hdr.ipv4.ttl = hdr.ipv4.ttl - 1;
    }

    table routing_v4 {
        key = {
            hdr.ipv4.dst_addr: lpm @name("ipv4_dst");
        }
        actions = {
            set_next_hop;
            @defaultonly drop_no_route;
        }
        const default_action = drop_no_route();
        size = ROUTING_V4_SIZE;
    }

    apply {
        if (hdr.ipv4.ttl <= 1) {
            meta.drop = true;
            meta.drop_reason = DROP_HOP_LIMIT;
        } else {
            routing_v4.apply();
        }
    }
}

// A yellow packet's DSCP becomes Lower Effort; its ECN bits stay.
#define BNG_MARK_YELLOW \
    if (hdr.ipv6.isValid()) { hdr.ipv6.traffic_class[7:2] = BNG_YELLOW_DSCP; } \
    else { hdr.ipv4.dscp = BNG_YELLOW_DSCP; }

// Lookups that only write metadata, beside the ACL (on Tofino, stages before the verdicts that
// read them): which line a frame came from, its session and whether its source is the line's;
// which line a destination is on, and that line's session. What the verdicts compare (lengths,
// hop limits) is measured here too, each by one action.
control BngLookup(inout headers_t hdr, inout local_metadata_t meta) {

#ifdef WITH_BNG_ACCESS
    // Also marks the frame as the line's: on an untagged line (port, 0, 0) a plain IP frame, which
    // the parser cannot tell from a network host's, is the line's all the same (and not PPPoE).
    action set_line(bit<16> line_id) {
        meta.bng_line_id = line_id;
        meta.bng_from_line = true;
    }

    // Split BNG: on the access switch, (the trunk from the forwarding switch, the line's tags) ->
    // the line, whose downstream frames (encapsulated by the forwarding switch) are passed to its
    // port as they came (BngPassDown), not terminated.
    action pass_down(bit<16> line_id, port_num_t port) {
        meta.bng_line_id = line_id;
        meta.bng_pass_down = true;
        meta.bng_pass_port = port;
    }

    // (port, S-tag, C-tag) -> line (ids 1..BNG_LINES); a missing tag matches 0.
    table bng_line_map {
        key = {
            meta.ingress_port: exact @name("ig_port");
            meta.bng_s_vid:    exact @name("s_tag");
            meta.bng_c_vid:    exact @name("c_tag");
        }
        actions = {
            set_line;
            pass_down;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = BNG_LINES;
    }

    // The session's subscriber MAC (the one its discovery came from): compared with the
    // frame's as a difference (Tofino's gateways compare a field with a constant).
    action set_session(mac_addr_t mac) {
        meta.bng_session_known = true;
        meta.bng_mac_diff = hdr.ethernet.src_addr ^ mac;
    }

    // (line, PPPoE session id) -> the session, installed by the controller once PPP is up.
    table bng_session {
        key = {
            meta.bng_line_id:      exact @name("line_id");
            hdr.pppoe.session_id:  exact @name("session_id");
        }
        actions = {
            set_session;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = BNG_SESSIONS;
    }

    action allow_source() {
        meta.bng_source_ok = true;
    }

    // The line's IPv6 prefixes (its /64 and its delegated prefix): what its sources may be.
    table bng_source_v6 {
        key = {
            meta.bng_line_id:          exact @name("line_id");
            hdr.ipv6.src_addr[127:64]: lpm @name("ipv6_src_64");
        }
        actions = {
            allow_source;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = BNG_SOURCES_V6;
    }

    // The line's IPv4 address (IPCP) and routed subnets.
    table bng_source_v4 {
        key = {
            meta.bng_line_id:  exact @name("line_id");
            hdr.ipv4.src_addr: lpm @name("ipv4_src");
        }
        actions = {
            allow_source;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = BNG_SOURCES_V4;
    }

    // PPPoE's length counts the PPP protocol and the packet: the difference from the IP
    // header's length field (one subtraction: a Tofino action is one ALU operation per field)
    // is compared with the octets that field leaves out (42 for IPv6, 2 for IPv4).
    @hidden
    action measure_v6() {
        meta.bng_len_excess = hdr.pppoe.length - hdr.ipv6.payload_len;
    }

    @hidden
    action measure_v4() {
        meta.bng_len_excess = hdr.pppoe.length - hdr.ipv4.total_len;
    }
#endif

#ifdef WITH_BNG_FORWARD
    action set_downstream_line(bit<16> line_id) {
        meta.bng_down_line_id = line_id;
        meta.bng_downstream = true;
    }

    // A subscriber's IPv6 prefixes (its /64 and its delegated prefix) -> its line. Subscriber
    // prefixes are /64 or shorter, so the key is the upper 64 bits (half the TCAM of 128).
    table bng_prefix_v6 {
        key = {
            hdr.ipv6.dst_addr[127:64]: lpm @name("ipv6_dst_64");
        }
        actions = {
            set_downstream_line;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = BNG_PREFIXES_V6;
    }

    // A subscriber's IPv4 address (IPCP) and routed subnets -> its line.
    table bng_prefix_v4 {
        key = {
            hdr.ipv4.dst_addr: lpm @name("ipv4_dst");
        }
        actions = {
            set_downstream_line;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = BNG_PREFIXES_V4;
    }

    // The line's session: its port and tags (0: no such tag), its PPPoE session id, the MACs
    // (this router's for the line, the subscriber's), kept for the encapsulation (BngForward).
    action set_line_session(port_num_t port, bit<12> s_tag, bit<12> c_tag, bit<16> session_id,
                            mac_addr_t smac, mac_addr_t dmac) {
        meta.bng_down_known = true;
        meta.bng_down_port = port;
        meta.bng_down_s_vid = s_tag;
        meta.bng_down_c_vid = c_tag;
        meta.bng_down_session = session_id;
        meta.bng_down_smac = smac;
        meta.bng_down_dmac = dmac;
    }

    table bng_line_session {
        key = {
            meta.bng_down_line_id: exact @name("line_id");
        }
        actions = {
            set_line_session;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = BNG_LINES;
    }

    // What the encapsulation writes and checks, from the IP header: PPPoE's length (the packet
    // and the PPP protocol), how far the packet runs past PPPoE's MTU (0: it fits), its hop limit
    // or TTL, the PPP protocol.
    @hidden
    action downstream_v6() {
        meta.bng_pppoe_len = hdr.ipv6.payload_len + PPPOE_IPV6_OVERHEAD;
        meta.bng_mtu_excess = hdr.ipv6.payload_len |-| (BNG_MTU - IPV6_HEADER_BYTES);
        meta.bng_hops = hdr.ipv6.hop_limit;
        meta.bng_ppp_protocol = PPP_IPV6;
    }

    @hidden
    action downstream_v4() {
        meta.bng_pppoe_len = hdr.ipv4.total_len + PPP_HEADER_BYTES;
        meta.bng_mtu_excess = hdr.ipv4.total_len |-| BNG_MTU;
        meta.bng_hops = hdr.ipv4.ttl;
        meta.bng_ppp_protocol = PPP_IPV4;
    }
#endif

    apply {
#ifdef WITH_BNG_ACCESS
        // Every frame: a line's port may carry it untagged. Another port has no (port, 0, 0) entry.
        bng_line_map.apply();
        if (meta.bng_from_line) {
            // A session-stage frame (the parser took its PPP header); line 0 matches no entry.
            if (hdr.ppp.isValid()) {
                bng_session.apply();
                if (hdr.ipv6.isValid()) {
                    bng_source_v6.apply();
                    measure_v6();
                } else if (hdr.ipv4.isValid()) {
                    bng_source_v4.apply();
                    measure_v4();
                }
            }
        }
#endif
#ifdef WITH_BNG_FORWARD
        // Also for a subscriber's own packets: one subscriber to another goes back down.
        if (hdr.ipv6.isValid()) {
            bng_prefix_v6.apply();
            downstream_v6();
        } else if (hdr.ipv4.isValid()) {
            bng_prefix_v4.apply();
            downstream_v4();
        }
        if (meta.bng_downstream) {
            bng_line_session.apply();
        }
#endif
    }
}

#ifdef WITH_BNG_ACCESS
// A subscriber line's frame, once the ACL has not taken it: control punted, data checked (by
// what BngLookup found), metered and terminated (what is left is an IPv6 or IPv4 packet for
// routing), the rest dropped. Every frame counts once in bng_upstream_rx and once in
// bng_control, bng_upstream_dropped or bng_upstream_tx (handed to routing), at its line's id
// (0: no line). One if/else chain: each verdict is an action no later test reads.
control BngUpstream(inout headers_t hdr, inout local_metadata_t meta) {
    SIXFLOW_COUNTER(bng_upstream_rx, BNG_LINE_CELLS)
    SIXFLOW_COUNTER(bng_upstream_tx, BNG_LINE_CELLS)
    SIXFLOW_COUNTER(bng_upstream_dropped, BNG_LINE_CELLS)
    SIXFLOW_COUNTER(bng_control, BNG_LINE_CELLS)
    SIXFLOW_METER(bng_upstream_meter, BNG_LINE_CELLS)

    action drop(drop_reason_t reason) {
        meta.drop = true;
        meta.drop_reason = reason;
    }

    action punt() {
        meta.punt_to_cpu = true;
    }

    // Tags, PPPoE and PPP off: the packet inside, for routing.
    action terminate_v6() {
        hdr.ethernet.ether_type = ETHERTYPE_IPV6;
        hdr.s_tag.setInvalid();
        hdr.c_tag.setInvalid();
        hdr.pppoe.setInvalid();
        hdr.ppp.setInvalid();
    }

    action terminate_v4() {
        hdr.ethernet.ether_type = ETHERTYPE_IPV4;
        hdr.s_tag.setInvalid();
        hdr.c_tag.setInvalid();
        hdr.pppoe.setInvalid();
        hdr.ppp.setInvalid();
    }

    apply {
        SIXFLOW_COUNT(bng_upstream_rx, meta.bng_line_id)
        if (meta.drop || meta.punt_to_cpu) {
            // The parser's or the ACL's verdict: a PPPoE frame cut short is malformed.
            if (meta.drop && meta.drop_reason == DROP_PARSER_ERROR && meta.bng_pppoe) {
                meta.drop_reason = DROP_BNG_MALFORMED;
            }
        } else if (!hdr.pppoe.isValid() || hdr.pppoe.version != PPPOE_VERSION || hdr.pppoe.type != PPPOE_TYPE) {
            // Not PPPoE on a line, or a PPPoE version this router does not speak.
            drop(DROP_BNG_MALFORMED);
        } else if (meta.bng_discovery) {
            // Also from a line the controller has not provisioned yet (line id 0): a new
            // subscriber's first PADI is how it learns the line.
            punt();
        } else if (!hdr.ppp.isValid() || hdr.pppoe.session_id == 0) {
            // A session-stage code other than 0 (the parser stopped), or the discovery's id 0.
            drop(DROP_BNG_MALFORMED);
        } else if (hdr.ppp.protocol != PPP_IPV6 && hdr.ppp.protocol != PPP_IPV4) {
            // LCP, PAP, CHAP, IPCP, IPv6CP; any other protocol too, for the controller's LCP
            // Protocol-Reject (RFC 1661 5.7). Line id 0 too: PPP is up before the attachment is.
            punt();
        } else if (meta.bng_line_id == 0) {
            // Data from a line that is not provisioned.
            drop(DROP_BNG_UNKNOWN_LINE);
        } else if (!hdr.ipv6.isValid() && !hdr.ipv4.isValid()) {
            // IP the parser did not take (IPv4 with options, another version).
            drop(DROP_BNG_MALFORMED);
        } else if (!meta.bng_session_known) {
            drop(DROP_BNG_UNKNOWN_SESSION);
        } else if (meta.bng_mac_diff[47:24] != 0) {
            // In two halves: a Tofino gateway reads at most 4 bytes and 12 bits.
            drop(DROP_BNG_SPOOFED_MAC);
        } else if (meta.bng_mac_diff[23:0] != 0) {
            drop(DROP_BNG_SPOOFED_MAC);
        } else if (hdr.ipv6.isValid() && (meta.bng_len_excess != PPPOE_IPV6_OVERHEAD || hdr.ipv6.payload_len[15:14] != 0)
                   || hdr.ipv4.isValid() && (meta.bng_len_excess != PPP_HEADER_BYTES || hdr.ipv4.total_len[15:14] != 0)) {
            // The difference is modulo 2^16: an IP length past what PPPoE's can say (65535 - 42,
            // for IPv6) would make a short PPPoE length look right. No Ethernet frame carries
            // 16384 octets, so an IP length from there on is malformed, and no difference wraps.
            drop(DROP_BNG_MALFORMED);
        } else if (hdr.ipv6.isValid() && (hdr.ipv6.dst_addr[127:120] == 0xff || hdr.ipv6.src_addr[127:118] == 0x3fa)) {
            // Link-scope or multicast (RS, DHCPv6, NS, MLD; sources fe80::/10): for the
            // controller, which answers with RAs and DHCPv6 prefix delegation.
            punt();
        } else if (!meta.bng_source_ok) {
            if (hdr.ipv6.isValid()) {
                drop(DROP_BNG_SPOOFED_V6);
            } else {
                drop(DROP_BNG_SPOOFED_V4);
            }
        } else if (!meta.my_station) {
            drop(DROP_NOT_MY_STATION);
        } else {
            // Data within the line's rates is terminated.
            SIXFLOW_METER_EXECUTE(bng_upstream_meter, meta.bng_line_id, meta.bng_color)
            if (meta.bng_color == SIXFLOW_METER_RED) {
                drop(DROP_BNG_METER_RED);
            } else {
                if (meta.bng_color == SIXFLOW_METER_YELLOW) {
                    BNG_MARK_YELLOW
                }
                if (hdr.ipv6.isValid()) {
                    terminate_v6();
                } else {
                    terminate_v4();
                }
            }
        }

        if (meta.punt_to_cpu) {
            SIXFLOW_COUNT(bng_control, meta.bng_line_id)
        } else if (meta.drop) {
            SIXFLOW_COUNT(bng_upstream_dropped, meta.bng_line_id)
        } else {
            SIXFLOW_COUNT(bng_upstream_tx, meta.bng_line_id)
        }
    }
}

// Split BNG, the access switch: a downstream frame the forwarding switch encapsulated into a
// session of one of this switch's lines (line map pass_down) goes out of the line's port byte for
// byte (its MACs, tags, PPPoE and TTL are the forwarding switch's). Only a session-stage IPv6 or
// IPv4 frame of a session this switch holds (bng_session: (line, session id)) passes; anything
// else the trunk sends for the line is dropped. Every such frame counts once in bng_passed or
// bng_pass_dropped, at its line's id; the line's upstream counters do not see it.
control BngPassDown(inout headers_t hdr, inout local_metadata_t meta) {
    SIXFLOW_COUNTER(bng_passed, BNG_LINE_CELLS)
    SIXFLOW_COUNTER(bng_pass_dropped, BNG_LINE_CELLS)

    action drop(drop_reason_t reason) {
        meta.drop = true;
        meta.drop_reason = reason;
    }

    action pass() {
        meta.egress_port = meta.bng_pass_port;
        meta.egress_port_set = true;
    }

    apply {
        if (meta.drop || meta.punt_to_cpu) {
            // The parser's or the ACL's verdict.
            if (meta.drop && meta.drop_reason == DROP_PARSER_ERROR && meta.bng_pppoe) {
                meta.drop_reason = DROP_BNG_MALFORMED;
            }
        } else if (!hdr.ppp.isValid() || hdr.pppoe.session_id == 0
                   || hdr.ppp.protocol != PPP_IPV6 && hdr.ppp.protocol != PPP_IPV4) {
            // Discovery, control or another PPPoE code: the forwarding switch sends data only.
            drop(DROP_BNG_MALFORMED);
        } else if (!meta.bng_session_known) {
            // A session that ended here (its entries on the forwarding switch not yet removed).
            drop(DROP_BNG_UNKNOWN_SESSION);
        } else {
            pass();
        }
        if (meta.drop) {
            SIXFLOW_COUNT(bng_pass_dropped, meta.bng_line_id)
        } else {
            SIXFLOW_COUNT(bng_passed, meta.bng_line_id)
        }
    }
}
#endif

// What is routed outside routing_v6: IPv4 (routing_v4) and, with WITH_BNG_FORWARD, packets to a
// subscriber, encapsulated into its line's session (found by BngLookup) instead of routed. A
// packet mapped to a line counts once in bng_downstream_rx and once in bng_downstream_tx or
// bng_downstream_dropped.
control BngForward(inout headers_t hdr, inout local_metadata_t meta) {
    RoutingV4() ipv4_routing;

#ifdef WITH_BNG_FORWARD
    SIXFLOW_COUNTER(bng_downstream_rx, BNG_LINE_CELLS)
    SIXFLOW_COUNTER(bng_downstream_tx, BNG_LINE_CELLS)
    SIXFLOW_COUNTER(bng_downstream_dropped, BNG_LINE_CELLS)
    SIXFLOW_METER(bng_downstream_meter, BNG_LINE_CELLS)

    action drop(drop_reason_t reason) {
        meta.drop = true;
        meta.drop_reason = reason;
    }

    // Forwarded by this router: it ages.
    action age_v6() {
        hdr.ipv6.hop_limit = hdr.ipv6.hop_limit - 1;
    }

    action age_v4() {
        hdr.ipv4.ttl = hdr.ipv4.ttl - 1;
    }

// The encapsulation every tag shape shares: MACs, port, PPPoE (session stage), PPP; `first` is
// the EtherType after the MACs.
#define BNG_ENCAP(first) \
        meta.egress_port = meta.bng_down_port; \
        meta.egress_port_set = true; \
        hdr.ethernet.src_addr = meta.bng_down_smac; \
        hdr.ethernet.dst_addr = meta.bng_down_dmac; \
        hdr.ethernet.ether_type = first; \
        hdr.pppoe.setValid(); \
        hdr.pppoe.version = PPPOE_VERSION; \
        hdr.pppoe.type = PPPOE_TYPE; \
        hdr.pppoe.code = PPPOE_CODE_SESSION; \
        hdr.pppoe.session_id = meta.bng_down_session; \
        hdr.pppoe.length = meta.bng_pppoe_len; \
        hdr.ppp.setValid(); \
        hdr.ppp.protocol = meta.bng_ppp_protocol;
#define BNG_TAG(tag, id, next) \
        hdr.tag.setValid(); \
        hdr.tag.pcp = 0; \
        hdr.tag.dei = 0; \
        hdr.tag.vid = id; \
        hdr.tag.ether_type = next;

    // One action per tag shape (a tag whose VID is 0 is not pushed).
    action encap_s_c() {
        BNG_ENCAP(ETHERTYPE_QINQ)
        BNG_TAG(s_tag, meta.bng_down_s_vid, ETHERTYPE_VLAN)
        BNG_TAG(c_tag, meta.bng_down_c_vid, ETHERTYPE_PPPOE_SESSION)
    }

    action encap_s() {
        BNG_ENCAP(ETHERTYPE_QINQ)
        BNG_TAG(s_tag, meta.bng_down_s_vid, ETHERTYPE_PPPOE_SESSION)
        hdr.c_tag.setInvalid();
    }

    action encap_c() {
        BNG_ENCAP(ETHERTYPE_VLAN)
        hdr.s_tag.setInvalid();
        BNG_TAG(c_tag, meta.bng_down_c_vid, ETHERTYPE_PPPOE_SESSION)
    }

    action encap_untagged() {
        BNG_ENCAP(ETHERTYPE_PPPOE_SESSION)
        hdr.s_tag.setInvalid();
        hdr.c_tag.setInvalid();
    }
#endif

    apply {
#ifdef WITH_BNG_FORWARD
        if (meta.bng_downstream) {
            // Every packet to a line counts there, whatever its verdict (a frame not for this
            // router's MAC too).
            SIXFLOW_COUNT(bng_downstream_rx, meta.bng_down_line_id)
            if (!meta.my_station) {
                drop(DROP_NOT_MY_STATION);
            } else if (meta.bng_hops <= 1) {
                drop(DROP_HOP_LIMIT);
                // IPv6 is punted for the controller's Time Exceeded, as routing does (routing.p4).
                if (hdr.ipv6.isValid()) {
                    meta.punt_reason = PUNT_HOP_LIMIT;
                }
            } else if (meta.bng_mtu_excess != 0) {
                drop(DROP_BNG_MTU);
            } else if (!meta.bng_down_known) {
                // A prefix for a line without a session: IPv6 is punted for the controller's
                // Destination Unreachable, as routing does.
                drop(DROP_NO_ROUTE);
                if (hdr.ipv6.isValid()) {
                    meta.punt_reason = PUNT_NO_ROUTE;
                }
            } else if (hdr.ipv6.isValid() && SIXFLOW_OUT_OF_SCOPE(meta)) {
                // Out of its addresses' scope (scope.p4), as routing drops it.
                drop(DROP_OUT_OF_SCOPE);
            } else {
                SIXFLOW_METER_EXECUTE(bng_downstream_meter, meta.bng_down_line_id, meta.bng_color)
                if (meta.bng_color == SIXFLOW_METER_RED) {
                    drop(DROP_BNG_METER_RED);
                } else {
                    if (meta.bng_color == SIXFLOW_METER_YELLOW) {
                        BNG_MARK_YELLOW
                    }
                    if (hdr.ipv6.isValid()) {
                        age_v6();
                    } else {
                        age_v4();
                    }
                    if (meta.bng_down_s_vid != 0) {
                        if (meta.bng_down_c_vid != 0) {
                            encap_s_c();
                        } else {
                            encap_s();
                        }
                    } else if (meta.bng_down_c_vid != 0) {
                        encap_c();
                    } else {
                        encap_untagged();
                    }
                }
            }
            if (meta.drop) {
                SIXFLOW_COUNT(bng_downstream_dropped, meta.bng_down_line_id)
            } else {
                SIXFLOW_COUNT(bng_downstream_tx, meta.bng_down_line_id)
            }
        } else if (!meta.my_station) {
#else
        if (!meta.my_station) {
#endif
            meta.drop = true;
            meta.drop_reason = DROP_NOT_MY_STATION;
        } else {
            ipv4_routing.apply(hdr, meta);
        }
    }
}

#endif // WITH_BNG

#endif // SIXFLOW_BNG_P4
