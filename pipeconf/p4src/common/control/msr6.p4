// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// MSR6: ingress encapsulation (outer IPv6 + Multicast Routing Header), replication at End.RL
// and End.RLB.X SIDs through the target's replication engine, leaf decapsulation. The
// controller computes trees and gives each node its SIDs, groups and adjacencies.
// Formats: docs/features/msr6.md.
#ifndef SIXFLOW_MSR6_P4
#define SIXFLOW_MSR6_P4

#include "../header.p4"
#include "../repeat.p4"
#include "tunnel.p4"
#include "msr6_local_sid.p4"  // MSR6_*_PAST_LIST

#ifdef WITH_MSR6

// Per-M-SID code, repeated up to MAX_MSIDS (ingress) or EGRESS_MAX_MSIDS (egress).
#define MSR6_INVALIDATE_MSID(i, n) hdr.msids[i].setInvalid();
// The first n M-SIDs made valid, in the encapsulation action for count n (msr6_encap).
#define MSR6_VALID_FIRST_1 hdr.msids[0].setValid();
#define MSR6_VALID_FIRST_2 MSR6_VALID_FIRST_1 hdr.msids[1].setValid();
#define MSR6_VALID_FIRST_3 MSR6_VALID_FIRST_2 hdr.msids[2].setValid();
#define MSR6_VALID_FIRST_4 MSR6_VALID_FIRST_3 hdr.msids[3].setValid();
#define MSR6_VALID_FIRST_5 MSR6_VALID_FIRST_4 hdr.msids[4].setValid();
#define MSR6_VALID_FIRST_6 MSR6_VALID_FIRST_5 hdr.msids[5].setValid();
#define MSR6_VALID_FIRST_7 MSR6_VALID_FIRST_6 hdr.msids[6].setValid();
#define MSR6_VALID_FIRST_8 MSR6_VALID_FIRST_7 hdr.msids[7].setValid();
// The parameters of the action that writes the first n M-SIDs (or, from 5 on, M-SIDs 4 to n-1:
// msr6_encap_sids_hi), and its writes.
#define MSR6_SID_PARAMS_1 ipv6_addr_t sid0
#define MSR6_SID_PARAMS_2 MSR6_SID_PARAMS_1, ipv6_addr_t sid1
#define MSR6_SID_PARAMS_3 MSR6_SID_PARAMS_2, ipv6_addr_t sid2
#define MSR6_SID_PARAMS_4 MSR6_SID_PARAMS_3, ipv6_addr_t sid3
#define MSR6_SID_PARAMS_5 ipv6_addr_t sid4
#define MSR6_SID_PARAMS_6 MSR6_SID_PARAMS_5, ipv6_addr_t sid5
#define MSR6_SID_PARAMS_7 MSR6_SID_PARAMS_6, ipv6_addr_t sid6
#define MSR6_SID_PARAMS_8 MSR6_SID_PARAMS_7, ipv6_addr_t sid7
#define MSR6_SID_WRITES_1 hdr.msids[0].sid = sid0;
#define MSR6_SID_WRITES_2 MSR6_SID_WRITES_1 hdr.msids[1].sid = sid1;
#define MSR6_SID_WRITES_3 MSR6_SID_WRITES_2 hdr.msids[2].sid = sid2;
#define MSR6_SID_WRITES_4 MSR6_SID_WRITES_3 hdr.msids[3].sid = sid3;
#define MSR6_SID_WRITES_5 hdr.msids[4].sid = sid4;
#define MSR6_SID_WRITES_6 MSR6_SID_WRITES_5 hdr.msids[5].sid = sid5;
#define MSR6_SID_WRITES_7 MSR6_SID_WRITES_6 hdr.msids[6].sid = sid6;
#define MSR6_SID_WRITES_8 MSR6_SID_WRITES_7 hdr.msids[7].sid = sid7;
// How many M-SIDs the lower half holds: up to four.
#if MAX_MSIDS > 4
#define MSR6_LO_MSIDS 4
#else
#define MSR6_LO_MSIDS MAX_MSIDS
#endif

