// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Sixflow for Tofino (TNA): the same common controls as bmv2, mapped onto TNA's
// intrinsic metadata. Tables, actions and keys keep the bmv2 names.
// Not yet here (see the pipeconf README): the egress half of MSR6 replication, which needs the
// pointer and M-SID count bridged to egress, and the latency registers and telemetry mirror.
#include <core.p4>
#include <tna.p4>

#include "define_tna.p4"
#include "../common/define.p4"
#include "../common/header.p4"
#include "../common/parser.p4"
#include "../common/control/packetio.p4"
#include "../common/control/routing.p4"
#include "../common/control/acl.p4"
#include "../common/control/apn6.p4"
#include "../common/control/msr6.p4"

// Zero user metadata in the parser, as v1model does, instead of listing every field here.
@pa_auto_init_metadata

// Egress needs nothing from ingress yet: it leaves packets as ingress deparsed them.
struct egress_headers_t { }
struct egress_metadata_t { }

parser SixflowIngressParser(packet_in packet, out headers_t hdr, out local_metadata_t meta,
                            out ingress_intrinsic_metadata_t ig_intr_md) {
    CommonParser() common_parser;

    state start {
        packet.extract(ig_intr_md);
        packet.advance(PORT_METADATA_SIZE);
        meta.ingress_port = ig_intr_md.ingress_port;
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
    // Counted events that do not drop (index = event_t).
    Counter<bit<64>, event_t>(EVENT_COUNT, CounterType_t.PACKETS) event_counter;

    PacketOutHandler() packet_out_handler;
    PacketInHandler() packet_in_handler;
    Apn6Ingress() apn6_ingress;
    Msr6Ingress() msr6_ingress;
    Routing() routing;
    Apn6PostRouting() apn6_post_routing;
    Acl() acl;

    apply {
        if (hdr.packet_out.isValid()) {
            packet_out_handler.apply(hdr, meta);
            ig_tm_md.ucast_egress_port = meta.egress_port;
            ig_tm_md.bypass_egress = 1;
        } else {
            if (ig_prsr_md.parser_err != 0) {
                meta.drop = true;
                meta.drop_reason = DROP_PARSER_ERROR;
            } else if (meta.apn6_malformed) {
                meta.drop = true;
                meta.drop_reason = DROP_APN6_MALFORMED;
            } else if (!hdr.ipv6.isValid()) {
                meta.drop = true;
                meta.drop_reason = DROP_NOT_IPV6;
            } else {
                apn6_ingress.apply(hdr, meta);
                msr6_ingress.apply(hdr, meta);
                if (meta.msr6_replicate || meta.msr6_decap) {
                    // Needs the egress half (per-copy SL/DA, adjacency MACs): not on Tofino yet.
                    meta.drop = true;
                    meta.drop_reason = DROP_UNSUPPORTED;
                } else if (!meta.drop) {
                    routing.apply(hdr, meta);
                }
                apn6_post_routing.apply(hdr, meta);
            }
            acl.apply(hdr, meta);

            if (meta.ev_apn6_skipped) { event_counter.count(EVENT_APN6_SKIPPED); }
            if (meta.ev_apn6_inserted) { event_counter.count(EVENT_APN6_INSERTED); }
            if (meta.ev_apn6_stripped) { event_counter.count(EVENT_APN6_STRIPPED); }
            if (meta.ev_msr6_encap) { event_counter.count(EVENT_MSR6_ENCAP); }
            if (meta.ev_msr6_decap) { event_counter.count(EVENT_MSR6_DECAP); }
            ig_tm_md.qid = (QueueId_t) meta.priority;

            if (meta.punt_to_cpu) {
                packet_in_handler.apply(hdr, meta);
                ig_tm_md.ucast_egress_port = CPU_PORT;
            } else if (meta.drop) {
                drop_counter.count(meta.drop_reason);
                ig_dprsr_md.drop_ctl = 1;
            } else if (meta.mcast_group != 0) {
                ig_tm_md.mcast_grp_a = meta.mcast_group;
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
