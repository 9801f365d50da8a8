// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The address scopes routing keeps packets in (control/scope.p4): define.p4's SCOPE_* prefixes on
// the first 16 bits of the source and the destination, written once as a parser's select cases
// on the whole (source, destination) addresses, a mask per case (SIXFLOW_SCOPE_CASES, bmv2), and
// once as a table's entries on the two 16-bit slices (SIXFLOW_SCOPE_ENTRIES, Tofino).
#ifndef SIXFLOW_SCOPE_MATCH_P4
#define SIXFLOW_SCOPE_MATCH_P4

#include "define.p4"

#define SIXFLOW_HIGH_16_CASE(v, m) (((bit<128>) (v)) << 112) &&& (((bit<128>) (m)) << 112)
#define SIXFLOW_SCOPE_CASES(state) \
    (SIXFLOW_HIGH_16_CASE(SCOPE_LINK_LOCAL, SCOPE_LINK_LOCAL_MASK), _): state; \
    (SIXFLOW_HIGH_16_CASE(SCOPE_ZERO_16, SCOPE_ZERO_16_MASK), _): state; \
    (SIXFLOW_HIGH_16_CASE(SCOPE_MULTICAST, SCOPE_MULTICAST_MASK), _): state; \
    (_, SIXFLOW_HIGH_16_CASE(SCOPE_LINK_LOCAL, SCOPE_LINK_LOCAL_MASK)): state; \
    (_, SIXFLOW_HIGH_16_CASE(SCOPE_ZERO_16, SCOPE_ZERO_16_MASK)): state; \
    (_, SIXFLOW_HIGH_16_CASE(SCOPE_MULTICAST_RESERVED, SCOPE_MULTICAST_SCOPE_MASK)): state; \
    (_, SIXFLOW_HIGH_16_CASE(SCOPE_MULTICAST_INTERFACE, SCOPE_MULTICAST_SCOPE_MASK)): state; \
    (_, SIXFLOW_HIGH_16_CASE(SCOPE_MULTICAST_LINK, SCOPE_MULTICAST_SCOPE_MASK)): state;

#define SIXFLOW_SCOPE_ENTRIES(action) \
    (SCOPE_LINK_LOCAL &&& SCOPE_LINK_LOCAL_MASK, _): action; \
    (SCOPE_ZERO_16 &&& SCOPE_ZERO_16_MASK, _): action; \
    (SCOPE_MULTICAST &&& SCOPE_MULTICAST_MASK, _): action; \
    (_, SCOPE_LINK_LOCAL &&& SCOPE_LINK_LOCAL_MASK): action; \
    (_, SCOPE_ZERO_16 &&& SCOPE_ZERO_16_MASK): action; \
    (_, SCOPE_MULTICAST_RESERVED &&& SCOPE_MULTICAST_SCOPE_MASK): action; \
    (_, SCOPE_MULTICAST_INTERFACE &&& SCOPE_MULTICAST_SCOPE_MASK): action; \
    (_, SCOPE_MULTICAST_LINK &&& SCOPE_MULTICAST_SCOPE_MASK): action;

#endif // SIXFLOW_SCOPE_MATCH_P4