// This node encapsulated the packet: only the encapsulation writes a tree id, and the controller
// numbers trees from 1 to at most 0xFFFF (GroupIds.MAX_TREE_NUMBER), so its lower 16 bits say it
// (a Tofino gateway reads at most 4 bytes + 12 bits: the 32-bit id beside a 16-bit field is too
// much).
#define MSR6_ENCAPSULATED(meta) (meta.msr6_tree_id[15:0] != 0)

// Decapsulation: the outer IPv6 header, the extension header in front of the MRH (an HBH or
// Destination Options header), the MRH and the first `count` M-SIDs go.
#define MSR6_INVALIDATE_PRE_EXT(i, n) hdr.pre_ext_words[i].setInvalid();
#define MSR6_DECAP_ACTION(name, count) \
    @hidden \
    action name() { \
        hdr.ipv6.setInvalid(); \
        MSR6_DECAP_PRE_EXT \
        hdr.routing.setInvalid(); \
        hdr.mrh.setInvalid(); \
        SIXFLOW_REPEAT(count, MSR6_INVALIDATE_MSID) \
    }
#define MSR6_DECAP_PRE_EXT hdr.pre_ext.setInvalid(); SIXFLOW_REPEAT(EXT_MAX_LEN, MSR6_INVALIDATE_PRE_EXT)

#ifdef SIXFLOW_INNER_HELD_TO_OUTER
// What a leaf, or a replicating node for a receiver of its own, delivers held to the outer packet
// (define.p4): the inner packet comes after the extension header in front of the MRH, if any,
// and the MRH, each 8 octets and its Hdr Ext Len in 8-octet units. The extension header's
// validity multiplies its length, a number: p4c would make a conditional expression a metadata
// field of its own, which bmv2 resets for every packet.
// MSR6_PRE_EXT_BYTES is also ingress.p4's (SIXFLOW_MSR6_CUT_SHORT).
#define MSR6_EXT_BYTES(h) (((bit<32>) h.hdr_ext_len << 3) + 8)
#define MSR6_PRE_EXT_BYTES(hdr) (bit<32>) (bit<1>) hdr.pre_ext.isValid() * MSR6_EXT_BYTES(hdr.pre_ext)
#define MSR6_INNER_AHEAD(mrh) (((bit<32>) mrh.hdr_ext_len << 3) + (bit<32>) (8 + IPV6_HEADER_BYTES))
#define MSR6_INNER_CUT_SHORT(hdr) SIXFLOW_INNER_RUNS_PAST(hdr, \
    MSR6_PRE_EXT_BYTES(hdr) + MSR6_INNER_AHEAD(hdr.routing), hdr.ipv6.payload_len)
#endif

