// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// MSR6's local SID lookup, apart from the rest of MSR6 (msr6.p4): it only reads the packet and
// writes metadata, so a target can run it beside the ACL instead of after it (on Tofino, stages
// earlier than the MRH processing that reads its answer). Its table and actions keep the names
// they have inside Msr6Ingress (absolute @name: one P4Info, one P4InfoConstants for both).
#ifndef SIXFLOW_MSR6_LOCAL_SID_P4
#define SIXFLOW_MSR6_LOCAL_SID_P4

#include "../header.p4"

#ifdef WITH_MSR6

// Whether Segments Left, the Pointer, or End.RL's copies (Pointer + Replication Number) run past
// the M-SID list of msid_count: compared where the target compares two fields
// (SIXFLOW_MSR6_BOUNDS_BY_CONDITIONS), else read from what the bounds tables below measured (0:
// nothing left). The same verdicts for the counts 1..MAX_MSIDS the parser sets. In ingress the
// destination is still the local SID whose arguments they read; a copy's Segments Left is its
// own (Msr6Egress).
// The leaf's test (End.RL with Replication Number and Pointer 0) likewise reads the SID itself
// where the target compares a 32-bit slice, else the arguments read_sid_arguments copied out.
#ifdef SIXFLOW_MSR6_BOUNDS_BY_CONDITIONS
#define MSR6_SL_PAST_LIST(hdr, meta) ((bit<16>) hdr.routing.segments_left >= meta.msid_count)
#define MSR6_POINTER_PAST_LIST(hdr, meta) (hdr.ipv6.dst_addr[15:0] >= meta.msid_count)
#define MSR6_COPIES_PAST_LIST(hdr, meta) \
    ((bit<17>) hdr.ipv6.dst_addr[15:0] + (bit<17>) hdr.ipv6.dst_addr[31:16] >= (bit<17>) meta.msid_count)
#define MSR6_COPY_PAST_LIST(hdr, meta) ((bit<16>) hdr.routing.segments_left >= meta.msid_count)
#define MSR6_SID_ARGUMENTS_ZERO(hdr, meta) (hdr.ipv6.dst_addr[31:0] == 0)
#else
#define MSR6_SL_PAST_LIST(hdr, meta) (meta.msr6_left_of_sl == 0)
#define MSR6_POINTER_PAST_LIST(hdr, meta) (meta.msr6_left_of_pointer == 0)
#define MSR6_COPIES_PAST_LIST(hdr, meta) (meta.msr6_left_of_copies == 0)
#define MSR6_COPY_PAST_LIST(hdr, meta) (meta.msr6_left_of_sl == 0)
#define MSR6_SID_ARGUMENTS_ZERO(hdr, meta) (meta.msr6_argument == 0 && meta.msr6_pointer == 0)
#endif

// Constant entries of the bounds tables below. (n, x): n - x for every count n in 1..8 and
// position x < n; (n, p, a): n - p - a for every p + a < n.
#define MSR6_PAIR(n, x, act) (n, x): act(n - x);
#define MSR6_PAIRS_1(n, act) MSR6_PAIR(n, 0, act)
#define MSR6_PAIRS_2(n, act) MSR6_PAIRS_1(n, act) MSR6_PAIR(n, 1, act)
#define MSR6_PAIRS_3(n, act) MSR6_PAIRS_2(n, act) MSR6_PAIR(n, 2, act)
#define MSR6_PAIRS_4(n, act) MSR6_PAIRS_3(n, act) MSR6_PAIR(n, 3, act)
#define MSR6_PAIRS_5(n, act) MSR6_PAIRS_4(n, act) MSR6_PAIR(n, 4, act)
#define MSR6_PAIRS_6(n, act) MSR6_PAIRS_5(n, act) MSR6_PAIR(n, 5, act)
#define MSR6_PAIRS_7(n, act) MSR6_PAIRS_6(n, act) MSR6_PAIR(n, 6, act)
#define MSR6_PAIRS_8(n, act) MSR6_PAIRS_7(n, act) MSR6_PAIR(n, 7, act)
#define MSR6_PAIR_ROWS(act) MSR6_PAIRS_1(1, act) MSR6_PAIRS_2(2, act) MSR6_PAIRS_3(3, act) \
    MSR6_PAIRS_4(4, act) MSR6_PAIRS_5(5, act) MSR6_PAIRS_6(6, act) MSR6_PAIRS_7(7, act) MSR6_PAIRS_8(8, act)
