// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Headers only Tofino needs. TNA re-parses every packet in egress, so what reaches the egress
// parser starts with a kind byte: KIND_BRIDGED (then bridged_t, from ingress) or KIND_REPORT
// (a telemetry mirror: the report fields, then the measured packet as it left egress). They
// wrap the common headers, so bmv2's program is untouched.
#ifndef SIXFLOW_HEADER_TNA_P4
#define SIXFLOW_HEADER_TNA_P4

header egress_kind_t {
    bit<8> kind;
}

struct tna_headers_t {
    egress_kind_t    kind;
    // The egress mirror header of a telemetry report: report_t, with the kind byte
    // (KIND_REPORT) where the report's version goes; egress reads it back into common.report.
    report_t         report_mirror;
    // Where a sampled packet's report mirror goes: Tofino's deparser takes the session from a
    // field, not a constant. Metadata, never emitted.
    MirrorId_t       mirror_session;
    headers_t       common;
}

#endif // SIXFLOW_HEADER_TNA_P4
