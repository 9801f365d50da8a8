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

control Msr6LocalSid(inout headers_t hdr, inout local_metadata_t meta) {

    // A local SID's arguments. Their bounds are measured by actions, one operation per field and
    // step, saturating at 0 (past the list): Tofino's gateways compare a field with a constant,
    // never two fields, and its actions cannot chain operations.
    action read_sid_arguments() {
        meta.msr6_pointer = hdr.ipv6.dst_addr[15:0];
        meta.msr6_argument = hdr.ipv6.dst_addr[31:16];
        meta.msr6_segments_left = (bit<16>) hdr.routing.segments_left;
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

    // What is left of the list from Segments Left and from the Pointer on, and where End.RL's
    // copies end.
    @hidden
    action measure_pointer() {
        meta.msr6_left_of_sl = meta.msid_count |-| meta.msr6_segments_left;
        meta.msr6_left_of_pointer = meta.msid_count |-| meta.msr6_pointer;
        meta.msr6_copies_end = meta.msr6_pointer + meta.msr6_argument;
    }

    @hidden
    table msr6_pointer_bounds {
        actions = {
            measure_pointer;
        }
        const default_action = measure_pointer();
        size = 1;
    }

    // End.RL's copies take the M-SIDs from the Pointer on: what is left after them.
    @hidden
    action measure_rl_copies() {
        meta.msr6_left_of_copies = meta.msid_count |-| meta.msr6_copies_end;
    }

    @hidden
    table msr6_rl_bounds {
        actions = {
            measure_rl_copies;
        }
        const default_action = measure_rl_copies();
        size = 1;
    }

    // Only an MRH is looked up; a hit sets msr6_behaviour (MSR6_NONE otherwise) and measures the
    // arguments against the list, for Msr6Ingress to judge.
    apply {
        if (hdr.mrh.isValid()) {
            if (msr6_local_sid.apply().hit) {
                msr6_pointer_bounds.apply();
                if (meta.msr6_behaviour == MSR6_END_RL) {
                    msr6_rl_bounds.apply();
                }
            }
        }
    }
}

#endif // WITH_MSR6

#endif // SIXFLOW_MSR6_LOCAL_SID_P4
