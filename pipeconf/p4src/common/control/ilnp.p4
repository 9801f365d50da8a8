// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// ILNPv6 at a site border router (RFC 6748's site-controlled locator rewriting; RFCs 6740-6744).
// An ILNPv6 address is a Locator (its upper 64 bits: where) and a Node Identifier (its lower 64
// bits: who). Hosts inside the site use the site's internal locator; the border router rewrites
// it, statelessly, to one of the site's provider locators going out and back coming in, so that
// the site is multihomed without a route of its own in any provider's table.
//
// - An ILNPv6 packet is one whose Destination Options header, right after the IPv6 header,
//   starts with the Nonce option (RFC 6744: type 0x8B, a 4- or 12-octet nonce). No other packet
//   is read or written by these tables. A Nonce option of another length, or one that runs past
//   its header (12 octets in an 8-octet header), is malformed: dropped and counted
//   (DROP_ILNP_MALFORMED). A header that claims more octets than the packet has is the parser's
//   error (DROP_PARSER_ERROR), as any truncated header.
// - Inbound (before routing): a destination locator that is one of the site's provider locators
//   becomes the site's internal locator, and the uplink's inbound counter counts it.
// - Outbound (after routing): when routing sends the packet out of one of the site's uplinks
//   and its source locator is the site's internal one, the flow's hash (its identifiers, not
//   its locators, so a flow keeps its uplink when a locator changes; protocol and ports) picks
//   the uplink by weight: each uplink owns a range of the 16-bit hash in proportion to its
//   share (the controller writes the ranges). The source locator becomes that uplink's, the
//   packet leaves by it (its port and next hop's MACs), and its outbound counter counts it.
// - No ILNPv6 packet's checksum is touched: ILNP's upper-layer checksums cover the identifiers,
//   not the locators (the pseudo-header takes the identifiers: RFC 6740, RFC 6741), so a
//   locator rewrite leaves them right.
// - An ICMPv6 Locator Update (RFC 6743, type 156) passing through goes up to the controller
//   (PUNT_ILNP_LOCATOR_UPDATE), as received: the controller updates the site's mappings.
// - An ICMPv6 error without the Nonce option (a router's: routers are not ILNP nodes), quoting
//   at least an IPv6 header, to one of the site's provider locators comes in as an ILNPv6
//   packet does; when it is about a packet sent from there (the quote's source locator is the
//   error's destination locator), the quote's source locator becomes the internal one too: the
//   host gets a Packet Too Big from a provider's network about the packet as it sent it. Such an
//   error is plain ICMPv6 (its checksum covers the locators), so its checksum is updated for the
//   locators changed (RFC 1624), the target's way (SIXFLOW_ILNP_ERROR_* and _QUOTE_FROM_DST*
//   in define_<target>.p4).
#ifndef SIXFLOW_ILNP_P4
#define SIXFLOW_ILNP_P4

#include "../header.p4"

#ifdef WITH_ILNP

