// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Parser states from Ethernet inwards, shared by every target. Each target's parser
// handles its intrinsic metadata and the packet_out header, then applies this one.
#ifndef SIXFLOW_PARSER_P4
#define SIXFLOW_PARSER_P4

#include "header.p4"
#include "repeat.p4"
#include "scope_match.p4"

// The MRH's M-SIDs: count n has Hdr Ext Len 2n, and its chain of extracts starts at n.
#define MRH_LENGTH_CASE(i, n) (2 * n): mrh_count_##n;
#define MRH_COUNT_STATE(i, n) state mrh_count_##n { meta.msid_count = n; transition mrh_msids_##n; }
#define MRH_MSID_STATE(i, n) state mrh_msids_##n { packet.extract(hdr.msids.next); transition mrh_msids_##i; }

// A generic extension header's words: Hdr Ext Len n (1..EXT_MAX_LEN) enters at words_n.
#define EXT_WORD_STATES(prefix, stack, done) \
    state prefix##_words_2 { packet.extract(stack.next); transition prefix##_words_1; } \
    state prefix##_words_1 { packet.extract(stack.next); transition done; }
#if EXT_MAX_LEN != 2
#error "the parser's extension-header word states are written for EXT_MAX_LEN 2"
#endif
#if GTPU_EXT_MAX_UNITS != 8 && GTPU_EXT_MAX_UNITS != 4
#error "the parser's GTP-U extension-header states are written for GTPU_EXT_MAX_UNITS 8 or 4"
#endif
// A case of a chain that ends past unit 4, kept only where the bound is 8.
#if GTPU_EXT_MAX_UNITS > 4
#define GTPU_EXT_PAST_4(case) case
#else
#define GTPU_EXT_PAST_4(case)
#endif
// The Next Extension Header Type in the last octet of a 4-octet extension-header word, as a case.
#define GTPU_EXT_TYPE(t) SIXFLOW_LOW_CASE(32, 0xFF, t)
#define GTPU_EXT_TYPE_MASKED(t, mask) SIXFLOW_LOW_MASKED_CASE(32, t, mask)
// The state that reads a G-PDU's inner packet behind `words` 4-octet words of optional fields and
// extension headers: one for all where the target does not hold the inner packet to the outer one.
#ifdef SIXFLOW_INNER_HELD_TO_OUTER
#if GTPU_EXT_MAX_UNITS != 8
#error "gtpu_inner_after_<words> states are written for GTPU_EXT_MAX_UNITS 8"
#endif
#define GTPU_INNER(words) gtpu_inner_after_##words
#define GTPU_INNER_STATE(words) \
    state gtpu_inner_after_##words { \
        packet.extract(hdr.inner_ipv6); \
        meta.gtpu_malformed = SIXFLOW_INNER_RUNS_PAST(hdr, (bit<32>) meta.gtpu_outer_ext_bytes \
                + (bit<32>) (UDP_HEADER_BYTES + GTPU_HEADER_BYTES + 4 * words + IPV6_HEADER_BYTES), \
                hdr.ipv6.payload_len); \
        transition select(hdr.inner_ipv6.version) { \
            IPV6_VERSION: accept; \
            default: gtpu_malformed; \
        } \
    }
#else
#define GTPU_INNER(words) parse_gtpu_inner
#endif

// What parse_ipv6 does with a Next Header that does not go on (SIXFLOW_NEXT_HEADER_AHEAD: see
// ipv6_ahead).
#ifdef SIXFLOW_NEXT_HEADER_AHEAD
#define SIXFLOW_IPV6_OTHER accept  // not reached: ipv6_ahead sent those to parse_ipv6_last
#define SIXFLOW_IPV6_START ipv6_ahead
#else
#define SIXFLOW_IPV6_OTHER ipv6_proto
#define SIXFLOW_IPV6_START parse_ipv6  // no state in front of it: one less for every packet
#endif

// Next Header values after which the walk goes on, per header (select cases to `state`; the
// other values end the chain at that header: its `_last` state).
#define AFTER_IPV6_CASES(state) PROTO_HOPOPT: state; PROTO_DSTOPTS: state; PROTO_ROUTING: state; \
    PROTO_FRAGMENT: state; PROTO_TCP: state; PROTO_UDP: state; PROTO_ICMPV6: state;
//
// An extension header's states look ahead once at its first 4 octets (Next Header, Hdr Ext Len,
// and the option or routing type; every extension header is at least 8 octets long) and match
// them whole, a mask per case (`rest` is the octets after Next Header, `mask` the whole key's),
// rather than a slice per octet: p4c gives every lookahead call and every slice of one a
// metadata field of its own, and bmv2 resets every metadata field for every packet (19 fields
// in `ipv6`, at about 650 instructions a field: pipeconf/README.md, "Instructions per frame").
// The target says how (SIXFLOW_LOOK(n), then a select on SIXFLOW_AHEAD_OF(n)): bmv2 reads them
// into one parser local per width that every state shares, Tofino matches the packet's octets in
// place. Likewise a select on the low bits of a lookahead or of a header field
// (SIXFLOW_AHEAD_LOW, SIXFLOW_LOW): bmv2 takes it whole and masks the rest in each case
// (SIXFLOW_LOW_CASE, SIXFLOW_LOW_MASKED_CASE), Tofino takes the slice. A state looks ahead only
// where every well-formed packet it takes holds the octets it reads: bmv2 raises PacketTooShort
// at any lookahead past the end of the packet, whatever the branch taken.
#define AFTER_HBH_CASES(rest, mask, state) PROTO_DSTOPTS ++ rest &&& mask: state; \
    PROTO_FRAGMENT ++ rest &&& mask: state; PROTO_TCP ++ rest &&& mask: state; \
    PROTO_UDP ++ rest &&& mask: state; PROTO_ICMPV6 ++ rest &&& mask: state;
#define AFTER_DEST_OPTS_CASES(rest, mask, state) PROTO_FRAGMENT ++ rest &&& mask: state; \
    PROTO_TCP ++ rest &&& mask: state; PROTO_UDP ++ rest &&& mask: state; PROTO_ICMPV6 ++ rest &&& mask: state;
#define AFTER_ROUTING_CASES(rest, mask, state) PROTO_FRAGMENT ++ rest &&& mask: state; \
    PROTO_DSTOPTS ++ rest &&& mask: state; PROTO_TCP ++ rest &&& mask: state; \
    PROTO_UDP ++ rest &&& mask: state; PROTO_ICMPV6 ++ rest &&& mask: state;

// Walks the IPv6 extension-header chain in RFC 8200's order (Hop-by-Hop, Destination Options,
// Routing, Fragment, Destination Options), each header at most once and at most EXT_MAX_LEN words
// long unless it is Sixflow's own (the APN6 HBH, the MRH), and takes the upper layer (ip_proto,
// L4 ports, ICMPv6 type) from where the chain ends. Where it cannot go on (an order or a length
// it does not take, a fragment other than the first), it stops: the rest is payload, forwarded
// as it came, and ip_proto is the next header it did not read.
//
// ip_proto is written once on every path (Tofino's parser merges a second write into a field
// rather than replacing it): by the state that extracts the header whose Next Header ends the
// chain (a `_last` state, chosen by looking ahead before it is extracted), or as a constant where
// the chain ends at an upper layer or a header it does not read.
//
// GTP-U is read only right after the outer IPv6 header (UDP to port 2152), wherever the packet
// goes: the N3 lookup (gtpu.p4) decides whether it is this router's. A datagram whose UDP length
// leaves no room for a GTP-U header is plain UDP; one whose length claims a header the packet
// does not hold is a parser error (dropped and counted, as any truncated header).
//
// The target may hook checksum work into the IPv6 and upper-layer states (SIXFLOW_PARSE_*_CHECKSUM:
// Tofino's parser takes the residual of the inner pseudo-header for GTP-U's INCREMENTAL
// checksum there; nothing on bmv2).
parser CommonParser(packet_in packet, inout headers_t hdr, inout local_metadata_t meta) {
    SIXFLOW_PARSER_CHECKSUM_DECL
    SIXFLOW_AHEAD_DECL

    state start {
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.ether_type) {
            ETHERTYPE_IPV6: SIXFLOW_IPV6_START;
#ifdef LATENCY_READOUT_PACKET
            ETHERTYPE_SIXFLOW_READOUT: parse_readout;
#endif
#ifdef WITH_BNG
            ETHERTYPE_IPV4: ipv4_check;
#endif
#ifdef WITH_BNG_ACCESS
            ETHERTYPE_QINQ: parse_s_tag;
            ETHERTYPE_VLAN: parse_c_tag;
            ETHERTYPE_PPPOE_DISCOVERY: parse_pppoe_discovery;
            ETHERTYPE_PPPOE_SESSION: parse_pppoe_session;
#endif
            default: accept;
        }
    }

