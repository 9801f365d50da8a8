// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The minimal router plus an MSR6 TE encapsulation as Sixflow's ingress edge makes it
// (docs/features/msr6.md): the packet becomes the inner one behind a new outer IPv6 header and a
// Multicast Routing Header (Routing Type 253, MRH Type 1) with 3 M-SIDs; the outer destination
// is the first M-SID, which the router then routes. The layout is written here as the
// specification gives it.
//
// Built with MRH_RFC_DUTIES (mrh-rfc.p4), it also does what the RFCs ask of a tunnel entry point
// that the bare encapsulation leaves out, each the plainest way P4 has: the outer hop limit its
// own (RFC 2473 section 6.3), the inner packet's hop limit tested and decremented as it is
// forwarded into the tunnel (section 3.1), the grown packet held to the link's MTU (section 7.1;
// one constant MTU, no per-port one), and the outer flow label a hash of the inner flow's
// 5-tuple and flow label (RFC 6438), for which it reads the UDP ports.
#include "mrh_common.p4"

// The outer IPv6 header, the MRH's first 8 octets and the M-SIDs.
const bit<16> ENCAP_BYTES = 40 + 8 + 16 * MSIDS;
#ifdef MRH_RFC_DUTIES
const bit<8> PROTO_UDP = 17;
const bit<8> OUTER_HOP_LIMIT = 64;
const bit<16> LINK_MTU = 1500;
#endif

#ifdef MRH_RFC_DUTIES
header l4_ports_t {
    bit<16> src_port;
    bit<16> dst_port;
}
#define MRH_L4_HEADER l4_ports_t l4;
#else
#define MRH_L4_HEADER
#endif

struct headers_t {
    ethernet_t   ethernet;
    ipv6_t       ipv6;
    routing_t    routing;
    mrh_t        mrh;
    msid_t[MSIDS] msids;
    ipv6_t       inner_ipv6;
    MRH_L4_HEADER
    SIXFLOW_PAD_HEADERS
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
#ifdef MRH_RFC_DUTIES
        transition select(hdr.ipv6.next_header) {
            PROTO_UDP: parse_l4;
            default: accept;
        }
    }
    state parse_l4 {
        packet.extract(hdr.l4);
#endif
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
#ifdef MRH_RFC_DUTIES
        hdr.ipv6.hop_limit = OUTER_HOP_LIMIT;
        hash(hdr.ipv6.flow_label, HashAlgorithm.crc32, (bit<20>) 0,
             { hdr.inner_ipv6.src_addr, hdr.inner_ipv6.dst_addr, hdr.inner_ipv6.flow_label,
               hdr.inner_ipv6.next_header, hdr.l4.src_port, hdr.l4.dst_port }, 32w0x100000);
#endif
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
#ifdef MRH_RFC_DUTIES
            if (msr6_encap.apply().hit) {
                if (hdr.inner_ipv6.hop_limit <= 1) {
                    MINIMAL_DROP(hdr)
                } else {
                    hdr.inner_ipv6.hop_limit = hdr.inner_ipv6.hop_limit - 1;
                }
                if (hdr.ipv6.payload_len > LINK_MTU - 40) {
                    MINIMAL_DROP(hdr)
                }
            }
#else
            msr6_encap.apply();
#endif
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
#ifdef MRH_RFC_DUTIES
        packet.emit(hdr.l4);
#endif
    }
}

MINIMAL_NO_CHECKSUM(NoChecksum)

V1Switch(MrhParser(), NoChecksum(), SixflowIngress(), SixflowEgress(), NoChecksum(), MrhDeparser()) main;