// Recognition, Locator Updates and the inbound rewrite. Before routing, which reads the
// destination (it then routes the packet into the site by the internal locator).
control IlnpInbound(inout headers_t hdr, inout local_metadata_t meta) {
    // ILNP packets that came in by each uplink (index: the uplink's id).
    SIXFLOW_COUNTER(ilnp_uplink_in, ILNP_UPLINKS)

    action to_internal(bit<64> locator, ilnp_uplink_id_t uplink) {
        hdr.ipv6.dst_addr[127:64] = locator;
        SIXFLOW_COUNT(ilnp_uplink_in, uplink)
    }

    // A provider locator of the site (one per uplink) -> the site's internal locator.
    table ilnp_inbound {
        key = {
            hdr.ipv6.dst_addr[127:64]: exact @name("dst_locator");
        }
        actions = {
            to_internal;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = ILNP_LOCATORS;
    }

    apply {
        // The Nonce option first in a Destination Options header right after the IPv6 header;
        // its Option Data Length (4 or 12) must fit the header (8 octets: 4 only).
        if (hdr.ipv6.next_header == PROTO_DSTOPTS && hdr.dest_opts.isValid()
                && hdr.dest_opts.data[47:40] == ILNP_NONCE_OPTION_TYPE) {
            if (hdr.dest_opts.data[39:32] == ILNP_NONCE_SHORT
                    || (hdr.dest_opts.data[39:32] == ILNP_NONCE_LONG && hdr.dest_opts.hdr_ext_len != 0)) {
                meta.ilnp = true;
            } else {
                meta.ilnp_malformed = true;
            }
        }
        if (hdr.icmpv6.isValid() && hdr.icmpv6.type == ICMPV6_ILNP_LOCATOR_UPDATE) {
            meta.punt_to_cpu = true;
            meta.punt_reason = PUNT_ILNP_LOCATOR_UPDATE;
        } else if (meta.ilnp_malformed) {
            meta.drop = true;
            meta.drop_reason = DROP_ILNP_MALFORMED;
        } else if (meta.ilnp || hdr.icmpv6_inner_ipv6.isValid()) {
            SIXFLOW_ILNP_ERROR_SAVE(hdr, meta)
            if (ilnp_inbound.apply().hit) {
                if (!meta.ilnp) {
                    // A router's error to a host by a provider locator: into the site as an
                    // ILNPv6 packet; its quote and checksum after NPTv6 (IlnpErrorQuote).
                    SIXFLOW_ILNP_ERROR_MARK(hdr, meta)
                }
            }
        }
    }
}

// A router's error that IlnpInbound took into the site: about a packet the host sent by that
// uplink (the quote's source locator is the one the error came to), its quote names the host as
// it sent it, so that the host finds that packet; then the ICMPv6 checksum. After NPTv6's
// inbound, which reads the quote's source: on Tofino a write before that read would make its
// table wait a stage for it (20 cycles more for every packet).
control IlnpErrorQuote(inout headers_t hdr, inout local_metadata_t meta) {
    apply {
        if (SIXFLOW_ILNP_ERROR_MARKED(hdr, meta)) {
            SIXFLOW_ILNP_ERROR_KEEP(hdr, meta)
            if (SIXFLOW_ILNP_QUOTE_FROM_DST(hdr, meta)) {
                if (SIXFLOW_ILNP_QUOTE_FROM_DST_TOO(meta)) {
                    hdr.icmpv6_inner_ipv6.src_addr[127:64] = hdr.ipv6.dst_addr[127:64];
                }
            }
            SIXFLOW_ILNP_ERROR_CHECKSUM(hdr, meta)
        }
    }
}

// The outbound rewrite: uplink by weight per flow, source locator. After routing, whose choice
// of port says the packet leaves the site.
control IlnpOutbound(inout headers_t hdr, inout local_metadata_t meta) {
    SIXFLOW_ILNP_HASH_DECL
    // ILNP packets that left by each uplink (index: the uplink's id).
    SIXFLOW_COUNTER(ilnp_uplink_out, ILNP_UPLINKS)

    action set_site(ilnp_site_id_t site) {
        meta.ilnp_site = site;
    }

    // (an uplink routing chose, the site's internal locator as source) -> the site.
    table ilnp_site {
        key = {
            meta.egress_port: exact @name("eg_port");
            hdr.ipv6.src_addr[127:64]: exact @name("src_locator");
        }
        actions = {
            set_site;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = ILNP_SITES;
    }

    action use_uplink(bit<64> locator, port_num_t port, mac_addr_t smac, mac_addr_t dmac,
                      ilnp_uplink_id_t uplink) {
        hdr.ipv6.src_addr[127:64] = locator;
        meta.egress_port = port;
        hdr.ethernet.src_addr = smac;
        hdr.ethernet.dst_addr = dmac;
        SIXFLOW_COUNT(ilnp_uplink_out, uplink)
    }

    // (site, the flow's hash) -> the uplink whose range of the hash holds it: its locator, port
    // and next hop. A site without a range for the hash leaves as routing sent it.
    table ilnp_uplink {
        key = {
            meta.ilnp_site: exact @name("site");
            meta.ilnp_bucket: range @name("bucket");
        }
        actions = {
            use_uplink;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = ILNP_SHARES;
    }

    apply {
        if (meta.ilnp && !meta.drop && !meta.punt_to_cpu && meta.egress_port_set) {
            if (ilnp_site.apply().hit) {
                // The flow: both identifiers, the upper-layer protocol and ports (0 without).
                SIXFLOW_ILNP_BUCKET(meta.ilnp_bucket, { hdr.ipv6.src_addr[63:0], hdr.ipv6.dst_addr[63:0],
                                                        meta.ip_proto, meta.l4_src_port, meta.l4_dst_port })
                ilnp_uplink.apply();
            }
        }
    }
}

#endif // WITH_ILNP

#endif // SIXFLOW_ILNP_P4
