// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// NPTv6 (RFC 6296) at a site border router: stateless, checksum-neutral prefix translation.
// Inbound, before routing (as Linux's DNPT in PREROUTING): a provider (external) destination
// prefix becomes the site's internal one. Outbound, after routing has chosen the uplink (as SNPT
// in POSTROUTING): an internal source prefix becomes that uplink's provider prefix. One mapping
// per (internal prefix, uplink); the controller (app features/nptv6) writes its entries.
//
// The data plane supports prefixes of /48 and shorter, the internal and external prefix of a
// mapping being the same length (the controller refuses others, saying why). Then:
// - the prefix bits are flipped with an XOR of (internal ^ external), which the entry carries:
//   the LPM entry matched only addresses inside its prefix, so the XOR writes the other prefix;
// - the adjustment (RFC 6296 section 3.2: the one's-complement sum of the old prefix's words
//   minus the new one's, computed once per mapping by the controller) is added, one's complement
//   (RFC 1071's end-around carry), to word 3 of the address (bits 48-63, the subnet), and a
//   result of 0xFFFF is written as 0x0000: the pseudo-header sum, and so every L4 checksum,
//   stays what it was;
// - an address whose word 3 is 0xFFFF cannot be translated (subnet 0xFFFF, RFC 6296): the packet
//   is dropped, counted (DROP_NPTV6_UNTRANSLATABLE) and punted, untranslated, with the field in
//   the punt reason (PUNT_NPTV6_SOURCE going out, PUNT_NPTV6_DESTINATION coming in), for the
//   controller's ICMPv6 Parameter Problem pointing at it. (Linux translates it:
//   docs/features/nptv6.md.)
// - In an ICMPv6 error the invoking packet's address that matches the mapping is translated too
//   (its destination going out, its source coming in), with the same entry, looked up in a
//   table of its own, as Linux's SNPT/DNPT do. Both translations are checksum-neutral, so the
//   ICMPv6 checksum stays right. An invoking address whose word 3 is 0xFFFF is left as it is
//   (Linux translates it).
#ifndef SIXFLOW_NPTV6_P4
#define SIXFLOW_NPTV6_P4

#include "../header.p4"

#ifdef WITH_NPTV6

// The adjusted word, word +' adjustment (one's complement, RFC 1071) with a result of 0xFFFF
// written as 0x0000 (RFC 6296), in one 32-bit subtraction: (word ++ word) - (~adjustment ++
// ~adjustment). Its upper half is word - ~adjustment with the borrow out of the lower half taken
// off: one's-complement subtraction with its end-around borrow, which is word +' adjustment and
// never 0xFFFF for a word other than 0xFFFF (the only one it cannot translate), so 0xFFFF needs
// no test. The table's action writes both operands: the sum is one operation, its upper half one
// move. (Tofino takes no test or operation on a value its own action computes, nor a condition on
// a bit of a wider field for a conditional write; bf-p4c 9.13 fails on a 17-bit sum of a
// zero-extended header slice. ChecksumNeutralTest holds the identity, for every word.)
#define NPTV6_WORDS(word) (word ++ word)
#define NPTV6_ADJUSTMENT(adjustment) (~adjustment ++ ~adjustment)

