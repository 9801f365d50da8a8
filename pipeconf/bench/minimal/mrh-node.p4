// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The minimal router plus what an MSR6 node inside a tree does with a packet addressed to one of
// its SIDs (docs/features/msr6.md), as the benchmark's replicating and leaf programs
// (mrh-replicate.p4, mrh-decap.p4: one source, one program per name the bench compiles):
//   - a replicating SID (End.RL): the packet goes to the tree's multicast group, its hop limit
//     tested and decremented as the router does for any packet it forwards; each copy leaves with
//     the Segments Left, destination (the M-SID it goes to) and next hop's MACs the controller
//     gave it per (group, port, replication id);
//   - a leaf SID: the outer header, the MRH and its M-SIDs go, and the inner packet leaves by
//     the leaf's one receiver port, with the MACs the entry gives (as Sixflow delivers a leaf
//     with one receiver port: unicast, no group).
// Any other packet, an MRH one not addressed to this node included, is routed.
//
// Built with MRH_NODE_RFC_DUTIES (the -rfc programs), it also does what the RFCs ask of a node
// processing a Routing header and of a tunnel's exit, each the plainest way P4 has: a Routing
// type it does not know (here an MRH Type other than 1 or 3) and a Segments Left past the list
// are not processed but dropped (RFC 8200 section 4.4); a leaf delivers only an IPv6 packet
// (the Routing header's Next Header 41) and applies RFC 6040 (an outer CE mark carries over to
// the inner packet; CE over a Not-ECT inner packet drops it).
#include "mrh_common.p4"

#ifdef MRH_NODE_RFC_DUTIES
const bit<8> MRH_TYPE_TE_RLB = 3;
const bit<2> ECN_NOT_ECT = 0;
const bit<2> ECN_CE = 3;
// RFC 8200 4.4: a Routing header this node may not process (an MRH Type it does not know, or
// Segments Left past the list), whichever of its SIDs the packet is addressed to.
#define MRH_NOT_PROCESSABLE(hdr) \
    (hdr.mrh.mrh_type != MRH_TYPE_TE && hdr.mrh.mrh_type != MRH_TYPE_TE_RLB || hdr.routing.segments_left >= MSIDS)
#endif

struct headers_t {
    ethernet_t    ethernet;
    ipv6_t        ipv6;
    routing_t     routing;
    mrh_t         mrh;
    msid_t[MSIDS] msids;
    ipv6_t        inner_ipv6;
    SIXFLOW_PAD_HEADERS
}

parser MrhNodeParser(packet_in packet, out headers_t hdr, inout empty_metadata_t meta,
                     inout standard_metadata_t std_meta) {
    state start {
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.ether_type) {
            ETHERTYPE_IPV6: parse_ipv6;
            default: accept;
        }
    }
    state parse_ipv6 {
        packet.extract(hdr.ipv6);
        transition select(hdr.ipv6.next_header) {
            PROTO_ROUTING: parse_routing;
            default: accept;
        }
    }
    // An MRH of the length this program parses; any other Routing header stays payload.
    state parse_routing {
        packet.extract(hdr.routing);
        transition select(hdr.routing.routing_type, hdr.routing.hdr_ext_len) {
            (ROUTING_TYPE_MRH, MRH_HDR_EXT_LEN): parse_mrh;
            default: accept;
        }
    }
    state parse_mrh {
        packet.extract(hdr.mrh);
        packet.extract(hdr.msids[0]);
        packet.extract(hdr.msids[1]);
        packet.extract(hdr.msids[2]);
#ifdef MRH_NODE_RFC_DUTIES
        transition select(hdr.routing.next_header) {
            PROTO_IPV6: parse_inner_ipv6;
            default: accept;
        }
#else
        transition parse_inner_ipv6;
#endif
    }
    state parse_inner_ipv6 {
        packet.extract(hdr.inner_ipv6);
        transition accept;
    }
}

