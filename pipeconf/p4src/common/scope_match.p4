// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The address scopes routing keeps packets in (control/scope.p4): define.p4's SCOPE_* prefixes on
// the first 16 bits of the source and the destination, listed once (SIXFLOW_SCOPE_ROWS) and
// expanded as a parser's select cases on the whole (source, destination) addresses, a mask per
// case (SIXFLOW_SCOPE_CASES, bmv2), or as a table's entries on the two 16-bit slices
// (SIXFLOW_SCOPE_ENTRIES, Tofino).
#ifndef SIXFLOW_SCOPE_MATCH_P4
#define SIXFLOW_SCOPE_MATCH_P4

#include "define.p4"

// The rows, once: S(value, mask, x) for a source prefix, D(value, mask, x) for a destination one.
#define SIXFLOW_SCOPE_ROWS(S, D, x) \
    S(SCOPE_LINK_LOCAL, SCOPE_LINK_LOCAL_MASK, x) \
    S(SCOPE_ZERO_16, SCOPE_ZERO_16_MASK, x) \
    S(SCOPE_MULTICAST, SCOPE_MULTICAST_MASK, x) \
    D(SCOPE_LINK_LOCAL, SCOPE_LINK_LOCAL_MASK, x) \
    D(SCOPE_ZERO_16, SCOPE_ZERO_16_MASK, x) \
    D(SCOPE_MULTICAST_RESERVED, SCOPE_MULTICAST_SCOPE_MASK, x) \
    D(SCOPE_MULTICAST_INTERFACE, SCOPE_MULTICAST_SCOPE_MASK, x) \
    D(SCOPE_MULTICAST_LINK, SCOPE_MULTICAST_SCOPE_MASK, x)

// bmv2: select cases on the whole 128-bit addresses, the prefix in their first 16 bits.
#define SIXFLOW_HIGH_16_CASE(v, m) (((bit<128>) (v)) << 112) &&& (((bit<128>) (m)) << 112)
#define SIXFLOW_SCOPE_CASE_SRC(v, m, state) (SIXFLOW_HIGH_16_CASE(v, m), _): state;
#define SIXFLOW_SCOPE_CASE_DST(v, m, state) (_, SIXFLOW_HIGH_16_CASE(v, m)): state;
#define SIXFLOW_SCOPE_CASES(state) SIXFLOW_SCOPE_ROWS(SIXFLOW_SCOPE_CASE_SRC, SIXFLOW_SCOPE_CASE_DST, state)

// Tofino: entries on the two 16-bit slices.
#define SIXFLOW_SCOPE_ENTRY_SRC(v, m, action) (v &&& m, _): action;
#define SIXFLOW_SCOPE_ENTRY_DST(v, m, action) (_, v &&& m): action;
#define SIXFLOW_SCOPE_ENTRIES(action) SIXFLOW_SCOPE_ROWS(SIXFLOW_SCOPE_ENTRY_SRC, SIXFLOW_SCOPE_ENTRY_DST, action)

#endif // SIXFLOW_SCOPE_MATCH_P4