#define MSR6_TRIPLE(n, p, a, act) (n, p, a): act(n - p - a);
#define MSR6_ARGS_1(n, p, act) MSR6_TRIPLE(n, p, 0, act)
#define MSR6_ARGS_2(n, p, act) MSR6_ARGS_1(n, p, act) MSR6_TRIPLE(n, p, 1, act)
#define MSR6_ARGS_3(n, p, act) MSR6_ARGS_2(n, p, act) MSR6_TRIPLE(n, p, 2, act)
#define MSR6_ARGS_4(n, p, act) MSR6_ARGS_3(n, p, act) MSR6_TRIPLE(n, p, 3, act)
#define MSR6_ARGS_5(n, p, act) MSR6_ARGS_4(n, p, act) MSR6_TRIPLE(n, p, 4, act)
#define MSR6_ARGS_6(n, p, act) MSR6_ARGS_5(n, p, act) MSR6_TRIPLE(n, p, 5, act)
#define MSR6_ARGS_7(n, p, act) MSR6_ARGS_6(n, p, act) MSR6_TRIPLE(n, p, 6, act)
#define MSR6_ARGS_8(n, p, act) MSR6_ARGS_7(n, p, act) MSR6_TRIPLE(n, p, 7, act)
#define MSR6_TRIPLE_ROWS(act) \
    MSR6_ARGS_1(1, 0, act) \
    MSR6_ARGS_2(2, 0, act) MSR6_ARGS_1(2, 1, act) \
    MSR6_ARGS_3(3, 0, act) MSR6_ARGS_2(3, 1, act) MSR6_ARGS_1(3, 2, act) \
    MSR6_ARGS_4(4, 0, act) MSR6_ARGS_3(4, 1, act) MSR6_ARGS_2(4, 2, act) MSR6_ARGS_1(4, 3, act) \
    MSR6_ARGS_5(5, 0, act) MSR6_ARGS_4(5, 1, act) MSR6_ARGS_3(5, 2, act) MSR6_ARGS_2(5, 3, act) \
    MSR6_ARGS_1(5, 4, act) \
    MSR6_ARGS_6(6, 0, act) MSR6_ARGS_5(6, 1, act) MSR6_ARGS_4(6, 2, act) MSR6_ARGS_3(6, 3, act) \
    MSR6_ARGS_2(6, 4, act) MSR6_ARGS_1(6, 5, act) \
    MSR6_ARGS_7(7, 0, act) MSR6_ARGS_6(7, 1, act) MSR6_ARGS_5(7, 2, act) MSR6_ARGS_4(7, 3, act) \
    MSR6_ARGS_3(7, 4, act) MSR6_ARGS_2(7, 5, act) MSR6_ARGS_1(7, 6, act) \
    MSR6_ARGS_8(8, 0, act) MSR6_ARGS_7(8, 1, act) MSR6_ARGS_6(8, 2, act) MSR6_ARGS_5(8, 3, act) \
    MSR6_ARGS_4(8, 4, act) MSR6_ARGS_3(8, 5, act) MSR6_ARGS_2(8, 6, act) MSR6_ARGS_1(8, 7, act)