#ifdef WITH_BNG_ACCESS
    // A subscriber line's frame (bng.p4): an S-tag and a C-tag (either may be missing), then
    // PPPoE. Anything else on a line is left unparsed: the BNG drops it (not PPPoE).
    state parse_s_tag {
        packet.extract(hdr.s_tag);
        meta.bng_from_line = true;
        meta.bng_s_vid = hdr.s_tag.vid;
        transition select(hdr.s_tag.ether_type) {
            ETHERTYPE_VLAN: parse_c_tag;
            ETHERTYPE_PPPOE_DISCOVERY: parse_pppoe_discovery;
            ETHERTYPE_PPPOE_SESSION: parse_pppoe_session;
            default: accept;
        }
    }

    state parse_c_tag {
        packet.extract(hdr.c_tag);
        meta.bng_from_line = true;
        meta.bng_c_vid = hdr.c_tag.vid;
        transition select(hdr.c_tag.ether_type) {
            ETHERTYPE_PPPOE_DISCOVERY: parse_pppoe_discovery;
            ETHERTYPE_PPPOE_SESSION: parse_pppoe_session;
            default: accept;
        }
    }

    // The flags come before the extract: a header cut short is still known for PPPoE (a parser
    // error the BNG counts on its line as malformed). Discovery packets' tags are payload.
    state parse_pppoe_discovery {
        meta.bng_from_line = true;
        meta.bng_pppoe = true;
        meta.bng_discovery = true;
        packet.extract(hdr.pppoe);
        transition accept;
    }

    // Only version 1, type 1, code 0 carries PPP; the BNG drops any other as malformed.
    state parse_pppoe_session {
        meta.bng_from_line = true;
        meta.bng_pppoe = true;
        packet.extract(hdr.pppoe);
        transition select(hdr.pppoe.version, hdr.pppoe.type, hdr.pppoe.code) {
            (PPPOE_VERSION, PPPOE_TYPE, PPPOE_CODE_SESSION): parse_ppp;
            default: accept;
        }
    }

    // IPv6 and IPv4 are parsed as without PPPoE; control protocols (LCP, PAP, CHAP, IPCP,
    // IPv6CP, any other) are payload for the controller.
    state parse_ppp {
        packet.extract(hdr.ppp);
        transition select(hdr.ppp.protocol) {
            PPP_IPV6: SIXFLOW_IPV6_START;
            PPP_IPV4: ipv4_check;
            default: accept;
        }
    }

#endif

#ifdef WITH_BNG
    // IPv4 without options only (version 4, IHL 5): another is not parsed, hence not routed.
    state ipv4_check {
        SIXFLOW_LOOK(8)
        transition select(SIXFLOW_AHEAD_OF(8)) {
            IPV4_VERSION_IHL: parse_ipv4;
            default: accept;
        }
    }

    // The ports of a first (or only) fragment's TCP or UDP header, for the ACL.
    state parse_ipv4 {
        packet.extract(hdr.ipv4);
        transition select(hdr.ipv4.frag_offset, hdr.ipv4.protocol) {
            (0, PROTO_TCP): parse_tcp;
            (0, PROTO_UDP): parse_udp;
            default: ipv4_other;
        }
    }

    state ipv4_other {
        meta.ip_proto = hdr.ipv4.protocol;
        transition accept;
    }
#endif

#ifdef LATENCY_READOUT_PACKET
    // Each bucket field gets its histogram cell's index (slot << 3 | bucket), which the egress's
    // read_out reads in its place: computed there, the indices would be metadata that bmv2
    // resets for every packet (define_v1model.p4). A slot past the aggregates is dropped there.
    state parse_readout {
        packet.extract(hdr.readout);
        hdr.readout.bucket0 = hdr.readout.slot << 3;
        hdr.readout.bucket1 = (hdr.readout.slot << 3) | 1;
        hdr.readout.bucket2 = (hdr.readout.slot << 3) | 2;
        hdr.readout.bucket3 = (hdr.readout.slot << 3) | 3;
        hdr.readout.bucket4 = (hdr.readout.slot << 3) | 4;
        hdr.readout.bucket5 = (hdr.readout.slot << 3) | 5;
        hdr.readout.bucket6 = (hdr.readout.slot << 3) | 6;
        hdr.readout.bucket7 = (hdr.readout.slot << 3) | 7;
        transition accept;
    }
#endif

    // An IPv6 packet, after Ethernet or PPP. Where the target's parser writes a field once on a
    // path (SIXFLOW_NEXT_HEADER_AHEAD: Tofino's merges a second write, and it can set metadata
    // only from the header it is extracting), IPv6's Next Header (its 7th octet) is looked at
    // ahead: a chain that ends at the IPv6 header sets ip_proto as it extracts it
    // (parse_ipv6_last). Elsewhere (bmv2) parse_ipv6 takes every packet and ipv6_proto sets
    // ip_proto afterwards: a lookahead is a metadata field that bmv2 resets for every packet.
#ifdef SIXFLOW_NEXT_HEADER_AHEAD
    state ipv6_ahead {
        transition select(packet.lookahead<bit<56>>()[7:0]) {
            AFTER_IPV6_CASES(parse_ipv6)
            default: parse_ipv6_last;
        }
    }
