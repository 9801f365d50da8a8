// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Headers and metadata shared by every target. Field names are snake_case; the
// controller headers carry the metadata ONOS's interpreter reads and writes.
#ifndef SIXFLOW_HEADER_P4
#define SIXFLOW_HEADER_P4

#include "define.p4"

// Prepended to packets sent to the controller (P4Runtime PacketIn metadata).
@controller_header("packet_in")
header packet_in_t {
    port_num_t ingress_port;
    bit<7>     _pad;
}

// Prepended by the controller to packets it sends out (P4Runtime PacketOut metadata).
@controller_header("packet_out")
header packet_out_t {
    port_num_t egress_port;
    bit<7>     _pad;
}

header ethernet_t {
    mac_addr_t dst_addr;
    mac_addr_t src_addr;
    bit<16>    ether_type;
}

header ipv6_t {
    bit<4>      version;
    bit<8>      traffic_class;
    bit<20>     flow_label;
    bit<16>     payload_len;
    bit<8>      next_header;
    bit<8>      hop_limit;
    ipv6_addr_t src_addr;
    ipv6_addr_t dst_addr;
}

// Only the ports: enough for classification, and it keeps the parse depth small on Tofino.
header l4_ports_t {
    l4_port_t src_port;
    l4_port_t dst_port;
}

header icmpv6_t {
    bit<8>  type;
    bit<8>  code;
}

struct headers_t {
    packet_out_t packet_out;
    packet_in_t  packet_in;
    ethernet_t   ethernet;
    ipv6_t       ipv6;
    l4_ports_t   l4_ports;
    icmpv6_t     icmpv6;
}

// What the common controls decide; each target's shim turns it into intrinsic metadata.
struct local_metadata_t {
    port_num_t    ingress_port;
    port_num_t    egress_port;
    bool          egress_port_set;
    bool          punt_to_cpu;
    bool          drop;
    drop_reason_t drop_reason;
    bit<8>        ip_proto;
    l4_port_t     l4_src_port;
    l4_port_t     l4_dst_port;
    bit<8>        icmp_type;
}

#endif // SIXFLOW_HEADER_P4
