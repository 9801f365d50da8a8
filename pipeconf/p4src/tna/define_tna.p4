// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Tofino-specific values. CPU_PORT is the PCIe CPU port of a 32-port Tofino 1
// (Wedge100BF-32X); the Java interpreter's Tofino value is tested against this file, and so
// are TELEMETRY_CLONE_SESSION and REPORT_VERSION (the same wire format as on bmv2).
#ifndef SIXFLOW_DEFINE_TNA_P4
#define SIXFLOW_DEFINE_TNA_P4

#define CPU_PORT 192
// Tofino 1's egress parse depth (160 bytes with its intrinsic metadata) reaches 3 M-SIDs.
#define EGRESS_MAX_MSIDS 3
// ... and only an MRH right after the outer IPv6 header: copies of an MRH behind another
// extension header are dropped and counted (MSR6_MALFORMED) in egress.
#define EGRESS_OUTER_MRH_ONLY
// Tofino 1 has 24 TCAM blocks of 512 x 44 bits per stage; 512 policies fit in one.
#define APN6_CLASSIFIER_SIZE 512
// Mirror session the controller points at the CPU port for telemetry reports.
#define TELEMETRY_CLONE_SESSION 500
// What the controller asks that session to keep of a mirror: its report header (28 bytes) and
// 128 bytes of the measured packet.
#define TELEMETRY_SESSION_TRUNCATE_BYTES 156
const bit<8> REPORT_VERSION = 1;

// What egress parses first: a packet from ingress (bridged_t follows), or an egress mirror of
// a measured packet (the rest of report_mirror_t follows, then the packet as it left).
const bit<8> KIND_BRIDGED = 1;
const bit<8> KIND_REPORT = 2;
// eg_dprsr_md.mirror_type of a telemetry report.
const MirrorType_t MIRROR_TYPE_REPORT = 1;

// A packet counter of a table's entries, declared the target's way for the common controls.
#define SIXFLOW_DIRECT_PACKET_COUNTER(name) DirectCounter<bit<64>>(CounterType_t.PACKETS) name;

// The outer flow label of an encapsulation (RFC 6438): the ingress hashes every packet's flow
// up front (a hash unit of its own, no stage or gateway of its own), the encapsulation takes it.
#define SIXFLOW_ENCAP_FLOW_LABEL hdr.ipv6.flow_label = meta.flow_hash;

// The APN6 classifier's TCAM fills two stages; from stage 2 it shares the first with the ACL.
// Left to itself, bf-p4c 9.13.4 started it a stage later once the egress's msr6_copy grew (its
// entries carry the copy's M-SID), and the ingress chain behind it then took all 12 stages.
#define SIXFLOW_APN6_CLASSIFIER_PLACEMENT @stage(2)

#endif // SIXFLOW_DEFINE_TNA_P4
