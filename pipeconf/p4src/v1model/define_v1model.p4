// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// bmv2-specific values. CPU_PORT must match simple_switch_grpc's --cpu-port; the Java copies
// of these values are held to this file by tests (CpuPortsTest, TargetConstantsTest).
#ifndef SIXFLOW_DEFINE_V1MODEL_P4
#define SIXFLOW_DEFINE_V1MODEL_P4

#define CPU_PORT 255
// Clone session the controller points at the CPU port for telemetry reports.
#define TELEMETRY_CLONE_SESSION 500
// Bytes of a report frame kept: packet_in (2) + Ethernet (14) + report (28) + 128 of the packet.
#define REPORT_TRUNCATE_BYTES 172
// What the controller asks the clone session to keep of a clone: all of it (0). bmv2's P4Runtime
// server refuses a truncating clone session (PI: not implemented), so the egress truncates the
// report frame itself (REPORT_TRUNCATE_BYTES, above).
#define TELEMETRY_SESSION_TRUNCATE_BYTES 0
const bit<8> REPORT_VERSION = 1;
// A packet grown past its egress MTU, punted for an ICMPv6 Packet Too Big: a report frame
// (telemetry clone session) of this version, whose delta is the MTU, then the packet.
const bit<8> REPORT_VERSION_TOO_BIG = 2;

// bmv2's P4Runtime server cannot read registers: the controller reads latency aggregates with
// a readout packet (ETHERTYPE_SIXFLOW_READOUT) that the pipeline fills in.
#define LATENCY_READOUT_PACKET

// v1model instance types (bmv2 simple_switch).
const bit<32> INSTANCE_TYPE_EGRESS_CLONE = 2;

// A packet counter of a table's entries, declared the target's way for the common controls.
#define SIXFLOW_DIRECT_PACKET_COUNTER(name) direct_counter(CounterType.packets) name;

// The outer flow label of an encapsulation (RFC 6438): a hash of the inner flow's 5-tuple and
// flow label, padded to whole octets. Computed only for a packet being encapsulated (bmv2 pays
// per hash); inner_ipv6 is the packet as it came.
#define SIXFLOW_ENCAP_FLOW_LABEL \
    hash(hdr.ipv6.flow_label, HashAlgorithm.crc32, (bit<20>) 0, \
         { hdr.inner_ipv6.src_addr, hdr.inner_ipv6.dst_addr, 4w0 ++ hdr.inner_ipv6.flow_label, meta.ip_proto, \
           meta.l4_src_port, meta.l4_dst_port }, 32w0x100000);

// Table placement is Tofino's concern (define_tna.p4).
#define SIXFLOW_APN6_CLASSIFIER_PLACEMENT

#endif // SIXFLOW_DEFINE_V1MODEL_P4