#endif

    // The Version is part of the key:
    // a header whose Version is not 6 matches no case, which is the parser's error (NoMatch),
    // so it is dropped and counted as any header the parser cannot take (RFC 8200 section 3).
    state parse_ipv6 {
        packet.extract(hdr.ipv6);
        SIXFLOW_PARSE_IPV6_CHECKSUM
#ifdef SIXFLOW_SCOPE_BY_PARSER
        // The addresses' scopes (control/scope.p4), where the target matches them in the parser.
        transition select(hdr.ipv6.src_addr, hdr.ipv6.dst_addr) {
            SIXFLOW_SCOPE_CASES(ipv6_out_of_scope)
            default: ipv6_next_header;
        }
    }

    // An address out of its scope: should routing forward the packet, it drops it.
    state ipv6_out_of_scope {
        meta.out_of_scope = 1;
        transition ipv6_next_header;
    }

    state ipv6_next_header {
#endif
#ifdef WITH_GTPU
        transition select(hdr.ipv6.version, hdr.ipv6.next_header) {
            (IPV6_VERSION, PROTO_HOPOPT): parse_outer_ext;
            (IPV6_VERSION, PROTO_DSTOPTS): parse_outer_ext;
            (IPV6_VERSION, PROTO_UDP): ipv6_udp;
#else
        transition select(hdr.ipv6.version, hdr.ipv6.next_header) {
            (IPV6_VERSION, PROTO_HOPOPT): parse_hbh;
            (IPV6_VERSION, PROTO_DSTOPTS): parse_first_dest_opts;
            (IPV6_VERSION, PROTO_UDP): parse_udp;
#endif
            (IPV6_VERSION, PROTO_ROUTING): parse_routing;
            (IPV6_VERSION, PROTO_FRAGMENT): parse_fragment;
            (IPV6_VERSION, PROTO_TCP): parse_tcp;
            (IPV6_VERSION, PROTO_ICMPV6): parse_icmpv6;
            (IPV6_VERSION, _): SIXFLOW_IPV6_OTHER;
            SIXFLOW_NO_MATCH
        }
    }

#ifdef WITH_GTPU
    // UDP right after the IPv6 header: GTP-U by its destination port. Looked at only here, where
    // the packet has a UDP header (8 octets; one cut shorter is truncated either way): a
    // lookahead in parse_ipv6 read past IPv6 packets of fewer than 4 octets of payload, and bmv2
    // dropped them as truncated.
    state ipv6_udp {
        SIXFLOW_LOOK(32)
        transition select(SIXFLOW_AHEAD_LOW(32, 15)) {
            SIXFLOW_LOW_CASE(32, 0xFFFF, GTPU_UDP_PORT): parse_gtpu;
            default: parse_udp;
        }
    }

    // A Hop-by-Hop or Destination Options header (up to EXT_MAX_LEN words) between the outer IPv6
    // header and a tunnel's UDP header: the packet is a GTP-U one all the same. The header takes
    // pre_ext's place (a GTP-U packet has no Routing header), which the deparser emits right
    // after the IPv6 header, in front of the UDP header; decapsulation removes it with the outer
    // IPv6 header. Each lookahead reads no further than the extension header and the UDP header's
    // first 4 octets, which a packet whose chain goes on to UDP holds.
    state parse_outer_ext {
        // Next Header, Hdr Ext Len: 16 bits, not 32 (bf-p4c runs out of parser match registers
        // for those here).
        SIXFLOW_LOOK(16)
        transition select(SIXFLOW_AHEAD_OF(16)) {
            PROTO_UDP ++ 8w0: outer_ext_udp_0;
            PROTO_UDP ++ 8w1: outer_ext_udp_1;
            PROTO_UDP ++ 8w2: outer_ext_udp_2;
            default: parse_first_ext;
        }
    }

    state outer_ext_udp_0 {
        SIXFLOW_LOOK(96)
        transition select(SIXFLOW_AHEAD_LOW(96, 15)) {
            SIXFLOW_LOW_CASE(96, 0xFFFF, GTPU_UDP_PORT): gtpu_outer_ext_0;
            default: parse_first_ext;
        }
    }

    state outer_ext_udp_1 {
        SIXFLOW_LOOK(160)
        transition select(SIXFLOW_AHEAD_LOW(160, 15)) {
            SIXFLOW_LOW_CASE(160, 0xFFFF, GTPU_UDP_PORT): gtpu_outer_ext_1;
            default: parse_first_ext;
        }
    }

    state outer_ext_udp_2 {
        SIXFLOW_LOOK(224)
        transition select(SIXFLOW_AHEAD_LOW(224, 15)) {
            SIXFLOW_LOW_CASE(224, 0xFFFF, GTPU_UDP_PORT): gtpu_outer_ext_2;
            default: parse_first_ext;
        }
    }

    // Any other chain: walked as without GTP-U.
    state parse_first_ext {
        transition select(hdr.ipv6.next_header) {
            PROTO_HOPOPT: parse_hbh;
            default: parse_first_dest_opts;
        }
    }

    // Its length (octets) is a constant per state: the N3 end's length checks take it off the
    // IPv6 payload length.
    state gtpu_outer_ext_0 {
        packet.extract(hdr.pre_ext);
        meta.gtpu_outer_ext_bytes = 8;
        transition parse_gtpu;
    }

    state gtpu_outer_ext_1 {
        packet.extract(hdr.pre_ext);
        meta.gtpu_outer_ext_bytes = 16;
        transition gtpu_outer_ext_words_1;
    }

    state gtpu_outer_ext_2 {
#ifdef WITH_APN6
        // Sixflow's APN6 HBH (Hdr Ext Len 2, first option 0x1E of 16 octets), which a router
        // marking a G-PDU it passes puts here: read as the option it is, so that transit SLA
        // handling and the egress edge's strip see it as on any packet (apn6.p4). Pipeline and
        // deparser put it back in front of the UDP header (Apn6BeforeTunnel).
        SIXFLOW_LOOK(32)
        transition select(hdr.ipv6.next_header, SIXFLOW_AHEAD_LOW(32, 15)) {
            (PROTO_HOPOPT, SIXFLOW_LOW_CASE(32, 0xFFFF, APN6_OPTION_TYPE ++ APN6_OPTION_LEN)): gtpu_outer_apn6;
            default: gtpu_outer_ext_2_words;
        }
    }

    state gtpu_outer_apn6 {
        packet.extract(hdr.hbh);
        packet.extract(hdr.apn6);
        packet.extract(hdr.apn6_pad);
        meta.gtpu_outer_ext_bytes = 24;
        meta.apn6_before_tunnel = true;
        transition parse_gtpu;
    }

    state gtpu_outer_ext_2_words {
#endif
        packet.extract(hdr.pre_ext);
        meta.gtpu_outer_ext_bytes = 24;
        transition gtpu_outer_ext_words_2;
    }

    EXT_WORD_STATES(gtpu_outer_ext, hdr.pre_ext_words, parse_gtpu)

    // GTP-U: the tunnel's UDP header (its ports are the packet's L4 ports, for the ACL) and the
    // mandatory GTP-U header; the optional fields when E, S or PN is set.
    state parse_gtpu {
        packet.extract(hdr.gtpu_udp);
        meta.ip_proto = PROTO_UDP;
        meta.l4_src_port = hdr.gtpu_udp.src_port;
        meta.l4_dst_port = hdr.gtpu_udp.dst_port;
        SIXFLOW_SET_FLOW_PORTS(meta, hdr.gtpu_udp.src_port, hdr.gtpu_udp.dst_port)
        // A datagram too short for a GTP-U header (UDP length under 16) is some other UDP to
        // that port: routed as it is, never a parser error on a router it only passes through.
        transition select(hdr.gtpu_udp.len) {
            0x0000 &&& 0xFFF0: accept;
            default: parse_gtpu_header;
        }
    }

    state parse_gtpu_header {
        packet.extract(hdr.gtpu);
        transition select(hdr.gtpu.version, hdr.gtpu.pt, hdr.gtpu.ex_flag, hdr.gtpu.seq_flag,
                          hdr.gtpu.npdu_flag, hdr.gtpu.msg_type) {
            (GTPU_VERSION, 1, 0, 0, 0, GTPU_MSG_GPDU): GTPU_INNER(0);
            (GTPU_VERSION, 1, 0, 0, 0, _): accept;  // another message: its IEs are payload
            (GTPU_VERSION, 1, _, _, _, _): parse_gtpu_options;
            default: gtpu_malformed;
        }
    }

    // The Next Extension Header Type counts only when E is set. A G-PDU's extension headers are
    // read as a chain (another message's are its payload).
    state parse_gtpu_options {
        packet.extract(hdr.gtpu_options);
        transition select(hdr.gtpu.msg_type, hdr.gtpu.ex_flag) {
            (GTPU_MSG_GPDU, 0): GTPU_INNER(1);
            (GTPU_MSG_GPDU, 1): gtpu_ext_at_0;
            default: accept;
        }
    }

    // A G-PDU's extension headers (TS 29.281 5.2): each its length in 4-octet units, its content,
    // and the next one's type in its last octet, up to GTPU_EXT_MAX_UNITS units in all (words of
    // gtpu_ext_words, never read but for the types). Taken: the PDU Session Container (TS 38.415,
    // any length: an UL one with QoS monitoring fields is longer than 4 octets) and, skipped, any
    // type whose high bit says its comprehension is not required (5.2.1: 0b00 and 0b01); another
    // type, whose comprehension is required, is unknown here (GTPU_UNKNOWN_EXTENSION at the N3
    // end, which must comprehend it); a length of 0, or a chain longer than the bound, is
    // malformed. gtpu_ext_at_T reads the type of the header that starts at word T (T = 0: the
    // optional fields' Next Extension Header Type) and looks ahead at its length L; gtpu_ext_T_K
    // extracts word T - K of a header that ends before word T (written out per T and K: Tofino's
    // parser wants each word's index fixed per state).
    state gtpu_ext_at_0 {
        SIXFLOW_LOOK(8)
        transition select(hdr.gtpu_options.next_ext, SIXFLOW_AHEAD_OF(8)) {
            (GTPU_EXT_NONE, _): GTPU_INNER(1);
            (_, 0): gtpu_malformed;
            (GTPU_EXT_PDU_SESSION_CONTAINER, 1): gtpu_ext_1_1;
            (GTPU_EXT_PDU_SESSION_CONTAINER, 2): gtpu_ext_2_2;
            (GTPU_EXT_PDU_SESSION_CONTAINER, 3): gtpu_ext_3_3;
            (GTPU_EXT_PDU_SESSION_CONTAINER, 4): gtpu_ext_4_4;
            GTPU_EXT_PAST_4((GTPU_EXT_PDU_SESSION_CONTAINER, 5): gtpu_ext_5_5;)
            GTPU_EXT_PAST_4((GTPU_EXT_PDU_SESSION_CONTAINER, 6): gtpu_ext_6_6;)
            GTPU_EXT_PAST_4((GTPU_EXT_PDU_SESSION_CONTAINER, 7): gtpu_ext_7_7;)
            GTPU_EXT_PAST_4((GTPU_EXT_PDU_SESSION_CONTAINER, 8): gtpu_ext_8_8;)
            (0 &&& GTPU_EXT_COMPREHENSION_REQUIRED, 1): gtpu_ext_1_1;
            (0 &&& GTPU_EXT_COMPREHENSION_REQUIRED, 2): gtpu_ext_2_2;
            (0 &&& GTPU_EXT_COMPREHENSION_REQUIRED, 3): gtpu_ext_3_3;
            (0 &&& GTPU_EXT_COMPREHENSION_REQUIRED, 4): gtpu_ext_4_4;
            GTPU_EXT_PAST_4((0 &&& GTPU_EXT_COMPREHENSION_REQUIRED, 5): gtpu_ext_5_5;)
            GTPU_EXT_PAST_4((0 &&& GTPU_EXT_COMPREHENSION_REQUIRED, 6): gtpu_ext_6_6;)
            GTPU_EXT_PAST_4((0 &&& GTPU_EXT_COMPREHENSION_REQUIRED, 7): gtpu_ext_7_7;)
            GTPU_EXT_PAST_4((0 &&& GTPU_EXT_COMPREHENSION_REQUIRED, 8): gtpu_ext_8_8;)
            (GTPU_EXT_PDU_SESSION_CONTAINER, _): gtpu_malformed;
            (GTPU_EXT_COMPREHENSION_REQUIRED &&& GTPU_EXT_COMPREHENSION_REQUIRED, _): gtpu_unknown_extension;
            default: gtpu_malformed;
        }
    }

    state gtpu_ext_at_1 {
        SIXFLOW_LOOK(8)
        transition select(SIXFLOW_LOW(hdr.gtpu_ext_words[0].data, 7), SIXFLOW_AHEAD_OF(8)) {
            (GTPU_EXT_TYPE(GTPU_EXT_NONE), _): GTPU_INNER(2);
            (_, 0): gtpu_malformed;
            (GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 1): gtpu_ext_2_1;
            (GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 2): gtpu_ext_3_2;
            (GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 3): gtpu_ext_4_3;
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 4): gtpu_ext_5_4;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 5): gtpu_ext_6_5;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 6): gtpu_ext_7_6;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 7): gtpu_ext_8_7;)
            (GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 1): gtpu_ext_2_1;
            (GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 2): gtpu_ext_3_2;
            (GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 3): gtpu_ext_4_3;
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 4): gtpu_ext_5_4;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 5): gtpu_ext_6_5;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 6): gtpu_ext_7_6;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 7): gtpu_ext_8_7;)
            (GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), _): gtpu_malformed;
            (GTPU_EXT_TYPE_MASKED(GTPU_EXT_COMPREHENSION_REQUIRED, GTPU_EXT_COMPREHENSION_REQUIRED), _): gtpu_unknown_extension;
            default: gtpu_malformed;
        }
    }

    state gtpu_ext_at_2 {
        SIXFLOW_LOOK(8)
        transition select(SIXFLOW_LOW(hdr.gtpu_ext_words[1].data, 7), SIXFLOW_AHEAD_OF(8)) {
            (GTPU_EXT_TYPE(GTPU_EXT_NONE), _): GTPU_INNER(3);
            (_, 0): gtpu_malformed;
            (GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 1): gtpu_ext_3_1;
            (GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 2): gtpu_ext_4_2;
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 3): gtpu_ext_5_3;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 4): gtpu_ext_6_4;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 5): gtpu_ext_7_5;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 6): gtpu_ext_8_6;)
            (GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 1): gtpu_ext_3_1;
            (GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 2): gtpu_ext_4_2;
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 3): gtpu_ext_5_3;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 4): gtpu_ext_6_4;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 5): gtpu_ext_7_5;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 6): gtpu_ext_8_6;)
            (GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), _): gtpu_malformed;
            (GTPU_EXT_TYPE_MASKED(GTPU_EXT_COMPREHENSION_REQUIRED, GTPU_EXT_COMPREHENSION_REQUIRED), _): gtpu_unknown_extension;
            default: gtpu_malformed;
        }
    }

    state gtpu_ext_at_3 {
        SIXFLOW_LOOK(8)
        transition select(SIXFLOW_LOW(hdr.gtpu_ext_words[2].data, 7), SIXFLOW_AHEAD_OF(8)) {
            (GTPU_EXT_TYPE(GTPU_EXT_NONE), _): GTPU_INNER(4);
            (_, 0): gtpu_malformed;
            (GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 1): gtpu_ext_4_1;
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 2): gtpu_ext_5_2;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 3): gtpu_ext_6_3;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 4): gtpu_ext_7_4;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 5): gtpu_ext_8_5;)
            (GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 1): gtpu_ext_4_1;
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 2): gtpu_ext_5_2;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 3): gtpu_ext_6_3;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 4): gtpu_ext_7_4;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 5): gtpu_ext_8_5;)
            (GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), _): gtpu_malformed;
            (GTPU_EXT_TYPE_MASKED(GTPU_EXT_COMPREHENSION_REQUIRED, GTPU_EXT_COMPREHENSION_REQUIRED), _): gtpu_unknown_extension;
            default: gtpu_malformed;
        }
    }

    state gtpu_ext_at_4 {
        SIXFLOW_LOOK(8)
        transition select(SIXFLOW_LOW(hdr.gtpu_ext_words[3].data, 7), SIXFLOW_AHEAD_OF(8)) {
            (GTPU_EXT_TYPE(GTPU_EXT_NONE), _): GTPU_INNER(5);
            (_, 0): gtpu_malformed;
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 1): gtpu_ext_5_1;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 2): gtpu_ext_6_2;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 3): gtpu_ext_7_3;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 4): gtpu_ext_8_4;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 1): gtpu_ext_5_1;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 2): gtpu_ext_6_2;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 3): gtpu_ext_7_3;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 4): gtpu_ext_8_4;)
            (GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), _): gtpu_malformed;
            (GTPU_EXT_TYPE_MASKED(GTPU_EXT_COMPREHENSION_REQUIRED, GTPU_EXT_COMPREHENSION_REQUIRED), _): gtpu_unknown_extension;
            default: gtpu_malformed;
        }
    }

