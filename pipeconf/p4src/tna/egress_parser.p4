// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Tofino's egress parser. Egress re-parses every packet, behind its kind byte: a telemetry
// mirror (the report fields, then the measured packet as payload), or a packet from ingress
// (bridged_t, then only what MSR6's per-copy half reads). Tofino 1's egress parse depth is 160
// bytes including ~27 of intrinsic metadata, so the MRH is read up to 3 M-SIDs here; a copy
// of a longer one is dropped and counted (MSR6_MALFORMED) in egress.
#ifndef SIXFLOW_EGRESS_PARSER_TNA_P4
#define SIXFLOW_EGRESS_PARSER_TNA_P4

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
        packet.extract(hdr.report_mirror);
        transition accept;
    }

    state parse_bridged {
        packet.extract(hdr.kind);
        packet.extract(hdr.common.bridged);
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
            default: accept;
        }
    }

    state parse_routing {
        packet.extract(hdr.common.routing);
        transition select(hdr.common.routing.routing_type, hdr.common.routing.hdr_ext_len) {
            (ROUTING_TYPE_MRH, 2): count_1;
            (ROUTING_TYPE_MRH, 4): count_2;
            (ROUTING_TYPE_MRH, 6): count_3;
            (ROUTING_TYPE_MRH, _): too_long;
            default: accept;
        }
    }

    // An MRH longer than Tofino's egress can parse: its copies are dropped and counted.
    state too_long { meta.msr6_malformed = true; transition accept; }
    state count_1 { packet.extract(hdr.common.mrh); meta.msid_count = 1; transition msids_1; }
    state count_2 { packet.extract(hdr.common.mrh); meta.msid_count = 2; transition msids_2; }
    state count_3 { packet.extract(hdr.common.mrh); meta.msid_count = 3; transition msids_3; }
    state msids_3 { packet.extract(hdr.common.msids.next); transition msids_2; }
    state msids_2 { packet.extract(hdr.common.msids.next); transition msids_1; }
    state msids_1 { packet.extract(hdr.common.msids.next); transition accept; }
}

#endif // SIXFLOW_EGRESS_PARSER_TNA_P4
