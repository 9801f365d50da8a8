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
            default: accept;
        }
    }

    state parse_ipv6 {
        packet.extract(hdr.ipv6);
        meta.ip_proto = hdr.ipv6.next_header;
        transition select(hdr.ipv6.next_header) {
            PROTO_TCP: parse_l4_ports;
            PROTO_UDP: parse_l4_ports;
            PROTO_ICMPV6: parse_icmpv6;
            default: accept;
        }
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

// Emits what the parser extracted, plus packet_in for packets going to the controller.
control CommonDeparser(packet_out packet, in headers_t hdr) {
    apply {
        packet.emit(hdr.packet_in);
        packet.emit(hdr.ethernet);
        packet.emit(hdr.ipv6);
        packet.emit(hdr.l4_ports);
        packet.emit(hdr.icmpv6);
    }
}

#endif // SIXFLOW_PARSER_P4