#if GTPU_EXT_MAX_UNITS > 4
    state gtpu_ext_at_5 {
        SIXFLOW_LOOK(8)
        transition select(SIXFLOW_LOW(hdr.gtpu_ext_words[4].data, 7), SIXFLOW_AHEAD_OF(8)) {
            (GTPU_EXT_TYPE(GTPU_EXT_NONE), _): GTPU_INNER(6);
            (_, 0): gtpu_malformed;
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 1): gtpu_ext_6_1;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 2): gtpu_ext_7_2;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 3): gtpu_ext_8_3;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 1): gtpu_ext_6_1;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 2): gtpu_ext_7_2;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 3): gtpu_ext_8_3;)
            (GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), _): gtpu_malformed;
            (GTPU_EXT_TYPE_MASKED(GTPU_EXT_COMPREHENSION_REQUIRED, GTPU_EXT_COMPREHENSION_REQUIRED), _): gtpu_unknown_extension;
            default: gtpu_malformed;
        }
    }

    state gtpu_ext_at_6 {
        SIXFLOW_LOOK(8)
        transition select(SIXFLOW_LOW(hdr.gtpu_ext_words[5].data, 7), SIXFLOW_AHEAD_OF(8)) {
            (GTPU_EXT_TYPE(GTPU_EXT_NONE), _): GTPU_INNER(7);
            (_, 0): gtpu_malformed;
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 1): gtpu_ext_7_1;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 2): gtpu_ext_8_2;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 1): gtpu_ext_7_1;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 2): gtpu_ext_8_2;)
            (GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), _): gtpu_malformed;
            (GTPU_EXT_TYPE_MASKED(GTPU_EXT_COMPREHENSION_REQUIRED, GTPU_EXT_COMPREHENSION_REQUIRED), _): gtpu_unknown_extension;
            default: gtpu_malformed;
        }
    }

    state gtpu_ext_at_7 {
        SIXFLOW_LOOK(8)
        transition select(SIXFLOW_LOW(hdr.gtpu_ext_words[6].data, 7), SIXFLOW_AHEAD_OF(8)) {
            (GTPU_EXT_TYPE(GTPU_EXT_NONE), _): GTPU_INNER(8);
            (_, 0): gtpu_malformed;
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), 1): gtpu_ext_8_1;)
            GTPU_EXT_PAST_4((GTPU_EXT_TYPE_MASKED(0, GTPU_EXT_COMPREHENSION_REQUIRED), 1): gtpu_ext_8_1;)
            (GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), _): gtpu_malformed;
            (GTPU_EXT_TYPE_MASKED(GTPU_EXT_COMPREHENSION_REQUIRED, GTPU_EXT_COMPREHENSION_REQUIRED), _): gtpu_unknown_extension;
            default: gtpu_malformed;
        }
    }

    state gtpu_ext_at_8 {
        SIXFLOW_LOOK(8)
        transition select(SIXFLOW_LOW(hdr.gtpu_ext_words[7].data, 7), SIXFLOW_AHEAD_OF(8)) {
            (GTPU_EXT_TYPE(GTPU_EXT_NONE), _): GTPU_INNER(9);
            (_, 0): gtpu_malformed;
            (GTPU_EXT_TYPE(GTPU_EXT_PDU_SESSION_CONTAINER), _): gtpu_malformed;
            (GTPU_EXT_TYPE_MASKED(GTPU_EXT_COMPREHENSION_REQUIRED, GTPU_EXT_COMPREHENSION_REQUIRED), _): gtpu_unknown_extension;
            default: gtpu_malformed;
        }
    }
