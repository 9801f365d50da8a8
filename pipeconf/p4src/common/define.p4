// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Target-independent constants. Per-target values (CPU port, timestamp width) live in
// p4src/<target>/define_<target>.p4 so this file stays the same for bmv2 and Tofino.
#ifndef SIXFLOW_DEFINE_P4
#define SIXFLOW_DEFINE_P4

typedef bit<9>   port_num_t;
typedef bit<48>  mac_addr_t;
typedef bit<128> ipv6_addr_t;
typedef bit<16>  l4_port_t;

const bit<16> ETHERTYPE_IPV6 = 0x86dd;
const bit<16> ETHERTYPE_LLDP = 0x88cc;
const bit<16> ETHERTYPE_BDDP = 0x8942;

const bit<8> PROTO_TCP    = 6;
const bit<8> PROTO_UDP    = 17;
const bit<8> PROTO_ICMPV6 = 58;

// Why a packet was dropped: index of the target's drop counter.
typedef bit<8> drop_reason_t;
const drop_reason_t DROP_NONE              = 0;
const drop_reason_t DROP_NO_ROUTE          = 1;
const drop_reason_t DROP_HOP_LIMIT         = 2;
const drop_reason_t DROP_ACL               = 3;
const drop_reason_t DROP_NOT_IPV6          = 4;
#define DROP_REASON_COUNT 16

#endif // SIXFLOW_DEFINE_P4
