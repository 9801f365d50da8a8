// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// What the three minimal programs of the latency benchmark share: Ethernet and IPv6 headers, the
// router (one LPM table on the destination, hop limit decrement, drop at 0/1, MAC rewrite) and
// the egress stamp. They are the yardsticks Sixflow is measured against (README: Benchmarks), so
// they do nothing a program of their kind does not need.
//
// Their tables, actions, keys and parameters carry Sixflow's names (control SixflowIngress,
// instances routing / apn6_ingress / msr6_ingress, @name on keys), so the benchmark writes the
// same P4Runtime entries through ptf/lib/p4info_names.py to them as to Sixflow, checked against
// each program's own P4Info.
#ifndef MINIMAL_COMMON_P4
#define MINIMAL_COMMON_P4

#include <core.p4>
#include <v1model.p4>

const bit<16> ETHERTYPE_IPV6 = 0x86dd;

header ethernet_t {
    bit<48> dst_addr;
    bit<48> src_addr;
    bit<16> ether_type;
}

header ipv6_t {
    bit<4>   version;
    bit<8>   traffic_class;
    bit<20>  flow_label;
    bit<16>  payload_len;
    bit<8>   next_header;
    bit<8>   hop_limit;
    bit<128> src_addr;
    bit<128> dst_addr;
}

// run.sh --pad: the program also declares, never used, what Sixflow's profile declares beyond it
// (pad.py writes sixflow_pad.p4); each program's headers_t ends with SIXFLOW_PAD_HEADERS.
#ifdef SIXFLOW_PAD
#include "sixflow_pad.p4"
#else
#define SIXFLOW_PAD_HEADERS
#define SIXFLOW_PAD_METADATA
#endif

struct empty_metadata_t {
    SIXFLOW_PAD_METADATA
}

// The router: the next hop of the destination (the outer one, if the program encapsulated).
control Routing(inout ethernet_t eth, inout ipv6_t ipv6, inout standard_metadata_t std_meta) {
    action drop() {
        mark_to_drop(std_meta);
    }

    action set_next_hop(bit<9> port, bit<48> smac, bit<48> dmac) {
        std_meta.egress_spec = port;
        eth.src_addr = smac;
        eth.dst_addr = dmac;
        ipv6.hop_limit = ipv6.hop_limit - 1;
    }

    table routing_v6 {
        key = {
            ipv6.dst_addr: lpm @name("ipv6_dst");
        }
        actions = {
            set_next_hop;
            @defaultonly drop;
        }
        const default_action = drop();
        size = 4096;
    }

    apply {
        if (!ipv6.isValid() || ipv6.hop_limit <= 1) {
            drop();
        } else {
            routing_v6.apply();
        }
    }
}

// Wire-to-wire is what the bench measures for every program; this stamp gives the minimal
// programs the in-switch figure Sixflow's telemetry reports carry (egress - ingress timestamp,
// µs: bmv2's input buffer, ingress and the egress queue), in the flow label of the IPv6 header
// that leaves (20 bits: a delay past 1.05 s wraps). One subtraction, far less than Sixflow's
// telemetry does per packet.
control Stamp(inout ipv6_t ipv6, in standard_metadata_t std_meta) {
    apply {
        ipv6.flow_label = (bit<20>) (std_meta.egress_global_timestamp - std_meta.ingress_global_timestamp);
    }
}

// What a feature program's duty drops loses its IPv6 header, and the router, applied after the
// feature, drops it (its first test): mark_to_drop there would be undone by the next hop the
// router then writes. No flag for it, which every packet would reset and test.
#define MINIMAL_DROP(hdr) hdr.ipv6.setInvalid();

// IPv6 has no header checksum: the checksum controls are empty (after the program's headers_t).
#define MINIMAL_NO_CHECKSUM(name) \
    control name(inout headers_t hdr, inout empty_metadata_t meta) { apply { } }

#endif // MINIMAL_COMMON_P4