#endif

    state gtpu_ext_1_1 { packet.extract(hdr.gtpu_ext_words[0]); transition gtpu_ext_at_1; }
    state gtpu_ext_2_1 { packet.extract(hdr.gtpu_ext_words[1]); transition gtpu_ext_at_2; }
    state gtpu_ext_2_2 { packet.extract(hdr.gtpu_ext_words[0]); transition gtpu_ext_2_1; }
    state gtpu_ext_3_1 { packet.extract(hdr.gtpu_ext_words[2]); transition gtpu_ext_at_3; }
    state gtpu_ext_3_2 { packet.extract(hdr.gtpu_ext_words[1]); transition gtpu_ext_3_1; }
    state gtpu_ext_3_3 { packet.extract(hdr.gtpu_ext_words[0]); transition gtpu_ext_3_2; }
    state gtpu_ext_4_1 { packet.extract(hdr.gtpu_ext_words[3]); transition gtpu_ext_at_4; }
    state gtpu_ext_4_2 { packet.extract(hdr.gtpu_ext_words[2]); transition gtpu_ext_4_1; }
    state gtpu_ext_4_3 { packet.extract(hdr.gtpu_ext_words[1]); transition gtpu_ext_4_2; }
    state gtpu_ext_4_4 { packet.extract(hdr.gtpu_ext_words[0]); transition gtpu_ext_4_3; }
#if GTPU_EXT_MAX_UNITS > 4
    state gtpu_ext_5_1 { packet.extract(hdr.gtpu_ext_words[4]); transition gtpu_ext_at_5; }
    state gtpu_ext_5_2 { packet.extract(hdr.gtpu_ext_words[3]); transition gtpu_ext_5_1; }
    state gtpu_ext_5_3 { packet.extract(hdr.gtpu_ext_words[2]); transition gtpu_ext_5_2; }
    state gtpu_ext_5_4 { packet.extract(hdr.gtpu_ext_words[1]); transition gtpu_ext_5_3; }
    state gtpu_ext_5_5 { packet.extract(hdr.gtpu_ext_words[0]); transition gtpu_ext_5_4; }
    state gtpu_ext_6_1 { packet.extract(hdr.gtpu_ext_words[5]); transition gtpu_ext_at_6; }
    state gtpu_ext_6_2 { packet.extract(hdr.gtpu_ext_words[4]); transition gtpu_ext_6_1; }
    state gtpu_ext_6_3 { packet.extract(hdr.gtpu_ext_words[3]); transition gtpu_ext_6_2; }
    state gtpu_ext_6_4 { packet.extract(hdr.gtpu_ext_words[2]); transition gtpu_ext_6_3; }
    state gtpu_ext_6_5 { packet.extract(hdr.gtpu_ext_words[1]); transition gtpu_ext_6_4; }
    state gtpu_ext_6_6 { packet.extract(hdr.gtpu_ext_words[0]); transition gtpu_ext_6_5; }
    state gtpu_ext_7_1 { packet.extract(hdr.gtpu_ext_words[6]); transition gtpu_ext_at_7; }
    state gtpu_ext_7_2 { packet.extract(hdr.gtpu_ext_words[5]); transition gtpu_ext_7_1; }
    state gtpu_ext_7_3 { packet.extract(hdr.gtpu_ext_words[4]); transition gtpu_ext_7_2; }
    state gtpu_ext_7_4 { packet.extract(hdr.gtpu_ext_words[3]); transition gtpu_ext_7_3; }
    state gtpu_ext_7_5 { packet.extract(hdr.gtpu_ext_words[2]); transition gtpu_ext_7_4; }
    state gtpu_ext_7_6 { packet.extract(hdr.gtpu_ext_words[1]); transition gtpu_ext_7_5; }
    state gtpu_ext_7_7 { packet.extract(hdr.gtpu_ext_words[0]); transition gtpu_ext_7_6; }
    state gtpu_ext_8_1 { packet.extract(hdr.gtpu_ext_words[7]); transition gtpu_ext_at_8; }
    state gtpu_ext_8_2 { packet.extract(hdr.gtpu_ext_words[6]); transition gtpu_ext_8_1; }
    state gtpu_ext_8_3 { packet.extract(hdr.gtpu_ext_words[5]); transition gtpu_ext_8_2; }
    state gtpu_ext_8_4 { packet.extract(hdr.gtpu_ext_words[4]); transition gtpu_ext_8_3; }
    state gtpu_ext_8_5 { packet.extract(hdr.gtpu_ext_words[3]); transition gtpu_ext_8_4; }
    state gtpu_ext_8_6 { packet.extract(hdr.gtpu_ext_words[2]); transition gtpu_ext_8_5; }
    state gtpu_ext_8_7 { packet.extract(hdr.gtpu_ext_words[1]); transition gtpu_ext_8_6; }
    state gtpu_ext_8_8 { packet.extract(hdr.gtpu_ext_words[0]); transition gtpu_ext_8_7; }
