// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The ingress chain both targets run: lookups, the ACL's verdict, feature processing and routing,
// deciding in local metadata what happens to the packet (meta.drop and drop_reason,
// punt_to_cpu, mcast_group, egress_port). The per-target top (v1model/main.p4, tna/main.p4)
// handles packet-outs before it, and after it counts and maps those decisions onto its target's
// metadata. What differs between targets comes from define_<target>.p4:
//   SIXFLOW_INGRESS_PLATFORM_PARAMS / _ARGS  the target metadata the chain reads
//   SIXFLOW_PARSER_FAILED                    the parser stopped on an error (truncation, IPv6 Version)
//   SIXFLOW_FRAME_LENGTH                     the frame's length as received (bit<32>), where the target
//                                            knows it in ingress: frames cut short are dropped
//   SIXFLOW_GTPU_VERIFY_UDP_CHECKSUM         sets meta.gtpu_checksum_bad where the target verifies
//   SIXFLOW_FLOW_HASH_DECL, SIXFLOW_FLOW_HASH  meta.flow_hash where the target hashes ahead of use
//   SIXFLOW_MSR6_BOUNDS_BY_CONDITIONS        MSR6's list bounds compared in conditions, not measured by tables
// A feature hooks in here, once for both targets, under its WITH_<FEATURE> flag (pipeconf/README.md).
//
// The top instantiates this control as @name(".SixflowIngress"), so that every table, action
// and counter inside keeps its P4Info name (SixflowIngress.<instance>.<table>): the names are the
// contract with the controller.
#ifndef SIXFLOW_INGRESS_P4
#define SIXFLOW_INGRESS_P4

#include "define.p4"
#include "header.p4"
#include "control/routing.p4"
#include "control/scope.p4"
#include "control/acl.p4"
#include "control/apn6.p4"
#include "control/msr6_local_sid.p4"
#include "control/msr6.p4"
#include "control/gtpu.p4"
#include "control/nptv6.p4"
#include "control/ilnp.p4"
#include "control/bng.p4"

#ifdef SIXFLOW_FRAME_LENGTH
// A frame shorter than its IP header says (IPv6 Payload Length, IPv4 Total Length) was cut short:
// what would be forwarded is not the packet its header describes (a Linux router drops it as
// truncated). The IP header starts after the Ethernet header, and on a subscriber's line after
// its VLAN tags and the PPPoE session header. Octets past the packet (an Ethernet frame's
// padding) are not an error.
// Each header's size comes from its type (minSizeInBytes: the types have no varbit field).
#define SIXFLOW_BYTES(h) ((bit<32>) h.minSizeInBytes())
#ifdef WITH_BNG
#define SIXFLOW_L3_START (SIXFLOW_BYTES(hdr.ethernet) + (hdr.s_tag.isValid() ? SIXFLOW_BYTES(hdr.s_tag) : 0) \
                          + (hdr.c_tag.isValid() ? SIXFLOW_BYTES(hdr.c_tag) : 0) \
                          + (hdr.pppoe.isValid() ? SIXFLOW_BYTES(hdr.pppoe) + SIXFLOW_BYTES(hdr.ppp) : 0))
#define SIXFLOW_IPV4_TRUNCATED || hdr.ipv4.isValid() && SIXFLOW_FRAME_LENGTH < SIXFLOW_L3_START + (bit<32>) hdr.ipv4.total_len
#else
#define SIXFLOW_L3_START SIXFLOW_BYTES(hdr.ethernet)
#define SIXFLOW_IPV4_TRUNCATED
#endif
#define SIXFLOW_FRAME_TRUNCATED \
    (hdr.ipv6.isValid() && SIXFLOW_FRAME_LENGTH < SIXFLOW_L3_START + SIXFLOW_BYTES(hdr.ipv6) + (bit<32>) hdr.ipv6.payload_len \
     SIXFLOW_IPV4_TRUNCATED)
#endif

