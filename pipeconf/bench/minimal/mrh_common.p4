// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// What the minimal MSR6 programs share: the Multicast Routing Header as the specification lays it
// out (docs/features/msr6.md: a Routing header of Routing Type 253, the MRH's type octet and three
// reserved ones, then the M-SIDs), with the 3 M-SIDs the benchmark's trees carry. mrh.p4 makes
// one at a tree's ingress edge; mrh-node.p4 handles one at a node inside the tree.
#ifndef MINIMAL_MRH_COMMON_P4
#define MINIMAL_MRH_COMMON_P4

#include "common.p4"

const bit<8> PROTO_IPV6 = 41;
const bit<8> PROTO_ROUTING = 43;
const bit<8> ROUTING_TYPE_MRH = 253;
const bit<8> MRH_TYPE_TE = 1;
#define MSIDS 3
// Hdr Ext Len = 2 * M-SIDs (8-octet units past the first 8 octets).
const bit<8> MRH_HDR_EXT_LEN = 2 * MSIDS;

header routing_t {
    bit<8> next_header;
    bit<8> hdr_ext_len;
    bit<8> routing_type;
    bit<8> segments_left;
}

header mrh_t {
    bit<8>  mrh_type;
    bit<24> reserved;
}

header msid_t {
    bit<128> sid;
}

#endif // MINIMAL_MRH_COMMON_P4
