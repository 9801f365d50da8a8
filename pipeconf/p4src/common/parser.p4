// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Parser states from Ethernet inwards, shared by every target. Each target's parser
// handles its intrinsic metadata and the packet_out header, then applies this one.
#ifndef SIXFLOW_PARSER_P4
#define SIXFLOW_PARSER_P4

#include "header.p4"
#include "repeat.p4"

// The MRH's M-SIDs: count n has Hdr Ext Len 2n, and its chain of extracts starts at n.
#define MRH_LENGTH_CASE(i, n) (2 * n): mrh_count_##n;
#define MRH_COUNT_STATE(i, n) state mrh_count_##n { meta.msid_count = n; transition mrh_msids_##n; }
#define MRH_MSID_STATE(i, n) state mrh_msids_##n { packet.extract(hdr.msids.next); transition mrh_msids_##i; }

parser CommonParser(packet_in packet, inout headers_t hdr, inout local_metadata_t meta) {
    state start {
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.ether_type) {
            ETHERTYPE_IPV6: parse_ipv6;
#ifdef LATENCY_READOUT_PACKET
            ETHERTYPE_SIXFLOW_READOUT: parse_readout;
#endif
            default: accept;
        }
    }

#ifdef LATENCY_READOUT_PACKET
    state parse_readout {
        packet.extract(hdr.readout);
        transition accept;
    }
#endif

    state parse_ipv6 {
        packet.extract(hdr.ipv6);
        meta.ip_proto = hdr.ipv6.next_header;
        transition select(hdr.ipv6.next_header) {
            PROTO_HOPOPT: parse_hbh;
            PROTO_ROUTING: parse_routing;
            PROTO_TCP: parse_l4_ports;
            PROTO_UDP: parse_l4_ports;
            PROTO_ICMPV6: parse_icmpv6;
            default: accept;
        }
    }

    // Sixflow's APN6 header is exactly one Application-aware ID option and a PadN (24 octets);
    // any other HBH is left unparsed and forwarded unchanged.
    state parse_hbh {
        packet.extract(hdr.hbh);
        meta.ip_proto = hdr.hbh.next_header;
        transition select(hdr.hbh.hdr_ext_len, packet.lookahead<bit<8>>()) {
            (APN6_HBH_EXT_LEN, APN6_OPTION_TYPE): parse_apn6;
            default: other_hbh;
        }
    }

    state other_hbh {
        meta.other_hbh = true;
        transition accept;
    }

    state parse_apn6 {
        packet.extract(hdr.apn6);
        packet.extract(hdr.apn6_pad);
        transition select(hdr.apn6.opt_len, hdr.hbh.next_header) {
            (APN6_OPTION_LEN, PROTO_TCP): parse_l4_ports;
            (APN6_OPTION_LEN, PROTO_UDP): parse_l4_ports;
            (APN6_OPTION_LEN, PROTO_ICMPV6): parse_icmpv6;
            (APN6_OPTION_LEN, _): accept;
            default: apn6_malformed;
        }
    }

    state apn6_malformed {
        meta.apn6_malformed = true;
        transition accept;
    }

    state parse_routing {
        packet.extract(hdr.routing);
        transition select(hdr.routing.routing_type) {
            ROUTING_TYPE_MRH: parse_mrh;
            default: accept;
        }
    }

    // Hdr Ext Len = 2 x the number of M-SIDs; a header that claims more than MAX_MSIDS, an odd
    // length or none at all is malformed and never forwarded.
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
    state mrh_msids_0 { transition accept; }

    state msr6_malformed {
        meta.msr6_malformed = true;
        transition accept;
    }

    state parse_l4_ports {
        packet.extract(hdr.l4_ports);
        meta.l4_src_port = hdr.l4_ports.src_port;
        meta.l4_dst_port = hdr.l4_ports.dst_port;
        transition accept;
    }

    state parse_icmpv6 {
        packet.extract(hdr.icmpv6);
        meta.icmp_type = hdr.icmpv6.type;
        transition accept;
    }
}

// Emits headers in wire order. The outer IPv6 and MRH come before inner_ipv6, which is valid
// only on packets this switch encapsulates; the HBH then belongs to the inner packet.
control CommonDeparser(packet_out packet, in headers_t hdr) {
    apply {
        packet.emit(hdr.packet_in);
        packet.emit(hdr.report_ethernet);
        packet.emit(hdr.report);
        packet.emit(hdr.ethernet);
#ifdef LATENCY_READOUT_PACKET
        packet.emit(hdr.readout);
#endif
        packet.emit(hdr.ipv6);
        packet.emit(hdr.routing);
        packet.emit(hdr.mrh);
        packet.emit(hdr.msids);
        packet.emit(hdr.inner_ipv6);
        packet.emit(hdr.hbh);
        packet.emit(hdr.apn6);
        packet.emit(hdr.apn6_pad);
        packet.emit(hdr.l4_ports);
        packet.emit(hdr.icmpv6);
    }
}

#endif // SIXFLOW_PARSER_P4
