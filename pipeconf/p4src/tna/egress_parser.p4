// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Tofino's egress parser. Egress re-parses every packet, behind its kind byte: a telemetry
// mirror (the report fields, then the measured packet as payload), or a packet from ingress
// (bridged_t, then only what MSR6's per-copy half reads). Tofino 1's egress parse depth is 160
// bytes including ~27 of intrinsic metadata, so the MRH is read up to 3 M-SIDs here; a copy
// of a longer one is dropped and counted (MSR6_MALFORMED) in egress.
#ifndef SIXFLOW_EGRESS_PARSER_TNA_P4
#define SIXFLOW_EGRESS_PARSER_TNA_P4

// As the common parser's MRH states (common/parser.p4), up to EGRESS_MAX_MSIDS M-SIDs.
#define EGRESS_MRH_LENGTH_CASE(i, n) (ROUTING_TYPE_MRH, 2 * n): mrh_count_##n;
#define EGRESS_MRH_COUNT_STATE(i, n) \
    state mrh_count_##n { packet.extract(hdr.common.mrh); meta.msid_count = n; transition mrh_msids_##n; }
#define EGRESS_MRH_MSID_STATE(i, n) \
    state mrh_msids_##n { packet.extract(hdr.common.msids.next); transition mrh_msids_##i; }

parser SixflowEgressParser(packet_in packet, out tna_headers_t hdr, out local_metadata_t meta,
                           out egress_intrinsic_metadata_t eg_intr_md) {
    state start {
        packet.extract(eg_intr_md);
        transition select(packet.lookahead<bit<8>>()) {
            KIND_REPORT: parse_report_mirror;
            default: parse_bridged;
        }
    }

    // A telemetry mirror: the measured packet behind it is left as payload.
    state parse_report_mirror {
        packet.extract(hdr.common.report);
        transition accept;
    }

    state parse_bridged {
        packet.extract(hdr.kind);
        packet.extract(hdr.common.bridged);
        // Into the metadata the common controls read, here rather than in egress (where each
        // copy would take an action, and the tables that read them a stage later).
        meta.egress_port = eg_intr_md.egress_port;
        meta.ingress_port = hdr.common.bridged.ingress_port;
        meta.msr6_pointer = hdr.common.bridged.msr6_pointer;
        meta.mcast_group = hdr.common.bridged.mcast_group;
        meta.lat_class = hdr.common.bridged.lat_class;
        meta.grown = (bool) hdr.common.bridged.grown;
        meta.msr6_replicate = (bool) hdr.common.bridged.msr6_replicate;
        meta.msr6_decap = (bool) hdr.common.bridged.msr6_decap;
        packet.extract(hdr.common.ethernet);
        transition select(hdr.common.ethernet.ether_type) {
            ETHERTYPE_IPV6: parse_ipv6;
            default: accept;
        }
    }

    // Egress needs only what MSR6's per-copy half reads: the outer IPv6 and the MRH. Stopping
    // there keeps the egress parse within Tofino's 160-byte depth; the rest is payload.
    state parse_ipv6 {
        packet.extract(hdr.common.ipv6);
        transition select(hdr.common.ipv6.next_header) {
            PROTO_ROUTING: parse_routing;
            PROTO_HOPOPT: behind_extension;
            PROTO_DSTOPTS: behind_extension;
            default: accept;
        }
    }

    state parse_routing {
        packet.extract(hdr.common.routing);
        transition select(hdr.common.routing.routing_type, hdr.common.routing.hdr_ext_len) {
            SIXFLOW_REPEAT(EGRESS_MAX_MSIDS, EGRESS_MRH_LENGTH_CASE)
            (ROUTING_TYPE_MRH, _): too_long;
            default: accept;
        }
    }

    // An MRH longer than Tofino's egress can parse, or one behind another extension header
    // (the depth left is too small for both): its copies are dropped and counted.
    state too_long { meta.msr6_malformed = true; transition accept; }
    state behind_extension { meta.msr6_malformed = true; transition accept; }
    SIXFLOW_REPEAT(EGRESS_MAX_MSIDS, EGRESS_MRH_COUNT_STATE)
    SIXFLOW_REPEAT(EGRESS_MAX_MSIDS, EGRESS_MRH_MSID_STATE)
    state mrh_msids_0 { transition accept; }
}

#endif // SIXFLOW_EGRESS_PARSER_TNA_P4