#endif

    state gtpu_unknown_extension {
        meta.gtpu_unknown_extension = true;
        transition accept;
    }

    // What a G-PDU carries must be IPv6 (Sixflow routes nothing else); its upper layer stays
    // the tunnel's (ip_proto 17).
#ifndef SIXFLOW_INNER_HELD_TO_OUTER
    state parse_gtpu_inner {
        packet.extract(hdr.inner_ipv6);
        transition select(hdr.inner_ipv6.version) {
            IPV6_VERSION: accept;
            default: gtpu_malformed;
        }
    }
#else
    // One way into the inner packet per number of 4-octet words in front of it (the optional
    // fields, the extension headers: GTPU_INNER), each knowing where the inner packet starts: one
    // that runs past the outer packet (which the target holds to its frame) is malformed at the
    // N3 end (SIXFLOW_INNER_RUNS_PAST, define.p4). Compared with the outer Payload Length, not
    // the GTP-U Length, so that lengths that disagree are still GTPU_BAD_LENGTH.
    GTPU_INNER_STATE(0)
    GTPU_INNER_STATE(1)
    GTPU_INNER_STATE(2)
    GTPU_INNER_STATE(3)
    GTPU_INNER_STATE(4)
    GTPU_INNER_STATE(5)
    GTPU_INNER_STATE(6)
    GTPU_INNER_STATE(7)
    GTPU_INNER_STATE(8)
    GTPU_INNER_STATE(9)
#endif

    state gtpu_malformed {
        meta.gtpu_malformed = true;
        transition accept;
    }
#endif

#ifdef SIXFLOW_NEXT_HEADER_AHEAD
    state parse_ipv6_last {
        packet.extract(hdr.ipv6);
        meta.ip_proto = hdr.ipv6.next_header;
        // Another Version matches nothing: the parser's error, as in parse_ipv6.
        transition select(hdr.ipv6.version) {
            IPV6_VERSION: accept;
            SIXFLOW_NO_MATCH
        }
    }
#else
    state ipv6_proto {
        meta.ip_proto = hdr.ipv6.next_header;
        transition accept;
    }
#endif

    // Hop-by-Hop, chosen by its first octets (Next Header, Hdr Ext Len, first option type):
    // before a Routing header it takes the place in front of it (pre_ext); otherwise it is
    // Sixflow's APN6 header or any other. Too long: not parsed.
    state parse_hbh {
        // Next Header, Hdr Ext Len, the first option's type (and its length, not matched).
        SIXFLOW_LOOK(32)
        transition select(SIXFLOW_AHEAD_OF(32)) {
            PROTO_ROUTING ++ 24w0x000000 &&& 0xfffe0000: parse_pre_ext;
            PROTO_ROUTING ++ 24w0x020000 &&& 0xffff0000: parse_pre_ext;
#ifdef WITH_APN6
            AFTER_HBH_CASES(APN6_HBH_EXT_LEN ++ APN6_OPTION_TYPE ++ 8w0, 0xffffff00, parse_apn6)
            8w0 ++ APN6_HBH_EXT_LEN ++ APN6_OPTION_TYPE ++ 8w0 &&& 0x00ffff00: parse_apn6_last;
#endif
            AFTER_HBH_CASES(24w0x000000, 0xfffe0000, parse_other_hbh)
            AFTER_HBH_CASES(24w0x020000, 0xffff0000, parse_other_hbh)
            32w0x00000000 &&& 0x00fe0000: parse_other_hbh_last;
            32w0x00020000 &&& 0x00ff0000: parse_other_hbh_last;
            default: hbh_unparsed;
        }
    }

    // Too long to walk past: the rest of the chain is payload (and APN6 adds no second HBH).
    state hbh_unparsed {
        MARK_OTHER_HBH(meta)
        meta.ip_proto = PROTO_HOPOPT;
        transition accept;
    }

#ifdef WITH_APN6
    // Sixflow's APN6 header is exactly one Application-aware ID option and a PadN (24 octets).
    state parse_apn6 {
        packet.extract(hdr.hbh);
        packet.extract(hdr.apn6);
        packet.extract(hdr.apn6_pad);
        // The type is APN6's (parse_hbh looked): the whole field, not a slice of it, which p4c
        // would copy into a metadata field (bmv2 resets it for every packet).
        transition select(hdr.apn6.type_len) {
            APN6_OPTION_TYPE ++ APN6_OPTION_LEN: after_hbh;
            default: apn6_malformed;
        }
    }

    state parse_apn6_last {
        packet.extract(hdr.hbh);
        packet.extract(hdr.apn6);
        packet.extract(hdr.apn6_pad);
        meta.ip_proto = hdr.hbh.next_header;
        transition select(hdr.apn6.type_len) {
            APN6_OPTION_TYPE ++ APN6_OPTION_LEN: accept;
            default: apn6_malformed;
        }
    }

    state apn6_malformed {
        meta.apn6_malformed = true;
        transition accept;
    }
