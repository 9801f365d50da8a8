// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The minimal router plus an MSR6 TE encapsulation as Sixflow's ingress edge makes it
// (docs/features/msr6.md): the packet becomes the inner one behind a new outer IPv6 header and a
// Multicast Routing Header (Routing Type 253, MRH Type 1) with 3 M-SIDs; the outer destination
// is the first M-SID, which the router then routes. The layout is written here as the
// specification gives it.
#include "common.p4"

const bit<8> PROTO_IPV6 = 41;
const bit<8> PROTO_ROUTING = 43;
const bit<8> ROUTING_TYPE_MRH = 253;
const bit<8> MRH_TYPE_TE = 1;
#define MSIDS 3
// Hdr Ext Len = 2 * M-SIDs; the outer IPv6 header, the MRH's first 8 octets and the M-SIDs.
const bit<8> MRH_HDR_EXT_LEN = 2 * MSIDS;
const bit<16> ENCAP_BYTES = 40 + 8 + 16 * MSIDS;

header routing_t {
    bit<8> next_header;
    bit<8> hdr_ext_len;
    bit<8> routing_type;
    bit<8> segments_left;
}

header mrh_t {
    bit<8>  mrh_type;
    bit<24> reserved;
}

header msid_t {
    bit<128> sid;
}

struct headers_t {
    ethernet_t   ethernet;
    ipv6_t       ipv6;
    routing_t    routing;
    mrh_t        mrh;
    msid_t[MSIDS] msids;
    ipv6_t       inner_ipv6;
}

parser MrhParser(packet_in packet, out headers_t hdr, inout empty_metadata_t meta,
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

// Destination (a group address) -> the tree's source and M-SIDs: the packet is encapsulated.
control MrhEncap(inout headers_t hdr) {
    action encap(bit<128> src, bit<128> sid0, bit<128> sid1, bit<128> sid2) {
        hdr.inner_ipv6 = hdr.ipv6;
        hdr.ipv6.src_addr = src;
        hdr.ipv6.dst_addr = sid0;
        hdr.ipv6.next_header = PROTO_ROUTING;
        hdr.ipv6.payload_len = hdr.ipv6.payload_len + ENCAP_BYTES;
        hdr.routing.setValid();
        hdr.routing.next_header = PROTO_IPV6;
        hdr.routing.hdr_ext_len = MRH_HDR_EXT_LEN;
        hdr.routing.routing_type = ROUTING_TYPE_MRH;
        hdr.routing.segments_left = 0;
        hdr.mrh.setValid();
        hdr.mrh.mrh_type = MRH_TYPE_TE;
        hdr.mrh.reserved = 0;
        hdr.msids[0].setValid();
        hdr.msids[0].sid = sid0;
        hdr.msids[1].setValid();
        hdr.msids[1].sid = sid1;
        hdr.msids[2].setValid();
        hdr.msids[2].sid = sid2;
    }

    table msr6_encap {
        key = {
            hdr.ipv6.dst_addr: exact @name("ipv6_dst");
        }
        actions = {
            encap;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = 1024;
    }

    apply {
        if (hdr.ipv6.isValid()) {
            msr6_encap.apply();
        }
    }
}

control SixflowIngress(inout headers_t hdr, inout empty_metadata_t meta, inout standard_metadata_t std_meta) {
    MrhEncap() msr6_ingress;
    Routing() routing;
    apply {
        msr6_ingress.apply(hdr);
        routing.apply(hdr.ethernet, hdr.ipv6, std_meta);
    }
}

control SixflowEgress(inout headers_t hdr, inout empty_metadata_t meta, inout standard_metadata_t std_meta) {
    Stamp() stamp;
    apply {
        stamp.apply(hdr.ipv6, std_meta);
    }
}

control MrhDeparser(packet_out packet, in headers_t hdr) {
    apply {
        packet.emit(hdr.ethernet);
        packet.emit(hdr.ipv6);
        packet.emit(hdr.routing);
        packet.emit(hdr.mrh);
        packet.emit(hdr.msids);
        packet.emit(hdr.inner_ipv6);
    }
}

MINIMAL_NO_CHECKSUM(NoChecksum)

V1Switch(MrhParser(), NoChecksum(), SixflowIngress(), SixflowEgress(), NoChecksum(), MrhDeparser()) main;
