// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Sixflow for bmv2 (v1model): includes the common controls and maps their decisions
// onto standard_metadata. Only what differs from Tofino lives here.
#include <core.p4>
#include <v1model.p4>

#include "define_v1model.p4"
#include "../common/define.p4"
#include "../common/header.p4"
#include "../common/parser.p4"
#include "../common/control/packetio.p4"
#include "../common/control/routing.p4"
#include "../common/control/acl.p4"

parser SixflowParser(packet_in packet, out headers_t hdr, inout local_metadata_t meta,
                     inout standard_metadata_t std_meta) {
    CommonParser() common_parser;

    state start {
        meta.ingress_port = std_meta.ingress_port;
        transition select(std_meta.ingress_port) {
            CPU_PORT: parse_packet_out;
            default: parse_common;
        }
    }

    state parse_packet_out {
        packet.extract(hdr.packet_out);
        transition parse_common;
    }

    state parse_common {
        common_parser.apply(packet, hdr, meta);
        transition accept;
    }
}

control SixflowVerifyChecksum(inout headers_t hdr, inout local_metadata_t meta) {
    // IPv6 has no header checksum; L4 checksums are end to end.
    apply { }
}

control SixflowIngress(inout headers_t hdr, inout local_metadata_t meta,
                       inout standard_metadata_t std_meta) {
    // Packets dropped, by reason (index = drop_reason_t).
    counter(DROP_REASON_COUNT, CounterType.packets) drop_counter;

    PacketOutHandler() packet_out_handler;
    PacketInHandler() packet_in_handler;
    Routing() routing;
    Acl() acl;

    apply {
        if (hdr.packet_out.isValid()) {
            packet_out_handler.apply(hdr, meta);
            std_meta.egress_spec = meta.egress_port;
            exit;
        }
        if (hdr.ipv6.isValid()) {
            routing.apply(hdr, meta);
        } else {
            meta.drop = true;
            meta.drop_reason = DROP_NOT_IPV6;
        }
        acl.apply(hdr, meta);

        if (meta.punt_to_cpu) {
            packet_in_handler.apply(hdr, meta);
            std_meta.egress_spec = CPU_PORT;
        } else if (meta.drop) {
            drop_counter.count((bit<32>) meta.drop_reason);
            mark_to_drop(std_meta);
        } else if (meta.egress_port_set) {
            std_meta.egress_spec = meta.egress_port;
        } else {
            mark_to_drop(std_meta);
        }
    }
}

control SixflowEgress(inout headers_t hdr, inout local_metadata_t meta,
                      inout standard_metadata_t std_meta) {
    apply { }
}

control SixflowComputeChecksum(inout headers_t hdr, inout local_metadata_t meta) {
    apply { }
}

control SixflowDeparser(packet_out packet, in headers_t hdr) {
    CommonDeparser() common_deparser;
    apply {
        common_deparser.apply(packet, hdr);
    }
}

V1Switch(
    SixflowParser(),
    SixflowVerifyChecksum(),
    SixflowIngress(),
    SixflowEgress(),
    SixflowComputeChecksum(),
    SixflowDeparser()
) main;