#endif

    state parse_other_hbh {
        MARK_OTHER_HBH(meta)
        packet.extract(hdr.hbh);
        packet.extract(hdr.hbh_options);
        transition select(hdr.hbh.hdr_ext_len) {
            1: hbh_words_1;
            2: hbh_words_2;
            default: after_hbh;
        }
    }

    // The `_last` states' words end the walk: their own states, so that no path the compiler
    // sees writes ip_proto twice.
    state parse_other_hbh_last {
        MARK_OTHER_HBH(meta)
        packet.extract(hdr.hbh);
        packet.extract(hdr.hbh_options);
        meta.ip_proto = hdr.hbh.next_header;
        transition select(hdr.hbh.hdr_ext_len) {
            1: hbh_last_words_1;
            2: hbh_last_words_2;
            default: accept;
        }
    }

    EXT_WORD_STATES(hbh_last, hdr.hbh_words, accept)

    EXT_WORD_STATES(hbh, hdr.hbh_words, after_hbh)

    // A Routing header after the HBH was sent to pre_ext: not here.
    state after_hbh {
        transition select(hdr.hbh.next_header) {
            PROTO_DSTOPTS: parse_dest_opts;
            PROTO_FRAGMENT: parse_fragment;
            PROTO_TCP: parse_tcp;
            PROTO_UDP: parse_udp;
            PROTO_ICMPV6: parse_icmpv6;
            default: accept;
        }
    }

    // Destination Options right after the IPv6 header: in front of a Routing header it takes
    // pre_ext's place.
    state parse_first_dest_opts {
        // Next Header, Hdr Ext Len (and 2 octets not matched).
        SIXFLOW_LOOK(32)
        transition select(SIXFLOW_AHEAD_OF(32)) {
            PROTO_ROUTING ++ 24w0x000000 &&& 0xfffe0000: parse_pre_ext;
            PROTO_ROUTING ++ 24w0x020000 &&& 0xffff0000: parse_pre_ext;
            default: parse_dest_opts;
        }
    }

    // An HBH or Destination Options header in front of a Routing header.
    state parse_pre_ext {
        packet.extract(hdr.pre_ext);
        transition select(hdr.pre_ext.hdr_ext_len) {
            1: pre_ext_words_1;
            2: pre_ext_words_2;
            default: parse_routing;
        }
    }

    EXT_WORD_STATES(pre_ext, hdr.pre_ext_words, parse_routing)

    // Destination Options anywhere else. One before a Routing header whose place is taken
    // (behind an HBH), a second one, or one too long: the chain stops there.
    state parse_dest_opts {
        // Next Header, Hdr Ext Len (and 2 octets not matched).
        SIXFLOW_LOOK(32)
        transition select(SIXFLOW_AHEAD_OF(32)) {
            PROTO_ROUTING ++ 24w0x000000 &&& 0xff000000: dest_opts_unparsed;
            AFTER_DEST_OPTS_CASES(24w0x000000, 0xfffe0000, extract_dest_opts)
            AFTER_DEST_OPTS_CASES(24w0x020000, 0xffff0000, extract_dest_opts)
            32w0x00000000 &&& 0x00fe0000: extract_dest_opts_last;
            32w0x00020000 &&& 0x00ff0000: extract_dest_opts_last;
            default: dest_opts_unparsed;
        }
    }

    // Whichever header came before, its Next Header named Destination Options.
    state dest_opts_unparsed {
        meta.ip_proto = PROTO_DSTOPTS;
        transition accept;
    }

    state extract_dest_opts {
        packet.extract(hdr.dest_opts);
        transition select(hdr.dest_opts.hdr_ext_len) {
            1: dest_opts_words_1;
            2: dest_opts_words_2;
            default: after_dest_opts;
        }
    }

    state extract_dest_opts_last {
        packet.extract(hdr.dest_opts);
        meta.ip_proto = hdr.dest_opts.next_header;
        transition select(hdr.dest_opts.hdr_ext_len) {
            1: dest_opts_last_words_1;
            2: dest_opts_last_words_2;
            default: accept;
        }
    }

    EXT_WORD_STATES(dest_opts_last, hdr.dest_opts_words, accept)

    EXT_WORD_STATES(dest_opts, hdr.dest_opts_words, after_dest_opts)

    state after_dest_opts {
        transition select(hdr.dest_opts.next_header) {
            PROTO_FRAGMENT: parse_fragment;
            PROTO_TCP: parse_tcp;
            PROTO_UDP: parse_udp;
            PROTO_ICMPV6: parse_icmpv6;
            default: accept;
        }
    }

    // An MRH always ends the chain (ip_proto is its Next Header, 41 when it carries a packet);
    // another Routing header the walk reads (up to EXT_MAX_LEN words) may not.
    state parse_routing {
        // Next Header, Hdr Ext Len, Routing Type (and Segments Left, not matched).
        SIXFLOW_LOOK(32)
        transition select(SIXFLOW_AHEAD_OF(32)) {
#ifdef WITH_MSR6
            16w0 ++ ROUTING_TYPE_MRH ++ 8w0 &&& 0x0000ff00: extract_routing_last;
#endif
            AFTER_ROUTING_CASES(24w0x000000, 0xfffe0000, extract_routing)
            AFTER_ROUTING_CASES(24w0x020000, 0xffff0000, extract_routing)
            default: extract_routing_last;
        }
    }

    state extract_routing {
        packet.extract(hdr.routing);
        transition parse_other_routing;
    }

    state extract_routing_last {
        packet.extract(hdr.routing);
        meta.ip_proto = hdr.routing.next_header;
        transition select(hdr.routing.routing_type, hdr.routing.hdr_ext_len) {
#ifdef WITH_MSR6
            (ROUTING_TYPE_MRH, _): parse_mrh;
#endif
            (_, 0): routing_last_data;
            (_, 1): routing_last_data_1;
            (_, 2): routing_last_data_2;
            default: accept;
        }
    }

    state routing_last_data { packet.extract(hdr.routing_data); transition accept; }
    state routing_last_data_1 { packet.extract(hdr.routing_data); transition routing_last_words_1; }
    state routing_last_data_2 { packet.extract(hdr.routing_data); transition routing_last_words_2; }
    EXT_WORD_STATES(routing_last, hdr.routing_words, accept)

    // Another routing type (an SRH, say): carried as it is, up to EXT_MAX_LEN words; a longer one
    // ends the chain after its first 4 octets.
    state parse_other_routing {
        transition select(hdr.routing.hdr_ext_len) {
            0: routing_data;
            1: routing_data_1;
            2: routing_data_2;
            default: accept;
        }
    }

    state routing_data { packet.extract(hdr.routing_data); transition after_routing; }
    state routing_data_1 { packet.extract(hdr.routing_data); transition routing_words_1; }
    state routing_data_2 { packet.extract(hdr.routing_data); transition routing_words_2; }
    EXT_WORD_STATES(routing, hdr.routing_words, after_routing)

    state after_routing {
        transition select(hdr.routing.next_header) {
            PROTO_FRAGMENT: parse_fragment;
            PROTO_DSTOPTS: parse_dest_opts;
            PROTO_TCP: parse_tcp;
            PROTO_UDP: parse_udp;
            PROTO_ICMPV6: parse_icmpv6;
            default: accept;
        }
    }

#ifdef WITH_MSR6
    // Hdr Ext Len = 2 x the number of M-SIDs; a header that claims more than MAX_MSIDS, an odd
    // length or none at all is malformed (and, on its addressee, never forwarded).
    state parse_mrh {
        packet.extract(hdr.mrh);
        transition select(hdr.routing.hdr_ext_len) {
            SIXFLOW_REPEAT(MAX_MSIDS, MRH_LENGTH_CASE)
            default: msr6_malformed;
        }
    }

    // One state per count (Tofino's parser writes constants into metadata, it cannot shift),
    // entering one chain of extracts at the count's place (neither target needs a loop counter).
    SIXFLOW_REPEAT(MAX_MSIDS, MRH_COUNT_STATE)
    SIXFLOW_REPEAT(MAX_MSIDS, MRH_MSID_STATE)
    state mrh_msids_0 {
        transition select(hdr.routing.next_header) {
            PROTO_IPV6: mrh_inner_version;
            default: accept;
        }
    }

    // What an MRH says is IPv6 (Next Header 41) must be: an IPv6 header's Version is 6. Another
    // (an IPv4 packet, or M-SIDs past a Hdr Ext Len that undercounts them) is malformed at the
    // MRH's addressee, which would deliver it as IPv6; a transit node forwards it as it came.
    // Looked at only behind Next Header 41: what another MRH carries may be shorter than the
    // lookahead. 32 bits, as the Routing header's state looks: bmv2 keeps each lookahead width in
    // a metadata field it resets for every packet.
    state mrh_inner_version {
        SIXFLOW_LOOK(32)
        transition select(SIXFLOW_AHEAD_OF(32)) {
            SIXFLOW_LOW_MASKED_CASE(32, 0x60000000, 0xF0000000): parse_inner_ipv6;
            default: msr6_malformed;
        }
    }

    // The packet an MRH carries: its IPv6 header (ECN at decapsulation) and, when it is marked,
    // its APN6 option (transit SLA handling). The upper layer stays the MRH's (ip_proto 41).
    state parse_inner_ipv6 {
        packet.extract(hdr.inner_ipv6);
#ifdef WITH_APN6
        transition select(hdr.inner_ipv6.next_header) {
            PROTO_HOPOPT: inner_hbh_ahead;
            default: accept;
        }
#else
        transition accept;
#endif
    }

#ifdef WITH_APN6
    // Looked at only behind an inner HBH (8 octets at least): a lookahead in parse_inner_ipv6
    // read past inner packets of fewer than 4 octets of payload, and bmv2 dropped them.
    state inner_hbh_ahead {
        SIXFLOW_LOOK(32)
        transition select(SIXFLOW_AHEAD_LOW(32, 23)) {
            SIXFLOW_LOW_CASE(32, 0xFFFFFF, APN6_HBH_EXT_LEN ++ APN6_OPTION_TYPE ++ APN6_OPTION_LEN): parse_inner_apn6;
            default: accept;
        }
    }

    state parse_inner_apn6 {
        packet.extract(hdr.hbh);
        packet.extract(hdr.apn6);
        packet.extract(hdr.apn6_pad);
        transition accept;
    }