control Msr6Ingress(inout headers_t hdr, inout local_metadata_t meta) {
    TunnelDecapEcn() tunnel_decap_ecn;

    // Packets each tree's encapsulation entry took (ONOS reads them as the entry's statistics):
    // the lookup's own count, where an event was a step to raise and a step to count (bmv2:
    // 1.7k instructions a packet). A hit is an encapsulation (only a routed packet is looked
    // up), which may still be dropped after it (no route to M-SID[0], the egress port's MTU).
    SIXFLOW_DIRECT_PACKET_COUNTER(msr6_encap_counter)

    action drop_malformed() {
        meta.drop = true;
        meta.drop_reason = DROP_MSR6_MALFORMED;
    }

    // Per MRH type and M-SID count n, one encapsulation action, which the controller picks for
    // the tree (encap_te_n: MRH Type 1, encap_rlb_n: MRH Type 3): the count, type and latency
    // class are its constants, not values one table hands to the next. It writes, from
    // constants (a Tofino action adds one operand to a field): the original packet as the inner
    // one, its hop limit decremented (this router forwards it into the tree: a hop, RFC 2473
    // 3.1); the outer header (its Version 6 already: the parser takes no other) with the tree's
    // source, its own hop limit (RFC 2473 6.3), the inner Traffic Class (DSCP and ECN: RFC
    // 6040's normal mode) and a label of the inner flow (RFC 6438), so that transit nodes can
    // treat and spread it; the Routing header and MRH with Hdr Ext Len = 2n; the first n M-SIDs
    // made valid (msr6_encap_sids_lo writes them); and the outer payload = the inner packet (its
    // payload, still in the outer header) + its IPv6 header + the MRH. group 0: one copy, routed
    // on M-SID[0]. Otherwise the ingress edge itself is the first replication point: copy i of
    // the group gets SL = i and DA = M-SID[i] (Pointer 0).
#define MSR6_ENCAP_ACTION(kind, type, cls, n) \
    action encap_##kind##_##n(bit<32> tree_id, ipv6_addr_t src, mcast_group_t group) { \
        msr6_encap_counter.count(); \
        meta.msr6_tree_id = tree_id; \
        meta.mcast_group = group; \
        meta.msid_count = n; \
        meta.lat_class = cls; \
        hdr.inner_ipv6 = hdr.ipv6; \
        hdr.inner_ipv6.hop_limit = hdr.ipv6.hop_limit - 1; \
        hdr.ipv6.src_addr = src; \
        hdr.ipv6.next_header = PROTO_ROUTING; \
        hdr.ipv6.hop_limit = 64; \
        hdr.ipv6.payload_len = hdr.ipv6.payload_len + (IPV6_HEADER_BYTES + MRH_FIXED_BYTES + n * MSID_BYTES); \
        SIXFLOW_ENCAP_FLOW_LABEL \
        hdr.routing.setValid(); \
        hdr.routing.next_header = PROTO_IPV6; \
        hdr.routing.hdr_ext_len = 2 * n; \
        hdr.routing.routing_type = ROUTING_TYPE_MRH; \
        SIXFLOW_ZERO_NEW(hdr.routing.segments_left) \
        hdr.mrh.setValid(); \
        hdr.mrh.mrh_type = type; \
        SIXFLOW_ZERO_NEW(hdr.mrh.reserved) \
        SIXFLOW_MARK_GROWN(meta) \
        MSR6_VALID_FIRST_##n \
    }
#define MSR6_ENCAP_TE_ACTION(i, n) MSR6_ENCAP_ACTION(te, MRH_TYPE_TE, CLASS_MSR6_TE_ENCAP, n)
#define MSR6_ENCAP_RLB_ACTION(i, n) MSR6_ENCAP_ACTION(rlb, MRH_TYPE_TE_RLB, CLASS_MSR6_RLB_ENCAP, n)
    SIXFLOW_REPEAT(MAX_MSIDS, MSR6_ENCAP_TE_ACTION)
    SIXFLOW_REPEAT(MAX_MSIDS, MSR6_ENCAP_RLB_ACTION)
#define MSR6_ENCAP_LIST(i, n) encap_te_##n; encap_rlb_##n;

    // Ingress edge: (group address, source) -> the tree whose MRH this packet gets.
    table msr6_encap {
        key = {
            hdr.ipv6.dst_addr: exact @name("ipv6_dst");
            hdr.ipv6.src_addr: ternary @name("ipv6_src");
        }
        actions = {
            SIXFLOW_REPEAT(MAX_MSIDS, MSR6_ENCAP_LIST)
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        counters = msr6_encap_counter;
        size = 1024;
    }

    // The tree's M-SIDs from the controller, one action per count (set_msids_n writes the first
    // n, at most four: the lower half of a longer list), so that none writes a slot the tree
    // leaves invalid. The outer destination is M-SID[0], written here from the same action
    // data rather than copied from the header afterwards (one step less before routing looks it
    // up). After the encapsulation: bmv2 zeroes a header it makes valid.
    // (Written out per count: a macro cannot repeat inside SIXFLOW_REPEAT's own expansion.)
#define MSR6_SIDS_LO_ACTION(i, n) \
    action set_msids_##n(MSR6_SID_PARAMS_##n) { \
        hdr.ipv6.dst_addr = sid0; \
        MSR6_SID_WRITES_##n \
    }
    SIXFLOW_REPEAT(MSR6_LO_MSIDS, MSR6_SIDS_LO_ACTION)
