// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Headers only Tofino needs. TNA re-parses every packet in egress, so what reaches the egress
// parser starts with a kind byte: KIND_BRIDGED (then bridged_t, from ingress) or a report
// mirror's (the report fields, then the packet as it left egress). They wrap the common headers,
// so bmv2's program is untouched.
#ifndef SIXFLOW_HEADER_TNA_P4
#define SIXFLOW_HEADER_TNA_P4

// The kind byte. A report mirror's is the report's version (define.p4), which its frame to the
// controller keeps: a latency report, or a packet past its egress MTU, grown here or not.
const bit<8> KIND_BRIDGED = 0x80;
const bit<8> KIND_REPORT = REPORT_VERSION;
const bit<8> KIND_TOO_BIG = REPORT_VERSION_TOO_BIG;
const bit<8> KIND_TOO_BIG_TRANSIT = REPORT_VERSION_TOO_BIG_TRANSIT;

header egress_kind_t {
    bit<8> kind;
}

struct tna_headers_t {
    egress_kind_t    kind;
    // The egress mirror header of a report: report_t, whose version is the kind byte (KIND_REPORT,
    // KIND_TOO_BIG, KIND_TOO_BIG_TRANSIT); egress reads it back into common.report.
    report_t         report_mirror;
    // Where a sampled packet's report mirror goes: Tofino's deparser takes the session from a
    // field, not a constant. Metadata, never emitted.
    MirrorId_t       mirror_session;
    headers_t       common;
}

#endif // SIXFLOW_HEADER_TNA_P4
