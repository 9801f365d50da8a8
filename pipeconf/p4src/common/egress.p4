// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The per-copy egress work both targets do on a forwarded packet: the port's MTU, MSR6's copy
// (Segments Left, destination, MACs, or local delivery) and the MTU check, deciding meta.drop
// and drop_reason. It reads the port and replication id the copy leaves with where the target
// keeps them (SIXFLOW_EGRESS_PORT, SIXFLOW_EGRESS_RID: define_<target>.p4). The per-target top
// (v1model/main.p4, tna/main.p4) counts and drops, and does its target's telemetry around it.
// A feature's per-copy egress work hooks in here under its WITH_<FEATURE> flag.
//
// The top instantiates this control as @name(".SixflowEgress"), so that its tables keep their
// P4Info names (SixflowEgress.<instance>.<table>).
#ifndef SIXFLOW_EGRESS_P4
#define SIXFLOW_EGRESS_P4

#include "define.p4"
#include "header.p4"
#include "control/msr6.p4"
#include "control/mtu.p4"

control SixflowEgressChain(inout headers_t hdr, inout local_metadata_t meta,
                           SIXFLOW_EGRESS_PLATFORM_PARAMS) {
#ifdef WITH_MSR6
    Msr6Egress() msr6_egress;
#endif
    EgressMtu() mtu;
    EgressMtuCheck() mtu_check;

    apply {
        mtu.apply(hdr, meta, SIXFLOW_EGRESS_PLATFORM_ARGS);
#ifdef WITH_MSR6
#ifdef EGRESS_OUTER_MRH_ONLY
        if (meta.msr6_replicate && meta.msr6_malformed) {
            // An MRH behind an extension header this target's egress parser does not read (longer
            // than EXT_MAX_LEN words, or two of them): no copy of it can be finished (or
            // decapsulated) correctly here.
            meta.drop = true;
            meta.drop_reason = DROP_MSR6_MALFORMED;
        } else {
            msr6_egress.apply(hdr, meta, SIXFLOW_EGRESS_PLATFORM_ARGS);
        }
#else
        msr6_egress.apply(hdr, meta, SIXFLOW_EGRESS_PLATFORM_ARGS);
#endif
#endif
        // Only a packet nothing else dropped is checked (EgressMtuCheck).
        mtu_check.apply(meta);
    }
}

#endif // SIXFLOW_EGRESS_P4
