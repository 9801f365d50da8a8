// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Sixflow for Tofino (TNA): the same common controls as bmv2, mapped onto TNA's
// intrinsic metadata. Tables, actions and keys keep the bmv2 names.
#include <core.p4>
#include <tna.p4>

#include "define_tna.p4"
#include "../common/define.p4"
#include "../common/header.p4"
#include "../common/parser.p4"
#include "../common/control/packetio.p4"
#include "../common/control/routing.p4"
#include "../common/control/acl.p4"

// Egress needs nothing from ingress yet: it leaves packets as ingress deparsed them.
struct egress_headers_t { }
struct egress_metadata_t { }

parser SixflowIngressParser(packet_in packet, out headers_t hdr, out local_metadata_t meta,
                            out ingress_intrinsic_metadata_t ig_intr_md) {
    CommonParser() common_parser;

    state start {
        packet.extract(ig_intr_md);
        packet.advance(PORT_METADATA_SIZE);
        meta = {
            ingress_port = ig_intr_md.ingress_port,
            egress_port = 0,
            egress_port_set = false,
            punt_to_cpu = false,
            drop = false,
            drop_reason = DROP_NONE,
            ip_proto = 0,
            l4_src_port = 0,
            l4_dst_port = 0,
            icmp_type = 0
        };
        transition select(ig_intr_md.ingress_port) {
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

control SixflowIngress(inout headers_t hdr, inout local_metadata_t meta,
                       in ingress_intrinsic_metadata_t ig_intr_md,
                       in ingress_intrinsic_metadata_from_parser_t ig_prsr_md,
                       inout ingress_intrinsic_metadata_for_deparser_t ig_dprsr_md,
                       inout ingress_intrinsic_metadata_for_tm_t ig_tm_md) {
    // Packets dropped, by reason (index = drop_reason_t).
    Counter<bit<64>, drop_reason_t>(DROP_REASON_COUNT, CounterType_t.PACKETS) drop_counter;

    PacketOutHandler() packet_out_handler;
    PacketInHandler() packet_in_handler;
    Routing() routing;
    Acl() acl;

    apply {
        if (hdr.packet_out.isValid()) {
            packet_out_handler.apply(hdr, meta);
            ig_tm_md.ucast_egress_port = meta.egress_port;
            ig_tm_md.bypass_egress = 1;
        } else {
            if (hdr.ipv6.isValid()) {
                routing.apply(hdr, meta);
            } else {
                meta.drop = true;
                meta.drop_reason = DROP_NOT_IPV6;
            }
            acl.apply(hdr, meta);

            if (meta.punt_to_cpu) {
                packet_in_handler.apply(hdr, meta);
                ig_tm_md.ucast_egress_port = CPU_PORT;
            } else if (meta.drop) {
                drop_counter.count(meta.drop_reason);
                ig_dprsr_md.drop_ctl = 1;
            } else if (meta.egress_port_set) {
                ig_tm_md.ucast_egress_port = meta.egress_port;
            } else {
                ig_dprsr_md.drop_ctl = 1;
            }
            ig_tm_md.bypass_egress = 1;
        }
    }
}

control SixflowIngressDeparser(packet_out packet, inout headers_t hdr, in local_metadata_t meta,
                               in ingress_intrinsic_metadata_for_deparser_t ig_dprsr_md) {
    CommonDeparser() common_deparser;
    apply {
        common_deparser.apply(packet, hdr);
    }
}

parser SixflowEgressParser(packet_in packet, out egress_headers_t hdr, out egress_metadata_t meta,
                           out egress_intrinsic_metadata_t eg_intr_md) {
    state start {
        packet.extract(eg_intr_md);
        transition accept;
    }
}

control SixflowEgress(inout egress_headers_t hdr, inout egress_metadata_t meta,
                      in egress_intrinsic_metadata_t eg_intr_md,
                      in egress_intrinsic_metadata_from_parser_t eg_prsr_md,
                      inout egress_intrinsic_metadata_for_deparser_t eg_dprsr_md,
                      inout egress_intrinsic_metadata_for_output_port_t eg_oport_md) {
    apply { }
}

control SixflowEgressDeparser(packet_out packet, inout egress_headers_t hdr, in egress_metadata_t meta,
                              in egress_intrinsic_metadata_for_deparser_t eg_dprsr_md) {
    apply { }
}

Pipeline(
    SixflowIngressParser(),
    SixflowIngress(),
    SixflowIngressDeparser(),
    SixflowEgressParser(),
    SixflowEgress(),
    SixflowEgressDeparser()
) pipe;

Switch(pipe) main;
