// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The minimal router plus GTP-U over IPv6 as Sixflow's N3 side does it (docs/features/gtpu.md):
// downlink, a UE prefix's packets encapsulated in an outer IPv6 header, a UDP header (port 2152)
// and an 8-octet GTP-U G-PDU header with the tunnel's TEID; uplink, a G-PDU to the N3 address
// with a known TEID decapsulated to its inner packet. The layout is written here as TS 29.281
// gives it; the router then routes what is left (the outer destination, or the inner packet's).
//
// Bare, the UDP checksum is zero (RFC 6935 and 6936 allow it for tunnels; Sixflow's ZERO mode).
// Built with GTPU_FULL_CHECKSUM (gtpu-full.p4) the encapsulation computes the UDP checksum over
// the whole datagram (Sixflow's FULL mode), the only duty a checksum mode adds; a zero result is
// sent as 0xFFFF (RFC 8200 section 8.1).
//
// Built with GTPU_RFC_DUTIES (gtpu-rfc.p4, gtpu-full-rfc.p4, gtpu-decap-rfc.p4) it also does what
// the RFCs and TS 29.281 ask of a tunnel's ends that the bare program leaves out, each the
// plainest way P4 has, as mrh.p4's duties: at the entry, the outer hop limit its own (RFC 2473
// section 6.3), the inner hop limit tested and decremented (section 3.1), the grown packet held
// to the link's MTU (section 7.1; one constant MTU), the outer flow label a hash of the inner
// flow's 5-tuple and flow label (RFC 6438) and the UDP source port 49152 + 14 bits of it (the
// flow's entropy, as RFC 8086 has it for GRE-in-UDP); at the exit, the UDP and GTP-U lengths
// held to the packet's (TS 29.281 section 5.1), the inner source one of the tunnel's UE
// prefixes (a UE may not send as another) and RFC 6040's ECN: CE carries over to the inner
// packet, which is dropped if it is Not-ECT.
#include "common.p4"

const bit<8> PROTO_UDP = 17;
const bit<16> GTPU_UDP_PORT = 2152;
const bit<8> GTPU_MSG_GPDU = 255;
const bit<16> IPV6_HEADER_BYTES = 40;
const bit<16> UDP_HEADER_BYTES = 8;
const bit<16> GTPU_HEADER_BYTES = 8;
// Version 1, PT 1, no E, S or PN flag: the only G-PDU header the uplink takes.
const bit<8> GTPU_FLAGS_PLAIN = 0x30;
#ifdef GTPU_RFC_DUTIES
const bit<8> PROTO_TCP = 6;
const bit<8> OUTER_HOP_LIMIT = 64;
const bit<16> LINK_MTU = 1500;
const bit<2> ECN_NOT_ECT = 0;
const bit<2> ECN_CE = 3;
const bit<2> GTPU_SRC_PORT_PREFIX = 0b11;

header l4_ports_t {
    bit<16> src_port;
    bit<16> dst_port;
}
#define GTPU_L4_HEADER l4_ports_t l4;
// The parsed ports are headers in front of the payload the checksum adds.
#define GTPU_L4_FIELD , hdr.l4
#else
#define GTPU_L4_HEADER
#define GTPU_L4_FIELD
#endif

header udp_t {
    bit<16> src_port;
    bit<16> dst_port;
    bit<16> len;
    bit<16> checksum;
}

header gtpu_t {
    bit<3>  version;
    bit<1>  pt;
    bit<1>  spare;
    bit<1>  ex_flag;
    bit<1>  seq_flag;
    bit<1>  npdu_flag;
    bit<8>  msg_type;
    bit<16> msg_len;
    bit<32> teid;
}

struct headers_t {
    ethernet_t ethernet;
    ipv6_t     ipv6;
    udp_t      gtpu_udp;
    gtpu_t     gtpu;
    ipv6_t     inner_ipv6;
    GTPU_L4_HEADER
    SIXFLOW_PAD_HEADERS
}

parser GtpuParser(packet_in packet, out headers_t hdr, inout empty_metadata_t meta,
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
        // UDP to port 2152: the destination port is the UDP header's octets 2-3.
        transition select(hdr.ipv6.next_header, packet.lookahead<bit<32>>()[15:0]) {
            (PROTO_UDP, GTPU_UDP_PORT): parse_gtpu;
#ifdef GTPU_RFC_DUTIES
            (PROTO_UDP, _): parse_l4;
            (PROTO_TCP, _): parse_l4;
#endif
            default: accept;
        }
    }