control Msr6LocalSid(inout headers_t hdr, inout local_metadata_t meta) {

    // A local SID's arguments, for Msr6Ingress (End.RL's leaf), where the target does not read
    // them from the packet where they are judged.
    action read_sid_arguments() {
#ifndef SIXFLOW_MSR6_BOUNDS_BY_CONDITIONS
        meta.msr6_pointer = hdr.ipv6.dst_addr[15:0];
        meta.msr6_argument = hdr.ipv6.dst_addr[31:16];
        meta.msr6_segments_left = (bit<16>) hdr.routing.segments_left;
#endif
    }

    @name(".SixflowIngress.msr6_ingress.end_rl")
    action end_rl() {
        meta.msr6_behaviour = MSR6_END_RL;
        read_sid_arguments();
    }

    @name(".SixflowIngress.msr6_ingress.end_rlb_x")
    action end_rlb_x() {
        meta.msr6_behaviour = MSR6_END_RLB_X;
        read_sid_arguments();
    }

    // This node's SIDs: locator + function (a /96 prefix; the last 32 bits are arguments).
    @name(".SixflowIngress.msr6_ingress.msr6_local_sid")
    table msr6_local_sid {
        key = {
            hdr.ipv6.dst_addr: lpm @name("ipv6_dst");
        }
        actions = {
            end_rl;
            end_rlb_x;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = 1024;
    }

#ifndef SIXFLOW_MSR6_BOUNDS_BY_CONDITIONS
    // What is left of the list from Segments Left, from the Pointer, and after End.RL's copies
    // (Pointer + Replication Number), each measured by a table of constant entries keyed on the
    // packet itself: count n and position x < n give n - x, a miss 0 (past the list), as n |-| x
    // would. Keyed on the packet, not on what the lookup copies out, they run beside the lookup
    // (on Tofino in its stage, where actions chaining one operation each took three stages that
    // bf-p4c then made every lookup beside them wait for). They measure every MRH; what they
    // give is read only where the lookup hit (Msr6Ingress). Counts up to 8, MAX_MSIDS' bound.
    @hidden
    action set_left_of_sl(bit<16> left) {
        meta.msr6_left_of_sl = left;
    }

    @hidden
    table msr6_sl_bounds {
        key = {
            meta.msid_count: exact;
            hdr.routing.segments_left: exact;
        }
        actions = {
            set_left_of_sl;
        }
        const entries = {
            MSR6_PAIR_ROWS(set_left_of_sl)
        }
        const default_action = set_left_of_sl(0);
        size = 64;
    }

    @hidden
    action set_left_of_pointer(bit<16> left) {
        meta.msr6_left_of_pointer = left;
    }

    @hidden
    table msr6_pointer_bounds {
        key = {
            meta.msid_count: exact;
            hdr.ipv6.dst_addr[15:0]: exact;
        }
        actions = {
            set_left_of_pointer;
        }
        const entries = {
            MSR6_PAIR_ROWS(set_left_of_pointer)
        }
        const default_action = set_left_of_pointer(0);
        size = 64;
    }

    @hidden
    action set_left_of_copies(bit<16> left) {
        meta.msr6_left_of_copies = left;
    }

    @hidden
    table msr6_rl_bounds {
        key = {
            meta.msid_count: exact;
            hdr.ipv6.dst_addr[15:0]: exact;
            hdr.ipv6.dst_addr[31:16]: exact;
        }
        actions = {
            set_left_of_copies;
        }
        const entries = {
            MSR6_TRIPLE_ROWS(set_left_of_copies)
        }
        const default_action = set_left_of_copies(0);
        size = 128;
    }
#endif

    // Only an MRH is looked up; a hit sets msr6_behaviour (MSR6_NONE otherwise). The bounds are
    // measured beside the lookup (where the target needs them measured), for Msr6Ingress to judge.
    apply {
        if (hdr.mrh.isValid()) {
            msr6_local_sid.apply();
#ifndef SIXFLOW_MSR6_BOUNDS_BY_CONDITIONS
            msr6_sl_bounds.apply();
            msr6_pointer_bounds.apply();
            msr6_rl_bounds.apply();
#endif
        }
    }
}

#endif // WITH_MSR6

#endif // SIXFLOW_MSR6_LOCAL_SID_P4