#endif

    state msr6_malformed {
        meta.msr6_malformed = true;
        transition accept;
    }
#endif

    // Only the first fragment carries the upper-layer header; a later one's ports are unknown.
    // Next Header, then 8 reserved bits, then the 13-bit offset.
    state parse_fragment {
        SIXFLOW_LOOK(32)
        transition select(SIXFLOW_AHEAD_OF(32)) {
            PROTO_TCP ++ 24w0 &&& 0xff00fff8: extract_fragment;
            PROTO_UDP ++ 24w0 &&& 0xff00fff8: extract_fragment;
            PROTO_ICMPV6 ++ 24w0 &&& 0xff00fff8: extract_fragment;
            default: extract_fragment_last;
        }
    }

    state extract_fragment {
        packet.extract(hdr.fragment);
        transition select(hdr.fragment.next_header) {
            PROTO_TCP: parse_tcp_of_fragment;
            PROTO_UDP: parse_udp_of_fragment;
            PROTO_ICMPV6: parse_icmpv6;
            default: accept;  // not reached: parse_fragment sent the others to extract_fragment_last
        }
    }

    state extract_fragment_last {
        packet.extract(hdr.fragment);
        meta.ip_proto = hdr.fragment.next_header;
        transition accept;
    }

    // The upper layer: ip_proto is the protocol that led here, a constant per state. Its ports
    // are also the flow's, for a hash taken ahead of use (SIXFLOW_SET_FLOW_PORTS), unless a
    // Fragment header came first: the later fragments have none (RFC 6437 3).
#define PARSE_L4_PORTS(proto) \
        packet.extract(hdr.l4_ports); \
        meta.ip_proto = proto; \
        SET_L4_SRC_PORT(meta, hdr.l4_ports.src_port) \
        meta.l4_dst_port = hdr.l4_ports.dst_port; \
        SIXFLOW_PARSE_L4_CHECKSUM(proto)

    state parse_tcp {
        PARSE_L4_PORTS(PROTO_TCP)
        SIXFLOW_SET_FLOW_PORTS(meta, hdr.l4_ports.src_port, hdr.l4_ports.dst_port)
        transition accept;
    }

    // A first fragment's TCP or UDP header: its ports for the ACL and APN6's classifier, not the
    // flow's. Never tunnelled INCREMENTAL (its upper layer does not follow the IPv6 header), so
    // no test of its UDP checksum.
    state parse_tcp_of_fragment {
        PARSE_L4_PORTS(PROTO_TCP)
        transition accept;
    }

    state parse_udp_of_fragment {
        PARSE_L4_PORTS(PROTO_UDP)
        transition accept;
    }

    // With GTP-U, a UDP packet without a checksum (zero, after its length) has none a tunnel's
    // INCREMENTAL checksum could build on: one more state for those only.
    state parse_udp {
        PARSE_L4_PORTS(PROTO_UDP)
        SIXFLOW_SET_FLOW_PORTS(meta, hdr.l4_ports.src_port, hdr.l4_ports.dst_port)
#ifdef WITH_GTPU
        SIXFLOW_LOOK(32)
        transition select(SIXFLOW_AHEAD_OF(32)) {  // Length, Checksum
            0 &&& 0x0000ffff: udp_checksum_zero;
            default: accept;
        }
#else
        transition accept;
#endif
    }
#ifdef WITH_GTPU

    state udp_checksum_zero {
        meta.l4_checksum_zero = true;
        transition accept;
    }
#endif

    state parse_icmpv6 {
        packet.extract(hdr.icmpv6);
        meta.ip_proto = PROTO_ICMPV6;
        meta.icmp_type = hdr.icmpv6.type;
        SIXFLOW_PARSE_L4_CHECKSUM(PROTO_ICMPV6)
#if defined(WITH_NPTV6) || defined(WITH_ILNP)
        // An error message (types 1 to 4) carries the invoking packet, whose addresses NPTv6
        // translates too (and ILNP its source locator, in a router's error).
        transition select(hdr.icmpv6.type) {
            ICMPV6_DEST_UNREACHABLE: parse_icmpv6_error;
            ICMPV6_PACKET_TOO_BIG: parse_icmpv6_error;
            ICMPV6_TIME_EXCEEDED: parse_icmpv6_error;
            ICMPV6_PARAMETER_PROBLEM: parse_icmpv6_error;
            default: accept;
        }
#else
        transition accept;
#endif
    }
#if defined(WITH_NPTV6) || defined(WITH_ILNP)

    state parse_icmpv6_error {
        packet.extract(hdr.icmpv6_error);
        packet.extract(hdr.icmpv6_inner_ipv6);
        transition accept;
    }
#endif

    SIXFLOW_NO_MATCH_STATE
}

// Emits headers in wire order. The outer IPv6 and MRH (or GTP-U's UDP and GTP-U headers) come
// before inner_ipv6, which is valid only on packets this switch encapsulates or a tunnel
// brought; the HBH, Destination Options and Fragment header then belong to the inner packet (an
// encapsulated packet has no Routing header, hence nothing in pre_ext). A GTP-U packet's own
// extension header (HBH or Destination Options: an APN6 option inserted into a G-PDU passing
// through, or one it came with) is in pre_ext, right after the outer IPv6 header (RFC 8200
// section 4.1), in front of its UDP header; the G-PDU's inner packet is not parsed past its IPv6
// header, so hbh is never valid on one.
control CommonDeparser(packet_out packet, in headers_t hdr) {
    apply {
        packet.emit(hdr.packet_in);
        packet.emit(hdr.report_ethernet);
        packet.emit(hdr.report);
        packet.emit(hdr.ethernet);
#ifdef WITH_BNG
        packet.emit(hdr.s_tag);
        packet.emit(hdr.c_tag);
        packet.emit(hdr.pppoe);
        packet.emit(hdr.ppp);
        packet.emit(hdr.ipv4);
#endif
#ifdef LATENCY_READOUT_PACKET
        packet.emit(hdr.readout);
#endif
        packet.emit(hdr.ipv6);
        packet.emit(hdr.pre_ext);
        packet.emit(hdr.pre_ext_words);
        packet.emit(hdr.routing);
#ifdef WITH_MSR6
        packet.emit(hdr.mrh);
        packet.emit(hdr.msids);
#endif
        packet.emit(hdr.routing_data);
        packet.emit(hdr.routing_words);
#ifdef WITH_GTPU
        packet.emit(hdr.gtpu_udp);
        packet.emit(hdr.gtpu);
        packet.emit(hdr.gtpu_options);
        packet.emit(hdr.gtpu_psc);
        packet.emit(hdr.gtpu_ext_words);
#endif
#if defined(WITH_MSR6) || defined(WITH_GTPU)
        packet.emit(hdr.inner_ipv6);
#endif
        packet.emit(hdr.hbh);
#ifdef WITH_APN6
        packet.emit(hdr.apn6);
        packet.emit(hdr.apn6_pad);
#endif
        packet.emit(hdr.hbh_options);
        packet.emit(hdr.hbh_words);
        packet.emit(hdr.dest_opts);
        packet.emit(hdr.dest_opts_words);
        packet.emit(hdr.fragment);
        packet.emit(hdr.l4_ports);
        packet.emit(hdr.icmpv6);
#if defined(WITH_NPTV6) || defined(WITH_ILNP)
        packet.emit(hdr.icmpv6_error);
        SIXFLOW_EMIT_ICMPV6_ERROR_ILNP(packet, hdr)  // or, in its place, Tofino's (define_tna.p4)
        packet.emit(hdr.icmpv6_inner_ipv6);
#endif
    }
}

#endif // SIXFLOW_PARSER_P4