#ifdef GTPU_RFC_DUTIES
    // The ports the flow label hashes, of a packet to encapsulate.
    state parse_l4 {
        packet.extract(hdr.l4);
        transition accept;
    }
#endif
    state parse_gtpu {
        packet.extract(hdr.gtpu_udp);
        transition select(packet.lookahead<bit<16>>()) {
            GTPU_FLAGS_PLAIN ++ GTPU_MSG_GPDU: parse_gpdu;
            default: accept;
        }
    }
    state parse_gpdu {
        packet.extract(hdr.gtpu);
        packet.extract(hdr.inner_ipv6);
        transition accept;
    }
}

// Downlink: UE prefix -> the tunnel's N3 and peer addresses and TEID.
control GtpuEncap(inout headers_t hdr) {
    action encap(bit<128> n3_addr, bit<128> peer_addr, bit<32> teid) {
        hdr.inner_ipv6 = hdr.ipv6;
        hdr.ipv6.src_addr = n3_addr;
        hdr.ipv6.dst_addr = peer_addr;
        hdr.ipv6.next_header = PROTO_UDP;
        hdr.ipv6.payload_len = hdr.ipv6.payload_len + (IPV6_HEADER_BYTES + UDP_HEADER_BYTES + GTPU_HEADER_BYTES);
        hdr.gtpu_udp.setValid();
        hdr.gtpu_udp.src_port = GTPU_UDP_PORT;
        hdr.gtpu_udp.dst_port = GTPU_UDP_PORT;
        hdr.gtpu_udp.len = hdr.inner_ipv6.payload_len + (IPV6_HEADER_BYTES + UDP_HEADER_BYTES + GTPU_HEADER_BYTES);
        hdr.gtpu_udp.checksum = 0;
        hdr.gtpu.setValid();
        hdr.gtpu.version = 1;
        hdr.gtpu.pt = 1;
        hdr.gtpu.msg_type = GTPU_MSG_GPDU;
        hdr.gtpu.msg_len = hdr.inner_ipv6.payload_len + IPV6_HEADER_BYTES;
        hdr.gtpu.teid = teid;
#ifdef GTPU_RFC_DUTIES
        hdr.ipv6.hop_limit = OUTER_HOP_LIMIT;
        hash(hdr.ipv6.flow_label, HashAlgorithm.crc32, (bit<20>) 0,
             { hdr.inner_ipv6.src_addr, hdr.inner_ipv6.dst_addr, hdr.inner_ipv6.flow_label,
               hdr.inner_ipv6.next_header, hdr.l4.src_port, hdr.l4.dst_port }, 32w0x100000);
        hdr.gtpu_udp.src_port = GTPU_SRC_PORT_PREFIX ++ hdr.ipv6.flow_label[13:0];
#endif
    }

    table gtpu_encap {
        key = {
            hdr.ipv6.dst_addr: lpm @name("ipv6_dst");
        }
        actions = {
            encap;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = 1024;
    }

    apply {
#ifdef GTPU_RFC_DUTIES
        if (gtpu_encap.apply().hit) {
            if (hdr.inner_ipv6.hop_limit <= 1) {
                MINIMAL_DROP(hdr)
            } else {
                hdr.inner_ipv6.hop_limit = hdr.inner_ipv6.hop_limit - 1;
            }
            if (hdr.ipv6.payload_len > LINK_MTU - IPV6_HEADER_BYTES) {
                MINIMAL_DROP(hdr)
            }
        }
#else
        gtpu_encap.apply();
#endif
    }
}

// Uplink: (N3 address, TEID) -> the inner packet, routed on its own destination.
control GtpuDecapLookup(inout headers_t hdr) {
    action decap() {
        hdr.ipv6 = hdr.inner_ipv6;
        hdr.inner_ipv6.setInvalid();
        hdr.gtpu_udp.setInvalid();
        hdr.gtpu.setInvalid();
    }

    table gtpu_decap {
        key = {
            hdr.ipv6.dst_addr: exact @name("n3_addr");
            hdr.gtpu.teid: exact @name("teid");
        }
        actions = {
            decap;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = 1024;
    }

#ifdef GTPU_RFC_DUTIES
    action allow_source() {
    }

    // The tunnel's UE prefixes (by its TEID): the sources its inner packets may have.
    table gtpu_ue_source {
        key = {
            hdr.gtpu.teid: exact @name("teid");
            hdr.inner_ipv6.src_addr: lpm @name("ue_src");
        }
        actions = {
            allow_source;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = 1024;
    }

    apply {
        if (hdr.gtpu_udp.len != hdr.ipv6.payload_len
                || hdr.gtpu.msg_len != hdr.gtpu_udp.len - (UDP_HEADER_BYTES + GTPU_HEADER_BYTES)) {
            MINIMAL_DROP(hdr)
        } else if (!gtpu_ue_source.apply().hit) {
            MINIMAL_DROP(hdr)
        } else if (hdr.ipv6.traffic_class[1:0] == ECN_CE && hdr.inner_ipv6.traffic_class[1:0] == ECN_NOT_ECT) {
            MINIMAL_DROP(hdr)
        } else {
            if (hdr.ipv6.traffic_class[1:0] == ECN_CE) {
                hdr.inner_ipv6.traffic_class[1:0] = ECN_CE;
            }
            gtpu_decap.apply();
        }
    }
#else
    apply {
        gtpu_decap.apply();
    }
#endif
}

control SixflowIngress(inout headers_t hdr, inout empty_metadata_t meta, inout standard_metadata_t std_meta) {
    GtpuEncap() gtpu_encap;
    GtpuDecapLookup() gtpu_decap_lookup;
    Routing() routing;
    apply {
        if (hdr.gtpu.isValid()) {
            gtpu_decap_lookup.apply(hdr);
        } else if (hdr.ipv6.isValid()) {
            gtpu_encap.apply(hdr);
        }
        routing.apply(hdr.ethernet, hdr.ipv6, std_meta);
    }
}

control SixflowEgress(inout headers_t hdr, inout empty_metadata_t meta, inout standard_metadata_t std_meta) {
    Stamp() stamp;
    apply {
        stamp.apply(hdr.ipv6, std_meta);
    }
}

control GtpuDeparser(packet_out packet, in headers_t hdr) {
    apply {
        packet.emit(hdr.ethernet);
        packet.emit(hdr.ipv6);
        packet.emit(hdr.gtpu_udp);
        packet.emit(hdr.gtpu);
        packet.emit(hdr.inner_ipv6);
#ifdef GTPU_RFC_DUTIES
        packet.emit(hdr.l4);
#endif
    }
}

#ifdef GTPU_FULL_CHECKSUM
// The UDP checksum over the IPv6 pseudo-header and the whole datagram (its payload after the
// last header: the inner packet's upper layer), on every packet that leaves with a GTP-U UDP
// header: the ones this switch encapsulated (a G-PDU only passing through would get its own
// recomputed; the benchmark sends none).
control GtpuComputeChecksum(inout headers_t hdr, inout empty_metadata_t meta) {
    apply {
        update_checksum_with_payload(hdr.gtpu_udp.isValid(),
            { hdr.ipv6.src_addr, hdr.ipv6.dst_addr, 16w0, hdr.gtpu_udp.len, 24w0, PROTO_UDP,
              hdr.gtpu_udp.src_port, hdr.gtpu_udp.dst_port, hdr.gtpu_udp.len, hdr.gtpu, hdr.inner_ipv6 GTPU_L4_FIELD },
            hdr.gtpu_udp.checksum, HashAlgorithm.csum16);
        update_checksum(hdr.gtpu_udp.isValid() && hdr.gtpu_udp.checksum == 0,
            { 16w0 }, hdr.gtpu_udp.checksum, HashAlgorithm.csum16);
    }
}
#define GTPU_CHECKSUM GtpuComputeChecksum
#else
#define GTPU_CHECKSUM NoChecksum
#endif

MINIMAL_NO_CHECKSUM(NoChecksum)

V1Switch(GtpuParser(), NoChecksum(), SixflowIngress(), SixflowEgress(), GTPU_CHECKSUM(), GtpuDeparser()) main;