#if defined(SIXFLOW_PARSER_PAST_THE_END) && (defined(WITH_MSR6) || defined(WITH_GTPU) || defined(WITH_NPTV6))
// The parser read past the end of a packet its frame holds whole, inside what a tunnel carries:
// the payload behind a whole MRH, a GTP-U message's optional fields, extension headers or
// T-PDU, or, with NPTv6, what an ICMPv6 error quotes, shorter than the header the parser read
// there. The packet's header chain is whole, and only the node the tunnel is addressed to reads
// what it carries: that one finds it malformed, any other router forwards it as it came (RFC
// 8200 4.4; bmv2 keeps the octets from where its parser stopped as the payload the deparser
// emits). An MRH whose M-SIDs run past the packet is a Routing header cut short, a parser error
// as any other. Tested only for a packet the parser failed on. (An APN6 option the parser found
// malformed ends its walk before any of these headers.)
#ifdef WITH_MSR6
#define SIXFLOW_MSR6_CUT_SHORT || (hdr.mrh.isValid() \
    && MSR6_PRE_EXT_BYTES(hdr) + MSR6_EXT_BYTES(hdr.routing) <= (bit<32>) hdr.ipv6.payload_len)
#else
#define SIXFLOW_MSR6_CUT_SHORT
#endif
#ifdef WITH_GTPU
#define SIXFLOW_GTPU_CUT_SHORT || hdr.gtpu.isValid()
#else
#define SIXFLOW_GTPU_CUT_SHORT
#endif
#ifdef WITH_NPTV6
#define SIXFLOW_ICMPV6_ERROR_CUT_SHORT || hdr.icmpv6.isValid()
#else
#define SIXFLOW_ICMPV6_ERROR_CUT_SHORT
#endif
#define SIXFLOW_CUT_SHORT_INSIDE_A_TUNNEL (SIXFLOW_PARSER_PAST_THE_END && !SIXFLOW_FRAME_TRUNCATED \
    && (false SIXFLOW_MSR6_CUT_SHORT SIXFLOW_GTPU_CUT_SHORT SIXFLOW_ICMPV6_ERROR_CUT_SHORT))
#endif

