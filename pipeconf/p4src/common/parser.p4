// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Parser states from Ethernet inwards, shared by every target. Each target's parser
// handles its intrinsic metadata and the packet_out header, then applies this one.
#ifndef SIXFLOW_PARSER_P4
#define SIXFLOW_PARSER_P4

#include "header.p4"

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
            2: count_1;
            4: count_2;
            6: count_3;
            8: count_4;
            10: count_5;
            12: count_6;
            14: count_7;
            16: count_8;
            default: msr6_malformed;
        }
    }

    // One state per count: Tofino's parser writes constants into metadata, it cannot shift.
    state count_1 { meta.msid_count = 1; transition msids_1; }
    state count_2 { meta.msid_count = 2; transition msids_2; }
    state count_3 { meta.msid_count = 3; transition msids_3; }
    state count_4 { meta.msid_count = 4; transition msids_4; }
    state count_5 { meta.msid_count = 5; transition msids_5; }
    state count_6 { meta.msid_count = 6; transition msids_6; }
    state count_7 { meta.msid_count = 7; transition msids_7; }
    state count_8 { meta.msid_count = 8; transition msids_8; }

    state msr6_malformed {
        meta.msr6_malformed = true;
        transition accept;
    }

    // Unrolled so that neither target needs a parser loop counter.
    state msids_8 { packet.extract(hdr.msids.next); transition msids_7; }
    state msids_7 { packet.extract(hdr.msids.next); transition msids_6; }
    state msids_6 { packet.extract(hdr.msids.next); transition msids_5; }
    state msids_5 { packet.extract(hdr.msids.next); transition msids_4; }
    state msids_4 { packet.extract(hdr.msids.next); transition msids_3; }
    state msids_3 { packet.extract(hdr.msids.next); transition msids_2; }
    state msids_2 { packet.extract(hdr.msids.next); transition msids_1; }
    state msids_1 { packet.extract(hdr.msids.next); transition accept; }

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
