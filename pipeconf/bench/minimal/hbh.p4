// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The minimal router plus the insertion of Sixflow's 24-octet APN6 Hop-by-Hop header
// (docs/features/apn6.md): a classifier on the UDP destination port, as Sixflow's policies match ports,
// picks the option's four fields. The layout is written here as the specification gives it.
#include "common.p4"

const bit<8> PROTO_HOPOPT = 0;
const bit<8> PROTO_UDP = 17;
const bit<8> APN6_OPTION_TYPE = 0x1e;
const bit<8> APN6_OPTION_LEN = 16;
const bit<8> APN6_HBH_EXT_LEN = 2;
const bit<16> APN6_HBH_BYTES = 24;
const bit<8> PADN_TYPE = 0x01;
const bit<8> PADN_LEN = 2;

header hbh_t {
    bit<8> next_header;
    bit<8> hdr_ext_len;
}

header apn6_option_t {
    bit<8>  opt_type;
    bit<8>  opt_len;
    bit<32> sla_level;
    bit<32> app_id;
    bit<32> user_id;
    bit<32> flow_id;
}

header padn_t {
    bit<8>  opt_type;
    bit<8>  opt_len;
    bit<16> zero;
}

header l4_ports_t {
    bit<16> src_port;
    bit<16> dst_port;
}

struct headers_t {
    ethernet_t    ethernet;
    ipv6_t        ipv6;
    hbh_t         hbh;
    apn6_option_t apn6;
    padn_t        pad;
    l4_ports_t    l4;
    SIXFLOW_PAD_HEADERS
}

parser HbhParser(packet_in packet, out headers_t hdr, inout empty_metadata_t meta,
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
        transition select(hdr.ipv6.next_header) {
            PROTO_UDP: parse_l4;
            default: accept;
        }
    }
    state parse_l4 {
        packet.extract(hdr.l4);
        transition accept;
    }
}

// Policy (UDP destination port range) -> the option's fields; inserted behind the IPv6 header.
control Apn6Insert(inout headers_t hdr) {
    action insert_apn6(bit<32> sla_level, bit<32> app_id, bit<32> user_id, bit<32> flow_id) {
        hdr.hbh.setValid();
        hdr.hbh.next_header = hdr.ipv6.next_header;
        hdr.hbh.hdr_ext_len = APN6_HBH_EXT_LEN;
        hdr.apn6.setValid();
        hdr.apn6.opt_type = APN6_OPTION_TYPE;
        hdr.apn6.opt_len = APN6_OPTION_LEN;
        hdr.apn6.sla_level = sla_level;
        hdr.apn6.app_id = app_id;
        hdr.apn6.user_id = user_id;
        hdr.apn6.flow_id = flow_id;
        hdr.pad.setValid();
        hdr.pad.opt_type = PADN_TYPE;
        hdr.pad.opt_len = PADN_LEN;
        hdr.pad.zero = 0;
        hdr.ipv6.next_header = PROTO_HOPOPT;
        hdr.ipv6.payload_len = hdr.ipv6.payload_len + APN6_HBH_BYTES;
    }

    table apn6_classifier {
        key = {
            hdr.l4.dst_port: range @name("l4_dport");
        }
        actions = {
            insert_apn6;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = 4096;
    }

    apply {
        if (hdr.l4.isValid()) {
            apn6_classifier.apply();
        }
    }
}

control SixflowIngress(inout headers_t hdr, inout empty_metadata_t meta, inout standard_metadata_t std_meta) {
    Apn6Insert() apn6_ingress;
    Routing() routing;
    apply {
        apn6_ingress.apply(hdr);
        routing.apply(hdr.ethernet, hdr.ipv6, std_meta);
    }
}

control SixflowEgress(inout headers_t hdr, inout empty_metadata_t meta, inout standard_metadata_t std_meta) {
    Stamp() stamp;
    apply {
        stamp.apply(hdr.ipv6, std_meta);
    }
}

control HbhDeparser(packet_out packet, in headers_t hdr) {
    apply {
        packet.emit(hdr.ethernet);
        packet.emit(hdr.ipv6);
        packet.emit(hdr.hbh);
        packet.emit(hdr.apn6);
        packet.emit(hdr.pad);
        packet.emit(hdr.l4);
    }
}

MINIMAL_NO_CHECKSUM(NoChecksum)

V1Switch(HbhParser(), NoChecksum(), SixflowIngress(), SixflowEgress(), NoChecksum(), HbhDeparser()) main;