control SixflowIngressChain(inout headers_t hdr, inout local_metadata_t meta,
                            SIXFLOW_INGRESS_PLATFORM_PARAMS) {
    SIXFLOW_FLOW_HASH_DECL
#ifdef WITH_APN6
    Apn6Ingress() apn6_ingress;
    Apn6Insert() apn6_insert;
#endif
#ifdef WITH_MSR6
    Msr6LocalSid() msr6_local_sid;
    Msr6Ingress() msr6_ingress;
#if MAX_MSIDS > 4
    Msr6EncapSidsHi() msr6_encap_sids_hi;
#endif
#endif
#ifdef WITH_GTPU
    GtpuDecapLookup() gtpu_decap_lookup;
    GtpuDecap() gtpu_decap;
    GtpuEncap() gtpu_encap;
#endif
#ifdef WITH_NPTV6
    Nptv6Inbound() nptv6_inbound;
    Nptv6Outbound() nptv6_outbound;
#endif
#ifdef WITH_ILNP
    IlnpInbound() ilnp_inbound;
    IlnpErrorQuote() ilnp_error_quote;
    IlnpOutbound() ilnp_outbound;
#endif
    Station() station;
    Routing() routing;
#ifndef SIXFLOW_SCOPE_BY_PARSER
    ScopeMatch() scope_match;
#endif
#ifdef WITH_APN6
    Apn6Sla() apn6_sla;
    Apn6PostRouting() apn6_post_routing;
#ifdef WITH_GTPU
    Apn6BeforeTunnel() apn6_before_tunnel;
#endif
#endif
    Acl() acl;
#ifdef WITH_BNG
    BngLookup() bng_lookup;
    BngForward() bng_forward;
#endif
#ifdef WITH_BNG_ACCESS
    BngUpstream() bng_upstream;
    BngPassDown() bng_pass_down;
#endif

    apply {
        // Lookups that only write metadata (or an APN6 option the packet does not have yet) run
        // before (beside) the ACL rather than after it (on Tofino, stages earlier); their answers
        // are read once the ACL's is known. They do not read each other's answers; their order is
        // the longest chain behind them first: bf-p4c keeps a sequence's order, so a lookup
        // written after one it placed in stage 0 could no longer start there.
#ifdef WITH_MSR6
        msr6_local_sid.apply(hdr, meta);
#endif
#ifdef WITH_APN6
        apn6_ingress.apply(hdr, meta);
#endif
        station.apply(hdr, meta);
#ifdef WITH_GTPU
        gtpu_decap_lookup.apply(hdr, meta);
#endif
#ifdef WITH_BNG
        bng_lookup.apply(hdr, meta);
#endif
#ifdef SIXFLOW_SCOPE_MATCH_FIRST
        // The addresses' scopes (scope.p4), where the target marks them with the first lookups.
        scope_match.apply(hdr, meta);
#endif
        if (SIXFLOW_PARSER_FAILED) {
#ifdef SIXFLOW_CUT_SHORT_INSIDE_A_TUNNEL
          if (SIXFLOW_CUT_SHORT_INSIDE_A_TUNNEL) {
            // Malformed where the tunnel ends (an ICMPv6 error's quote: NPTv6 reads none of it);
            // otherwise a packet like any other, the ACL's to judge. Written for each feature:
            // a header the others do not declare is no expression there.
#ifdef WITH_MSR6
            if (hdr.mrh.isValid()) {
                meta.msr6_malformed = true;
            }
#endif
#ifdef WITH_GTPU
            if (hdr.gtpu.isValid()) {
                meta.gtpu_malformed = true;
            }
#endif
            acl.apply(hdr, meta);
          } else {
#endif
            // Truncated headers, an IPv6 Version not 6: never forward (or punt) what could not
            // be parsed.
            meta.drop = true;
#ifdef WITH_GTPU
            if (hdr.gtpu_udp.isValid()) {
                meta.drop_reason = DROP_GTPU_TRUNCATED;
            } else {
                meta.drop_reason = DROP_PARSER_ERROR;
            }
#else
            meta.drop_reason = DROP_PARSER_ERROR;
#endif
#ifdef SIXFLOW_CUT_SHORT_INSIDE_A_TUNNEL
          }
#endif
#ifdef SIXFLOW_FRAME_TRUNCATED
        } else if (SIXFLOW_FRAME_TRUNCATED) {
            // The frame ends before its IP header says the packet does: truncated too.
            meta.drop = true;
            meta.drop_reason = DROP_PARSER_ERROR;
#endif
#ifdef WITH_BNG
        } else if (hdr.ipv4.isValid() && hdr.ipv4.total_len[15:5] == 0 && hdr.ipv4.total_len[4:0] < (bit<5>) IPV4_HEADER_BYTES) {
            // An IPv4 Total Length short of its own header (RFC 1812 5.2.2): what follows was
            // not the packet's. A test of its own, the length in two parts (bits 15..5 zero, bits
            // 4..0 under 20): with the parser's verdict, or as one 16-bit comparison, it is more
            // than a Tofino gateway reads.
            meta.drop = true;
            meta.drop_reason = DROP_PARSER_ERROR;
#endif
#ifdef WITH_APN6
        } else if (meta.apn6_malformed) {
            meta.drop = true;
            meta.drop_reason = DROP_APN6_MALFORMED;
#endif
        } else {
            acl.apply(hdr, meta);
        }
#ifdef WITH_BNG_ACCESS
        if (meta.bng_pass_down) {
            // The split's downstream frame for a line of this switch: passed as it came, or dropped.
            bng_pass_down.apply(hdr, meta);
        } else if (meta.bng_from_line) {
            // A subscriber line's frame: punted, dropped or terminated (then routed below).
            bng_upstream.apply(hdr, meta);
        }
#endif
        if (meta.punt_to_cpu || meta.drop) {
            // Punted as received (without the option the classifier may have chosen), or dropped:
            // nothing else to do.
#ifdef WITH_APN6
            if (APN6_CLASSIFIED(hdr, meta)) {
                hdr.apn6.setInvalid();
            }
#endif
#ifdef WITH_BNG_ACCESS
        } else if (meta.bng_pass_down) {
            // Passed to the line's port (BngPassDown): neither routed nor encapsulated again.
#endif
#ifdef WITH_BNG
        } else if (hdr.ipv4.isValid() || meta.bng_downstream) {
            // IPv4, and packets to a subscriber (encapsulated into its session).
            bng_forward.apply(hdr, meta);
#endif
        } else if (!hdr.ipv6.isValid()) {
            meta.drop = true;
            meta.drop_reason = DROP_NOT_IPV6;
        } else {
            if (!meta.my_station) {
                meta.drop = true;
                meta.drop_reason = DROP_NOT_MY_STATION;
            } else {
#if !defined(SIXFLOW_SCOPE_BY_PARSER) && !defined(SIXFLOW_SCOPE_MATCH_FIRST)
                // The addresses' scopes (scope.p4), as received: before anything below rewrites
                // them.
                scope_match.apply(hdr, meta);
#endif
#ifdef WITH_ILNP
                // Provider locator -> the site's internal one before routing reads the
                // destination; Locator Updates punted as received (ilnp.p4).
                ilnp_inbound.apply(hdr, meta);
#endif
#ifdef WITH_NPTV6
                // Provider prefix -> internal prefix before anything reads the destination (as
                // Linux's DNPT in PREROUTING).
                nptv6_inbound.apply(hdr, meta);
#endif
#ifdef WITH_ILNP
                // A router's error ILNP took in: its quote and checksum (ilnp.p4).
                ilnp_error_quote.apply(hdr, meta);
#endif
                // The flow's label, should this packet be encapsulated (RFC 6438).
                SIXFLOW_FLOW_HASH
#ifdef WITH_APN6
                apn6_insert.apply(hdr, meta);
#endif
                // GTP-U downlink into a tunnel: unicast without a Routing header, which MSR6 never
                // takes (and the control flow says so: on Tofino the two encapsulations then share
                // stages); GTP-U uplink out of one at a local N3 address; or MSR6. The tunnel
                // forwards the inner packet, so one whose hop limit is spent is not tunnelled:
                // routing drops it and punts it as received for the controller's Time Exceeded, as
                // it does any such packet (MSR6's encapsulation leaves it to routing too).
#ifdef WITH_GTPU
                if (hdr.ipv6.dst_addr[127:120] != 0xff && !hdr.routing.isValid() && !hdr.gtpu_udp.isValid()
                        && hdr.ipv6.hop_limit > 1) {
                    gtpu_encap.apply(hdr, meta);
                } else if (meta.gtpu_n3) {
                    SIXFLOW_GTPU_VERIFY_UDP_CHECKSUM
                    gtpu_decap.apply(hdr, meta);
#ifdef WITH_MSR6
                } else {
#else
                }
#endif
#endif
#ifdef WITH_MSR6
                    msr6_ingress.apply(hdr, meta);
#endif
#if defined(WITH_GTPU) && defined(WITH_MSR6)
                }
#endif
#ifdef WITH_APN6
                apn6_sla.apply(hdr, meta);
#endif
#if defined(WITH_ECMP) || defined(WITH_ILNP)
                // One datagram's fragments take one path: a first fragment's ports, which the
                // later ones do not carry, are not hashed (RFC 6437 3) by ECMP or ILNP's uplink
                // choice, after routing_v6. The ACL and APN6's classifier have read them; the
                // encapsulations' label leaves them out itself (SIXFLOW_FLOW_HASH,
                // SIXFLOW_ENCAP_FLOW_LABEL). Here, on Tofino, beside routing_v6, which does not
                // read them: before the encapsulations it was a thirteenth stage in `full`.
                if (hdr.fragment.isValid()) {
                    meta.l4_src_port = 0;
                    meta.l4_dst_port = 0;
                }
#endif
                // Routed unless dropped, punted, sent to a multicast group or given its port
                // (routing.p4 tests it). A group or a port is set here only by MSR6 (a tree's SID
                // or encapsulation; a port by a leaf SID with one receiver port), and a packet
                // with one that is not dropped is a replica or a leaf's (msr6_replicate,
                // msr6_decap): the same test as those flags, on fields known earlier (on Tofino,
                // routing a stage sooner).
                routing.apply(hdr, meta);
#ifdef WITH_MSR6
                // An encapsulation with a group is replicated. Marked here, after routing, which
                // does not read the mark: inside Msr6Ingress it was a test on the encapsulation's
                // result, a Tofino stage that routing had to wait for.
                if (MSR6_ENCAPSULATED(meta) && meta.mcast_group != 0) {
                    meta.msr6_replicate = true;
                }
#endif
#if defined(WITH_MSR6) && MAX_MSIDS > 4
                // An encapsulation's upper M-SIDs, which routing does not read (msr6.p4).
                msr6_encap_sids_hi.apply(hdr, meta);
#endif
#ifdef WITH_NPTV6
                // Internal prefix -> the prefix of the uplink routing chose (as SNPT in POSTROUTING).
                nptv6_outbound.apply(hdr, meta);
#endif
#ifdef WITH_ILNP
                // Leaving by an uplink: the uplink by weight per flow, its source locator.
                ilnp_outbound.apply(hdr, meta);
#endif
#ifdef WITH_APN6
                apn6_post_routing.apply(hdr, meta);
#endif
            }
        }
#if defined(WITH_APN6) && defined(WITH_GTPU)
        // Whatever became of the packet: a G-PDU's outer option leaves in front of its UDP header.
        apn6_before_tunnel.apply(hdr, meta);
#endif
    }
}

#endif // SIXFLOW_INGRESS_P4
