// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Tofino's egress parser. Egress re-parses every packet, behind its kind byte: a telemetry
// mirror (the report fields, then the measured packet as payload), or a packet from ingress
// (bridged_t, then only what MSR6's per-copy half reads). Tofino 1's egress parse depth is 160
// bytes including ~27 of intrinsic metadata, so the M-SIDs are read up to 3 here. Finishing a
// copy needs none of them (its Segments Left and destination come with the msr6_copy entry);
// only a copy decapsulated for a receiver of the replicating node needs the whole list read,
// and one of a longer list is dropped and counted (MSR6_MALFORMED) in egress.
#ifndef SIXFLOW_EGRESS_PARSER_TNA_P4
#define SIXFLOW_EGRESS_PARSER_TNA_P4

// Up to EGRESS_MAX_MSIDS M-SIDs, one state per count extracting them by index (with stack
// .next, bf-p4c sees the states a longer list shares as assigning M-SID 0 twice).
#if EGRESS_MAX_MSIDS != 3 || MAX_MSIDS > 8
#error "the egress parser extracts 3 M-SIDs (EGRESS_MSIDS_FIRST_n) and counts lists of 4..8"
#endif
#define EGRESS_MSIDS_FIRST_1 packet.extract(hdr.common.msids[0]);
#define EGRESS_MSIDS_FIRST_2 EGRESS_MSIDS_FIRST_1 packet.extract(hdr.common.msids[1]);
#define EGRESS_MSIDS_FIRST_3 EGRESS_MSIDS_FIRST_2 packet.extract(hdr.common.msids[2]);
#define EGRESS_MRH_LENGTH_CASE(i, n) (ROUTING_TYPE_MRH, 2 * n): mrh_count_##n;
#define EGRESS_MRH_COUNT_STATE(i, n) \
    state mrh_count_##n { \
        packet.extract(hdr.common.mrh); meta.msid_count = n; EGRESS_MSIDS_FIRST_##n transition accept; \
    }
// A longer list stays payload, its length still known (a constant per state: a slice of Hdr Ext
// Len would tie msid_count's PHV container to the Routing header's).
#define EGRESS_MRH_LONG_CASE(n) (ROUTING_TYPE_MRH, 2 * n): mrh_unparsed_##n;
#define EGRESS_MRH_UNPARSED_STATE(n) \
    state mrh_unparsed_##n { \
        packet.extract(hdr.common.mrh); meta.msid_count = n; meta.msr6_msids_unparsed = true; transition accept; \
    }

parser SixflowEgressParser(packet_in packet, out tna_headers_t hdr, out local_metadata_t meta,
                           out egress_intrinsic_metadata_t eg_intr_md) {
    state start {
        packet.extract(eg_intr_md);
        transition select(packet.lookahead<bit<8>>()) {
            KIND_REPORT: parse_report_mirror;
            KIND_TOO_BIG: parse_report_mirror;
            KIND_TOO_BIG_TRANSIT: parse_report_mirror;
            default: parse_bridged;
        }
    }

    // A report mirror: the packet behind it is left as payload.
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
        meta.lat_class = hdr.common.bridged.lat_class;
        meta.grown = (bool) hdr.common.bridged.grown;
#ifdef WITH_MSR6
        meta.egress_rid = eg_intr_md.egress_rid;
        meta.mcast_group = hdr.common.bridged.mcast_group;
        meta.msr6_replicate = (bool) hdr.common.bridged.msr6_replicate;
        meta.msr6_decap = (bool) hdr.common.bridged.msr6_decap;
#endif
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
#ifdef WITH_MSR6
            PROTO_ROUTING: parse_routing;
            PROTO_HOPOPT: parse_pre_ext;
            PROTO_DSTOPTS: parse_pre_ext;
#endif
            default: accept;
        }
    }

#ifdef WITH_MSR6
    state parse_routing {
        packet.extract(hdr.common.routing);
        transition select(hdr.common.routing.routing_type, hdr.common.routing.hdr_ext_len) {
            SIXFLOW_REPEAT(EGRESS_MAX_MSIDS, EGRESS_MRH_LENGTH_CASE)
            EGRESS_MRH_LONG_CASE(4) EGRESS_MRH_LONG_CASE(5) EGRESS_MRH_LONG_CASE(6)
            EGRESS_MRH_LONG_CASE(7) EGRESS_MRH_LONG_CASE(8)
            default: accept;
        }
    }

    // Copies of a list longer than this parser reads are finished all the same (the replicating
    // node's ingress parser has refused odd lengths and lists over MAX_MSIDS); one for a local
    // receiver cannot be decapsulated here (Msr6Egress drops and counts it).
    EGRESS_MRH_UNPARSED_STATE(4) EGRESS_MRH_UNPARSED_STATE(5) EGRESS_MRH_UNPARSED_STATE(6)
    EGRESS_MRH_UNPARSED_STATE(7) EGRESS_MRH_UNPARSED_STATE(8)

    // An MRH behind a Hop-by-Hop or Destination Options header (an APN6 option, say): that
    // header (up to EXT_MAX_LEN words after its first 8 octets, as ingress parses it), the
    // Routing header and the MRH's first word are read, so that copies are finished as any
    // other; its M-SIDs stay payload (the depth left holds 1 to 3 of them, by the header's
    // length), so a copy for a receiver of this node is dropped and counted (Msr6Egress), as
    // for a list longer than EGRESS_MAX_MSIDS. A longer extension header, or one that is not
    // followed by a Routing header, leaves the packet unparsed past it: its copies are dropped.
    state parse_pre_ext {
        packet.extract(hdr.common.pre_ext);
        transition select(hdr.common.pre_ext.hdr_ext_len) {
            0: pre_ext_end;
            1: pre_ext_words_1;
            2: pre_ext_words_2;
            default: behind_extension;
        }
    }
    state pre_ext_words_1 {
        packet.extract(hdr.common.pre_ext_words[0]);
        transition pre_ext_end;
    }
    state pre_ext_words_2 {
        packet.extract(hdr.common.pre_ext_words[0]);
        packet.extract(hdr.common.pre_ext_words[1]);
        transition pre_ext_end;
    }
    state pre_ext_end {
        transition select(hdr.common.pre_ext.next_header) {
            PROTO_ROUTING: parse_routing_behind_ext;
            default: behind_extension;
        }
    }
    state parse_routing_behind_ext {
        packet.extract(hdr.common.routing);
        transition select(hdr.common.routing.routing_type, hdr.common.routing.hdr_ext_len) {
            EGRESS_MRH_LONG_CASE(1) EGRESS_MRH_LONG_CASE(2) EGRESS_MRH_LONG_CASE(3)
            EGRESS_MRH_LONG_CASE(4) EGRESS_MRH_LONG_CASE(5) EGRESS_MRH_LONG_CASE(6)
            EGRESS_MRH_LONG_CASE(7) EGRESS_MRH_LONG_CASE(8)
            default: accept;
        }
    }
    EGRESS_MRH_UNPARSED_STATE(1) EGRESS_MRH_UNPARSED_STATE(2) EGRESS_MRH_UNPARSED_STATE(3)

    // What is left: copies of it are dropped and counted.
    state behind_extension { meta.msr6_malformed = true; transition accept; }
    SIXFLOW_REPEAT(EGRESS_MAX_MSIDS, EGRESS_MRH_COUNT_STATE)
#endif
}

#endif // SIXFLOW_EGRESS_PARSER_TNA_P4
