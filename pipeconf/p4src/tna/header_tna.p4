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

// The egress mirror header of a telemetry report: report_t's fields, less its version.
header report_mirror_t {
    bit<8>      kind;
    lat_class_t lat_class;
    bit<4>      _pad0;
    bit<16>     replica;
    bit<32>     sequence;
    bit<7>      _pad1;
    port_num_t  ingress_port;
    bit<7>      _pad2;
    port_num_t  egress_port;
    bit<48>     ingress_ts;
    bit<48>     egress_ts;
    bit<32>     delta;
}

struct tna_headers_t {
    egress_kind_t    kind;
    report_mirror_t  report_mirror;
    // Where a sampled packet's report mirror goes: Tofino's deparser takes the session from a
    // field, not a constant. Metadata, never emitted.
    MirrorId_t       mirror_session;
    headers_t       common;
}

#endif // SIXFLOW_HEADER_TNA_P4