#define MSR6_SIDS_LO_LIST(i, n) set_msids_##n;

    // A tree's M-SID list in two halves, so that no action carries more than 512 bits.
    table msr6_encap_sids_lo {
        key = {
            meta.msr6_tree_id: exact @name("tree_id");
        }
        actions = {
            SIXFLOW_REPEAT(MSR6_LO_MSIDS, MSR6_SIDS_LO_LIST)
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = 1024;
    }

    action replicate(mcast_group_t group) {
        meta.mcast_group = group;
    }

    // A leaf SID whose tree has one receiver port on this node: the inner packet leaves by that
    // port as a unicast packet, with the MACs it gets there (the router's, the group address's
    // multicast MAC), rather than through a group of one port. No copy is made (on bmv2 a copy
    // is the whole header set and metadata copied, and torn down after), and the controller
    // installs no group for it, nor an adjacency.
    action deliver(port_num_t port, mac_addr_t smac, mac_addr_t dmac) {
        meta.egress_port = port;
        meta.egress_port_set = true;
        hdr.ethernet.src_addr = smac;
        hdr.ethernet.dst_addr = dmac;
    }

    // End.RL and End.RLB.X: the full SID -> the tree's multicast group at this node, whose
    // replica i leaves by the link towards M-SID[Pointer + i] (End.RL: child i; End.RLB.X: the
    // link of the i-th set bit of the Local Bitstring, from the device's bit -> port map). For a
    // leaf SID, the group of local receiver ports, or the one port (deliver). The SID carries the
    // tree number in its Function (Msid), so every tree has its own entry and group on a device,
    // in both modes.
    table msr6_sid_group {
        key = {
            hdr.ipv6.dst_addr: exact @name("sid");
        }
        actions = {
            replicate;
            deliver;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = 4096;
    }

    // Leaf: deliver the inner packet, which starts right after the M-SID list.
    MSR6_DECAP_ACTION(decap, MAX_MSIDS)

    // An if/else tree without return statements: p4c turns each return into a flag that every
    // packet would set and test.
    apply {
        if (hdr.mrh.isValid()) {
            if (meta.host_facing) {
                // The SR domain ends at host-facing ports: a host may not send into it a packet
                // the domain's nodes would replicate, whichever node's SID it is addressed to (RFC
                // 8754 section 5.1: an SR domain drops, where packets enter it, those destined to
                // any of its SIDs). Hosts send plain packets; the domain's edge encapsulates.
                meta.drop = true;
                meta.drop_reason = DROP_SR_BOUNDARY;
            } else if (meta.msr6_behaviour == MSR6_NONE) {
                // Only the node a Routing header is addressed to processes it (RFC 8200 section
                // 4.4): any other forwards it on the destination like any packet, whatever its
                // length or type (msr6_behaviour stays MSR6_NONE: not one of this node's SIDs,
                // Msr6LocalSid).
            } else if (meta.msr6_malformed) {
                drop_malformed();
            } else if (hdr.mrh.mrh_type != MRH_TYPE_TE && hdr.mrh.mrh_type != MRH_TYPE_TE_RLB) {
                meta.drop = true;
                meta.drop_reason = DROP_MSR6_UNKNOWN;
            } else if (MSR6_SL_PAST_LIST(hdr, meta) || MSR6_POINTER_PAST_LIST(hdr, meta)) {
                drop_malformed();
            } else {
                // The SID's group is looked up, and RFC 6040 applied, beside the last checks
                // rather than after them (on Tofino, stages earlier): what they drop never uses
                // the group (a drop comes before a multicast group wherever both are read), and
                // End.RL's copy check below overrides the ECN check's verdict, as it came first.
                msr6_sid_group.apply();
                // RFC 6040 where the MRH is processed: every copy, and the leaf's inner packet,
                // has the CE mark (or, Not-ECT, is dropped).
                if (hdr.inner_ipv6.isValid()) {
                    tunnel_decap_ecn.apply(hdr, meta);
                }
                if (meta.msr6_behaviour == MSR6_END_RL && MSR6_COPIES_PAST_LIST(hdr, meta)) {
                    // End.RL's copies run past the list.
                    drop_malformed();
                } else if (meta.drop) {
                    // CE on a Not-ECT inner packet
                } else if (meta.mcast_group == 0 && !meta.egress_port_set) {
                    meta.drop = true;
                    meta.drop_reason = DROP_MSR6_NO_GROUP;
                } else if (meta.msr6_behaviour == MSR6_END_RL && MSR6_SID_ARGUMENTS_ZERO(hdr, meta)) {
                    // A leaf (tested here, not through msr6_decap: on Tofino a stage earlier).
                    // What a leaf delivers must be an IPv6 packet (Next Header 41), nothing else.
                    if (hdr.routing.next_header != PROTO_IPV6) {
                        drop_malformed();
#ifdef SIXFLOW_INNER_HELD_TO_OUTER
                    } else if (MSR6_INNER_CUT_SHORT(hdr)) {
                        // Nor one that runs past the packet carrying it.
                        drop_malformed();
#endif
                    } else {
                        decap();
                        meta.lat_class = CLASS_MSR6_DECAP;
                        SIXFLOW_RAISE(meta, ev_msr6_decap, EVENT_MSR6_DECAP)
                        // Through its group, each port's copy gets its MACs in egress (msr6_decap
                        // says so); delivered by unicast, it has them, and egress has nothing to
                        // do for MSR6. A branch, not a bool expression: Tofino sets constants.
                        if (meta.mcast_group != 0) {
                            meta.msr6_decap = true;
                        }
                    }
                } else if (meta.mcast_group == 0) {
                    // A replicating SID replicates through its group only (deliver is a leaf's).
                    meta.drop = true;
                    meta.drop_reason = DROP_MSR6_NO_GROUP;
                } else if (hdr.ipv6.hop_limit <= 1) {
                    // Punted too, for the controller's Time Exceeded to the tree's root (RFC 8754
                    // 4.3.1.1 asks it of an SR node whose hop limit runs out), as routing does.
                    meta.drop = true;
                    meta.drop_reason = DROP_HOP_LIMIT;
                    meta.punt_reason = PUNT_HOP_LIMIT;
                } else {
                    hdr.ipv6.hop_limit = hdr.ipv6.hop_limit - 1;
                    meta.msr6_replicate = true;
                    meta.lat_class = CLASS_MSR6_REPLICATE;
                }
            }
        } else if (!hdr.routing.isValid() && hdr.ipv6.dst_addr[127:120] == 0xff && hdr.ipv6.hop_limit > 1) {
            // Only a packet to a group address (ff00::/8) can be a tree's: unicast never looks.
            // The tree forwards the inner packet, so one whose hop limit is spent is not
            // tunnelled: routing drops it (HOP_LIMIT) as it drops any such packet.
            if (msr6_encap.apply().hit) {
                // The M-SIDs last: after they are made valid. The upper half, from 5 M-SIDs on,
                // is Msr6EncapSidsHi's, after routing (which reads only the first).
                msr6_encap_sids_lo.apply();
            }
        }
    }
}

// The upper half of an encapsulation's M-SID list (M-SIDs 4 to 7), apart from Msr6Ingress: the
// two halves' action data (64 octets each) do not fit one Tofino stage, and nothing in ingress
// reads the upper half, so routing need not wait for it. Applied after routing, only to what
// Msr6Ingress encapsulated (MSR6_ENCAPSULATED) with more M-SIDs than the lower half holds: a
// shorter list is not looked up again. The count is compared on its lower 8 bits (it is at most
// MAX_MSIDS): a Tofino gateway compares at most 12 bits by range. Its table and action keep the
// names they had inside Msr6Ingress (absolute @name).
#if MAX_MSIDS > 4
control Msr6EncapSidsHi(inout headers_t hdr, inout local_metadata_t meta) {
    // set_msids_n for n from 5 on: M-SIDs 4 to n-1 (the lower half wrote the first four).
#define MSR6_SIDS_HI_ACTION_1
#define MSR6_SIDS_HI_ACTION_2
#define MSR6_SIDS_HI_ACTION_3
#define MSR6_SIDS_HI_ACTION_4
#define MSR6_SIDS_HI_ACTION_5 \
    @name(".SixflowIngress.msr6_ingress.set_msids_5") \
    action set_msids_5(MSR6_SID_PARAMS_5) { MSR6_SID_WRITES_5 }
#define MSR6_SIDS_HI_ACTION_6 \
    @name(".SixflowIngress.msr6_ingress.set_msids_6") \
    action set_msids_6(MSR6_SID_PARAMS_6) { MSR6_SID_WRITES_6 }
#define MSR6_SIDS_HI_ACTION_7 \
    @name(".SixflowIngress.msr6_ingress.set_msids_7") \
    action set_msids_7(MSR6_SID_PARAMS_7) { MSR6_SID_WRITES_7 }
#define MSR6_SIDS_HI_ACTION_8 \
    @name(".SixflowIngress.msr6_ingress.set_msids_8") \
    action set_msids_8(MSR6_SID_PARAMS_8) { MSR6_SID_WRITES_8 }
#define MSR6_SIDS_HI_ACTION(i, n) MSR6_SIDS_HI_ACTION_##n
    SIXFLOW_REPEAT(MAX_MSIDS, MSR6_SIDS_HI_ACTION)
#define MSR6_SIDS_HI_LIST_1
#define MSR6_SIDS_HI_LIST_2
#define MSR6_SIDS_HI_LIST_3
#define MSR6_SIDS_HI_LIST_4
#define MSR6_SIDS_HI_LIST_5 set_msids_5;
#define MSR6_SIDS_HI_LIST_6 set_msids_6;
#define MSR6_SIDS_HI_LIST_7 set_msids_7;
#define MSR6_SIDS_HI_LIST_8 set_msids_8;
#define MSR6_SIDS_HI_LIST(i, n) MSR6_SIDS_HI_LIST_##n

    @name(".SixflowIngress.msr6_ingress.msr6_encap_sids_hi")
    table msr6_encap_sids_hi {
        key = {
            meta.msr6_tree_id: exact @name("tree_id");
        }
        actions = {
            SIXFLOW_REPEAT(MAX_MSIDS, MSR6_SIDS_HI_LIST)
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = 1024;
    }

    apply {
        if (MSR6_ENCAPSULATED(meta) && meta.msid_count[7:0] > MSR6_LO_MSIDS) {
            msr6_encap_sids_hi.apply();
        }
    }
}
#endif

// Per copy: which copy of its group this is, by the group, the port it leaves by and its
// replication id (0 unless the group sends a port two copies), and what the controller computed for
// it: Segments Left = the replicating SID's Pointer + the copy's index, the destination = the
// M-SID there, and the MACs of the link the copy leaves by. Groups are per tree (msr6_sid_group),
// so these entries are too. A group's copy to a receiver port of the replicating node itself
// leaves decapsulated. Egress never reads the M-SID list to finish a copy: a target whose egress
// parses a few M-SIDs only (Tofino) finishes copies of any list the ingress parses.
control Msr6Egress(inout headers_t hdr, inout local_metadata_t meta, SIXFLOW_EGRESS_PLATFORM_PARAMS) {

    // Copies each copy entry made (a tree's branch at this node: ONOS reads them as the entry's
    // statistics), counted by the lookup itself: a counter indexed by port after the copy's
    // verdict was a test and a step more for every copy (bmv2: about 0.9k instructions a copy,
    // 1.7k for a frame of two: docs/benchmarks.md#padded-yardsticks). A copy may still be
    // dropped after it (past the list, past the port's MTU: the drop counters count it too).
    SIXFLOW_DIRECT_PACKET_COUNTER(msr6_copy_counter)

    action set_copy(bit<16> index, bit<8> segments_left, ipv6_addr_t sid) {
        msr6_copy_counter.count();
        meta.replica = index;
#ifndef SIXFLOW_MSR6_BOUNDS_BY_CONDITIONS
        meta.msr6_segments_left = (bit<16>) segments_left;
#endif
        hdr.routing.segments_left = segments_left;
        hdr.ipv6.dst_addr = sid;
    }

    // A receiver of this node: the copy leaves decapsulated (the apply block does it).
    action deliver_locally() {
        msr6_copy_counter.count();
    }

    action drop_unknown_copy() {
        meta.drop = true;
        meta.drop_reason = DROP_MSR6_NO_GROUP;
    }

    // (group, egress port, replication id) -> index of the copy (End.RL: child i; End.RLB.X: j-th
    // set bit), or local delivery to a receiver. The replication id tells two copies of a group on
    // one port apart: a split node's parent sends it one to its replicating SID and one to a leaf
    // SID of its own (docs/features/msr6.md#limits); ONOS numbers a group's copies on a port 0, 1,
    // ... in bucket order, and the controller writes the same numbers here.
    SIXFLOW_MSR6_COPY_PLACEMENT
    table msr6_copy {
        key = {
            meta.mcast_group: exact @name("group");
            SIXFLOW_EGRESS_PORT: exact @name("eg_port");
            SIXFLOW_EGRESS_RID:  exact @name("rid");
        }
        actions = {
            set_copy;
            deliver_locally;
            @defaultonly drop_unknown_copy;
        }
        const default_action = drop_unknown_copy();
        counters = msr6_copy_counter;
        size = 4096;
    }

    action set_adjacency(mac_addr_t smac, mac_addr_t dmac) {
        hdr.ethernet.src_addr = smac;
        hdr.ethernet.dst_addr = dmac;
    }

    // (group, egress port) -> MACs a copy leaves with: the next hop of a replica, or, for a
    // receiver's port, the multicast MAC of the tree's group address. Per group, so that two
    // trees whose receivers share a port each keep their own MAC.
    table msr6_adjacency {
        key = {
            meta.mcast_group: exact @name("group");
            SIXFLOW_EGRESS_PORT: exact @name("eg_port");
        }
        actions = {
            set_adjacency;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = 4096;
    }

    // Only what this target's egress parses can be valid here; naming the rest would make
    // Tofino keep room for it (its egress reads an extension header in front of the MRH only to
    // finish copies: the M-SIDs behind it stay payload, so such a copy is never decapsulated).
#ifdef EGRESS_OUTER_MRH_ONLY
#undef MSR6_DECAP_PRE_EXT
#define MSR6_DECAP_PRE_EXT
#endif
    MSR6_DECAP_ACTION(decap, EGRESS_MAX_MSIDS)

#ifndef SIXFLOW_MSR6_BOUNDS_BY_CONDITIONS
    // What is left of the list from this copy's Segments Left on (0: past it).
    @hidden
    action measure_copy() {
        meta.msr6_left_of_sl = meta.msid_count |-| meta.msr6_segments_left;
    }

    @hidden
    table msr6_copy_bounds {
        actions = {
            measure_copy;
        }
        const default_action = measure_copy();
        size = 1;
    }
#endif

    apply {
        if (meta.msr6_replicate) {
            switch (msr6_copy.apply().action_run) {
                deliver_locally: {
                    // Delivered as a leaf delivers: only an IPv6 packet, and only where this
                    // egress parsed the whole list it removes.
                    if (hdr.routing.next_header != PROTO_IPV6 || meta.msr6_msids_unparsed) {
                        meta.drop = true;
                        meta.drop_reason = DROP_MSR6_MALFORMED;
                        return;
                    }
#ifdef SIXFLOW_INNER_HELD_TO_OUTER
                    if (MSR6_INNER_CUT_SHORT(hdr)) {
                        meta.drop = true;
                        meta.drop_reason = DROP_MSR6_MALFORMED;
                        return;
                    }
#endif
                    decap();
                    // Measured again as it leaves, or spared the check where the target cannot
                    // (SIXFLOW_MTU_AFTER_LOCAL_DELIVERY). A flag of its own, not meta.grown: the
                    // MTU measurement reads grown, and on Tofino a later write of it would hold
                    // this table back to that stage.
                    meta.msr6_delivered = true;
                    SIXFLOW_MTU_AFTER_LOCAL_DELIVERY(hdr, meta)
                    msr6_adjacency.apply();
                }
                set_copy: {
                    // A packet whose list does not reach this copy's M-SID is not the tree's.
#ifndef SIXFLOW_MSR6_BOUNDS_BY_CONDITIONS
                    msr6_copy_bounds.apply();
#endif
                    if (MSR6_COPY_PAST_LIST(hdr, meta)) {
                        meta.drop = true;
                        meta.drop_reason = DROP_MSR6_MALFORMED;
                        return;
                    }
                    msr6_adjacency.apply();
                }
                // drop_unknown_copy: dropped and counted by the target.
            }
        } else if (meta.msr6_decap) {
            // A leaf's copy from its group of receivers (one delivered by unicast has its MACs).
            msr6_adjacency.apply();
        }
    }
}

#endif // WITH_MSR6

#endif // SIXFLOW_MSR6_P4