// Provider prefix -> internal prefix, on the destination; in an ICMPv6 error, on the invoking
// packet's source.
control Nptv6Inbound(inout headers_t hdr, inout local_metadata_t meta) {

    // The entry's flip and adjustment, and the word it goes into, for the apply block's arithmetic.
    action translate(bit<48> flip, bit<16> adjustment) {
        meta.nptv6_hit = true;
        meta.nptv6_flip = flip;
        meta.nptv6_adjustment = NPTV6_ADJUSTMENT(adjustment);
        meta.nptv6_word = NPTV6_WORDS(hdr.ipv6.dst_addr[79:64]);
    }

    // Destination in a provider prefix -> the flip to the internal prefix and the adjustment.
    table nptv6_inbound {
        key = {
            hdr.ipv6.dst_addr: lpm @name("ipv6_dst");
        }
        actions = {
            translate;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = NPTV6_MAPPINGS;
    }

    action translate_inner(bit<48> flip, bit<16> adjustment) {
        meta.nptv6_inner_hit = true;
        meta.nptv6_inner_flip = flip;
        meta.nptv6_inner_adjustment = NPTV6_ADJUSTMENT(adjustment);
        meta.nptv6_inner_word = NPTV6_WORDS(hdr.icmpv6_inner_ipv6.src_addr[79:64]);
    }

    // The same entries, for the source of the packet an ICMPv6 error carries (one this site sent
    // out, translated on its way).
    table nptv6_inbound_icmp {
        key = {
            hdr.icmpv6_inner_ipv6.src_addr: lpm @name("inner_ipv6_src");
        }
        actions = {
            translate_inner;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = NPTV6_MAPPINGS;
    }

    apply {
        nptv6_inbound.apply();
        if (hdr.icmpv6_inner_ipv6.isValid()) {
            nptv6_inbound_icmp.apply();
        }
        if (meta.nptv6_hit) {
            if (hdr.ipv6.dst_addr[79:64] == 0xffff) {
                meta.drop = true;
                meta.drop_reason = DROP_NPTV6_UNTRANSLATABLE;
                meta.punt_reason = PUNT_NPTV6_DESTINATION;
            } else {
                meta.nptv6_sum = meta.nptv6_word - meta.nptv6_adjustment;
                hdr.ipv6.dst_addr[127:80] = hdr.ipv6.dst_addr[127:80] ^ meta.nptv6_flip;
                hdr.ipv6.dst_addr[79:64] = meta.nptv6_sum[31:16];
                if (meta.nptv6_inner_hit && hdr.icmpv6_inner_ipv6.src_addr[79:64] != 0xffff) {
                    meta.nptv6_inner_sum = meta.nptv6_inner_word - meta.nptv6_inner_adjustment;
                    hdr.icmpv6_inner_ipv6.src_addr[127:80] = hdr.icmpv6_inner_ipv6.src_addr[127:80]
                                                             ^ meta.nptv6_inner_flip;
                    hdr.icmpv6_inner_ipv6.src_addr[79:64] = meta.nptv6_inner_sum[31:16];
                }
            }
        }
    }
}

// Internal prefix -> the provider prefix of the uplink routing chose, on the source; in an ICMPv6
// error, on the invoking packet's destination. Only for a packet routed out of a port.
control Nptv6Outbound(inout headers_t hdr, inout local_metadata_t meta) {

    action translate(bit<48> flip, bit<16> adjustment) {
        meta.nptv6_out_hit = true;
        meta.nptv6_flip = flip;
        meta.nptv6_adjustment = NPTV6_ADJUSTMENT(adjustment);
        meta.nptv6_word = NPTV6_WORDS(hdr.ipv6.src_addr[79:64]);
    }

    // (uplink, source in an internal prefix) -> the flip to that uplink's provider prefix and
    // the adjustment.
    table nptv6_outbound {
        key = {
            meta.egress_port: exact @name("eg_port");
            hdr.ipv6.src_addr: lpm @name("ipv6_src");
        }
        actions = {
            translate;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = NPTV6_MAPPINGS;
    }

    action translate_inner(bit<48> flip, bit<16> adjustment) {
        meta.nptv6_inner_out_hit = true;
        meta.nptv6_inner_flip = flip;
        meta.nptv6_inner_adjustment = NPTV6_ADJUSTMENT(adjustment);
        meta.nptv6_inner_word = NPTV6_WORDS(hdr.icmpv6_inner_ipv6.dst_addr[79:64]);
    }

    // The same entries, for the destination of the packet an ICMPv6 error carries (one sent to
    // this site, translated on its way in).
    table nptv6_outbound_icmp {
        key = {
            meta.egress_port: exact @name("eg_port");
            hdr.icmpv6_inner_ipv6.dst_addr: lpm @name("inner_ipv6_dst");
        }
        actions = {
            translate_inner;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = NPTV6_MAPPINGS;
    }

    apply {
        if (!meta.drop && !meta.punt_to_cpu && meta.egress_port_set) {
            nptv6_outbound.apply();
            if (hdr.icmpv6_inner_ipv6.isValid()) {
                nptv6_outbound_icmp.apply();
            }
        }
        if (meta.nptv6_out_hit) {
            if (hdr.ipv6.src_addr[79:64] == 0xffff) {
                meta.drop = true;
                meta.drop_reason = DROP_NPTV6_UNTRANSLATABLE;
                meta.punt_reason = PUNT_NPTV6_SOURCE;
            } else {
                meta.nptv6_sum = meta.nptv6_word - meta.nptv6_adjustment;
                hdr.ipv6.src_addr[127:80] = hdr.ipv6.src_addr[127:80] ^ meta.nptv6_flip;
                hdr.ipv6.src_addr[79:64] = meta.nptv6_sum[31:16];
                if (meta.nptv6_inner_out_hit && hdr.icmpv6_inner_ipv6.dst_addr[79:64] != 0xffff) {
                    meta.nptv6_inner_sum = meta.nptv6_inner_word - meta.nptv6_inner_adjustment;
                    hdr.icmpv6_inner_ipv6.dst_addr[127:80] = hdr.icmpv6_inner_ipv6.dst_addr[127:80]
                                                             ^ meta.nptv6_inner_flip;
                    hdr.icmpv6_inner_ipv6.dst_addr[79:64] = meta.nptv6_inner_sum[31:16];
                }
            }
        }
    }
}

#endif // WITH_NPTV6

#endif // SIXFLOW_NPTV6_P4
