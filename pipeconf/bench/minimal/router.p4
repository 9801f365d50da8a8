// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The minimal IPv6 router, the benchmark's baseline: common.p4's router and nothing else.
#include "common.p4"

struct headers_t {
    ethernet_t ethernet;
    ipv6_t     ipv6;
    SIXFLOW_PAD_HEADERS
}

parser RouterParser(packet_in packet, out headers_t hdr, inout empty_metadata_t meta,
                    inout standard_metadata_t std_meta) {
    state start {
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.ether_type) {
            ETHERTYPE_IPV6: parse_ipv6;
            default: accept;
        }
    }
    state parse_ipv6 {
        packet.extract(hdr.ipv6);
        transition accept;
    }
}

control SixflowIngress(inout headers_t hdr, inout empty_metadata_t meta, inout standard_metadata_t std_meta) {
    Routing() routing;
    apply {
        routing.apply(hdr.ethernet, hdr.ipv6, std_meta);
    }
}

control SixflowEgress(inout headers_t hdr, inout empty_metadata_t meta, inout standard_metadata_t std_meta) {
    Stamp() stamp;
    apply {
        stamp.apply(hdr.ipv6, std_meta);
    }
}

control RouterDeparser(packet_out packet, in headers_t hdr) {
    apply {
        packet.emit(hdr.ethernet);
        packet.emit(hdr.ipv6);
    }
}

MINIMAL_NO_CHECKSUM(NoChecksum)

V1Switch(RouterParser(), NoChecksum(), SixflowIngress(), SixflowEgress(), NoChecksum(), RouterDeparser()) main;