// This node's SIDs -> the tree's group (replicate) or its receiver's port (decap); delivered
// says the packet has its port, so that the router leaves it alone.
control MrhNode(inout headers_t hdr, inout standard_metadata_t std_meta, inout bool delivered) {
    action replicate(bit<16> group) {
        std_meta.mcast_grp = group;
    }

    @hidden
    action decapsulate() {
        hdr.ipv6 = hdr.inner_ipv6;
        hdr.inner_ipv6.setInvalid();
        hdr.routing.setInvalid();
        hdr.mrh.setInvalid();
        hdr.msids[0].setInvalid();
        hdr.msids[1].setInvalid();
        hdr.msids[2].setInvalid();
    }

    // Bare, the lookup's action decapsulates; with the duties, after they let it.
    action decap(bit<9> port, bit<48> smac, bit<48> dmac) {
        std_meta.egress_spec = port;
        hdr.ethernet.src_addr = smac;
        hdr.ethernet.dst_addr = dmac;
        delivered = true;
#ifndef MRH_NODE_RFC_DUTIES
        decapsulate();
#endif
    }

    table msr6_sid_group {
        key = {
            hdr.ipv6.dst_addr: exact @name("sid");
        }
        actions = {
            replicate;
            decap;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = 4096;
    }

    // A packet this node drops goes to no group, and the router, applied to what has none, drops
    // it (MINIMAL_DROP).
    @hidden
    action drop() {
        std_meta.mcast_grp = 0;
        delivered = false;
        MINIMAL_DROP(hdr)
    }

    apply {
        switch (msr6_sid_group.apply().action_run) {
            replicate: {
#ifdef MRH_NODE_RFC_DUTIES
                if (MRH_NOT_PROCESSABLE(hdr)) {
                    drop();
                } else
#endif
                if (hdr.ipv6.hop_limit <= 1) {
                    drop();
                } else {
                    hdr.ipv6.hop_limit = hdr.ipv6.hop_limit - 1;
                }
            }
            decap: {
#ifdef MRH_NODE_RFC_DUTIES
                if (MRH_NOT_PROCESSABLE(hdr) || !hdr.inner_ipv6.isValid()
                        || hdr.ipv6.traffic_class[1:0] == ECN_CE && hdr.inner_ipv6.traffic_class[1:0] == ECN_NOT_ECT) {
                    drop();
                } else {
                    if (hdr.ipv6.traffic_class[1:0] == ECN_CE) {
                        hdr.inner_ipv6.traffic_class[1:0] = ECN_CE;
                    }
                    decapsulate();
                }
#endif
            }
        }
    }
}

// Each copy's rewrite as it leaves: a replica's Segments Left, destination (the M-SID it goes to)
// and the MACs of the link towards it, by the group, the port and its replication id (0 unless
// a group sends one port two copies). A leaf's packet has its MACs from ingress.
control MrhCopy(inout headers_t hdr, inout standard_metadata_t std_meta) {
    action set_copy(bit<8> segments_left, bit<128> sid, bit<48> smac, bit<48> dmac) {
        hdr.routing.segments_left = segments_left;
        hdr.ipv6.dst_addr = sid;
        hdr.ethernet.src_addr = smac;
        hdr.ethernet.dst_addr = dmac;
    }

    table msr6_copy {
        key = {
            std_meta.mcast_grp: exact @name("group");
            std_meta.egress_port: exact @name("eg_port");
            std_meta.egress_rid: exact @name("rid");
        }
        actions = {
            set_copy;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = 4096;
    }

    apply {
        if (hdr.mrh.isValid()) {
            msr6_copy.apply();
        }
    }
}

control SixflowIngress(inout headers_t hdr, inout empty_metadata_t meta, inout standard_metadata_t std_meta) {
    MrhNode() msr6_ingress;
    Routing() routing;
    apply {
        bool delivered = false;
        if (hdr.mrh.isValid()) {
            msr6_ingress.apply(hdr, std_meta, delivered);
        }
        // What goes to a group or was delivered is not routed (the router would pick its port).
        if (std_meta.mcast_grp == 0 && !delivered) {
            routing.apply(hdr.ethernet, hdr.ipv6, std_meta);
        }
    }
}

control SixflowEgress(inout headers_t hdr, inout empty_metadata_t meta, inout standard_metadata_t std_meta) {
    MrhCopy() msr6_egress;
    Stamp() stamp;
    apply {
        msr6_egress.apply(hdr, std_meta);
        stamp.apply(hdr.ipv6, std_meta);
    }
}

control MrhNodeDeparser(packet_out packet, in headers_t hdr) {
    apply {
        packet.emit(hdr.ethernet);
        packet.emit(hdr.ipv6);
        packet.emit(hdr.routing);
        packet.emit(hdr.mrh);
        packet.emit(hdr.msids);
        packet.emit(hdr.inner_ipv6);
    }
}

MINIMAL_NO_CHECKSUM(NoChecksum)

V1Switch(MrhNodeParser(), NoChecksum(), SixflowIngress(), SixflowEgress(), NoChecksum(), MrhNodeDeparser()) main;
