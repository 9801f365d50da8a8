// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// GTP-U over IPv6 (3GPP TS 29.281): downlink encapsulation of packets to a UE prefix into a
// tunnel towards its peer (outer IPv6 + UDP 2152 + GTP-U [+ PDU Session Container]), with the
// tunnel's UDP checksum mode, and uplink decapsulation of G-PDUs addressed to a local N3
// address. The controller gives each tunnel its entries; the UDP checksum itself is the
// target's work at deparse time (GTPU_CHECKSUM_*: v1model's compute_checksum, Tofino's
// deparser). Formats: docs/features/gtpu.md.
#ifndef SIXFLOW_GTPU_P4
#define SIXFLOW_GTPU_P4

#include "../header.p4"
#include "../repeat.p4"
#include "tunnel.p4"

#ifdef WITH_GTPU

#define GTPU_EXT_WORD_INVALIDATE(i, n) hdr.gtpu_ext_words[i].setInvalid();

// Whether a G-PDU's lengths disagree: the UDP length must be the IPv6 payload less the extension
// header the parser found in front of the UDP header, and the GTP-U length what follows the UDP
// header and the mandatory GTP-U header. Compared where the target compares two fields
// (SIXFLOW_GTPU_LENGTHS_BY_CONDITIONS), else read from what GtpuDecapLookup's tables measured.
#ifdef SIXFLOW_GTPU_LENGTHS_BY_CONDITIONS
#define GTPU_LENGTHS_DISAGREE(hdr, meta) \
    (hdr.ipv6.payload_len - hdr.gtpu_udp.len != meta.gtpu_outer_ext_bytes \
     || hdr.gtpu_udp.len - hdr.gtpu.msg_len != UDP_HEADER_BYTES + GTPU_HEADER_BYTES)
#else
#define GTPU_LENGTHS_DISAGREE(hdr, meta) \
    (!meta.gtpu_udp_length_ok || meta.gtpu_len_excess != UDP_HEADER_BYTES + GTPU_HEADER_BYTES)
#endif

// The lookups of a tunnel's packet at its N3 end. They only read the parsed headers and write
// metadata, so they run beside the ACL (on Tofino, in its stages); only GTP-U packets look.
control GtpuDecapLookup(inout headers_t hdr, inout local_metadata_t meta) {

    action set_n3(bit<1> allow_zero_checksum) {
        meta.gtpu_n3 = true;
        meta.gtpu_allow_zero = allow_zero_checksum;
    }

    // Local N3 addresses: GTP-U packets to one of them are this router's to decapsulate (or,
    // for an echo request, to punt), the others are routed as they are. Whether the address
    // accepts a zero UDP checksum is its setting (RFC 6936: a tunnel end must be told to).
    table gtpu_n3 {
        key = {
            hdr.ipv6.dst_addr: exact @name("n3_addr");
        }
        actions = {
            set_n3;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = 64;
    }

    action decap(gtpu_tunnel_id_t tunnel_id) {
        meta.gtpu_teid_known = true;
        meta.gtpu_tunnel_id = tunnel_id;
    }

    // (N3 address, TEID) -> the uplink tunnel, for its counters. TEIDs are the N3 end's to
    // allocate, hence unique per address, not per router.
    table gtpu_decap {
        key = {
            hdr.ipv6.dst_addr: exact @name("n3_addr");
            hdr.gtpu.teid: exact @name("teid");
        }
        actions = {
            decap;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = GTPU_TUNNELS;
    }

#ifndef SIXFLOW_GTPU_LENGTHS_BY_CONDITIONS
    // How far the lengths disagree, measured by an action (Tofino's gateways compare a field with
    // a constant): the UDP length must be the IPv6 payload (less an extension header in front of
    // the UDP header, gtpu_udp_length), and the GTP-U length what follows the UDP header and the
    // mandatory GTP-U header.
    @hidden
    action measure_lengths() {
        meta.gtpu_udp_excess = hdr.ipv6.payload_len - hdr.gtpu_udp.len;
        meta.gtpu_len_excess = hdr.gtpu_udp.len - hdr.gtpu.msg_len;
    }

    @hidden
    table gtpu_lengths {
        actions = {
            measure_lengths;
        }
        const default_action = measure_lengths();
        size = 1;
    }

    @hidden
    action udp_length_agrees() {
        meta.gtpu_udp_length_ok = true;
    }

    // The UDP length must be the IPv6 payload less the extension header the parser found in
    // front of the UDP header (none, or 8, 16 or 24 octets): a constant per case, as Tofino's
    // gateways compare a field with a constant only.
    @hidden
    table gtpu_udp_length {
        key = {
            meta.gtpu_outer_ext_bytes: exact;
            meta.gtpu_udp_excess: exact;
        }
        actions = {
            udp_length_agrees;
            @defaultonly NoAction;
        }
        const entries = {
            (0, 0): udp_length_agrees();
            (8, 8): udp_length_agrees();
            (16, 16): udp_length_agrees();
            (24, 24): udp_length_agrees();
        }
        const default_action = NoAction();
    }
#endif

    apply {
        if (hdr.gtpu.isValid()) {
            gtpu_n3.apply();
            gtpu_decap.apply();
#ifndef SIXFLOW_GTPU_LENGTHS_BY_CONDITIONS
            gtpu_lengths.apply();
            gtpu_udp_length.apply();
#endif
        }
    }
}

// Uplink: what GtpuDecapLookup found, checked in order (the checksum before anything read from
// the packet, the lengths before the message, the tunnel before the inner source), then the
// G-PDU's inner packet takes the outer one's place and is routed like any packet. Applied to
// packets for a local N3 address only.
// The target has set meta.gtpu_checksum_bad where it verifies non-zero checksums (bmv2).
control GtpuDecap(inout headers_t hdr, inout local_metadata_t meta) {
    SIXFLOW_COUNTER(gtpu_decap_counter, GTPU_TUNNELS)
    TunnelDecapEcn() tunnel_decap_ecn;

    // The outer header goes with its extension header (the one in front of the UDP header); the
    // inner packet's own extension headers are its payload here, untouched.
    @hidden
    action decapsulate() {
        hdr.ipv6 = hdr.inner_ipv6;
        hdr.inner_ipv6.setInvalid();
        hdr.pre_ext.setInvalid();
        hdr.pre_ext_words[0].setInvalid();
        hdr.pre_ext_words[1].setInvalid();
#ifdef WITH_APN6
        // Or the APN6 option the parser read there (parse_gtpu's outer extension header).
        hdr.hbh.setInvalid();
        hdr.apn6.setInvalid();
        hdr.apn6_pad.setInvalid();
        meta.apn6_before_tunnel = false;
#endif
        hdr.gtpu_udp.setInvalid();
        hdr.gtpu.setInvalid();
        hdr.gtpu_options.setInvalid();
        // gtpu_psc is not touched: only this router's encapsulation makes it valid, never on a
        // packet it decapsulates (and bf-p4c 9.13 fails with "map::at" when a header the parser
        // never extracts is invalidated while the deparser's checksum reads it).
        SIXFLOW_REPEAT(GTPU_EXT_MAX_UNITS, GTPU_EXT_WORD_INVALIDATE)
        meta.lat_class = CLASS_GTPU_DECAP;
    }

    action drop(drop_reason_t reason) {
        meta.drop = true;
        meta.drop_reason = reason;
    }

    action allow_source() {
    }

    // The tunnel's UE prefixes: the sources its inner packets may have (TS 29.281 leaves this to
    // the N3 end; a UE must not send as another). The controller writes one entry per prefix
    // (GtpuTunnel.MAX_UE_PREFIXES at most), as many as gtpu_encap holds for the other direction.
    table gtpu_ue_source {
        key = {
            meta.gtpu_tunnel_id:     exact @name("tunnel_id");
            hdr.inner_ipv6.src_addr: lpm @name("ue_src");
        }
        actions = {
            allow_source;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = GTPU_TUNNELS;
    }

    // UE to UE through this router (docs/features/gtpu.md#ue-to-ue): a G-PDU's inner packet to a
    // UE prefix this router tunnels goes round the pipeline once more (to the target's
    // recirculation port, RECIRC_PORT), to enter that UE's tunnel as any packet to it does:
    // decapsulation and encapsulation exclude each other in one pass. It is not routed in this
    // pass (its port is set): the second pass takes its hop limit down as it enters the tunnel,
    // or, if it is spent, leaves it to routing to drop and punt, as a packet from the data
    // network. The controller writes one
    // entry per UE prefix of each tunnel this router encapsulates (as gtpu_encap). Keyed on the
    // inner destination as parsed, not on what decapsulate copies.
    action hairpin() {
        meta.egress_port = RECIRC_PORT;
        meta.egress_port_set = true;
    }

    table gtpu_hairpin {
        key = {
            hdr.inner_ipv6.dst_addr: lpm @name("ipv6_dst");
        }
        actions = {
            hairpin;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = GTPU_TUNNELS;
    }

    apply {
        // Looked up beside the checks below, not after them or only for a hop limit to spare: a
        // G-PDU they drop or punt is dropped or punted whatever port this sets (both tops test
        // those first). On Tofino either of the others cost `full` 20 or 41 ingress cycles or
        // `gtpu` a ninth stage; this one neither.
        gtpu_hairpin.apply();
        if (meta.gtpu_malformed) {
            drop(DROP_GTPU_MALFORMED);
        } else if (meta.gtpu_unknown_extension) {
            // TS 29.281 5.2.1: this end must comprehend it, and does not. Counted, and punted as
            // it came: the controller sends the sender a Supported Extension Headers Notification
            // (7.2.3), rate-limited per device (the top's punt).
            drop(DROP_GTPU_UNKNOWN_EXTENSION);
            meta.gtpu_answer = true;
        } else if (hdr.gtpu_udp.checksum == 0 && meta.gtpu_allow_zero == 0) {
            drop(DROP_GTPU_ZERO_CHECKSUM);
        } else if (meta.gtpu_checksum_bad) {
            drop(DROP_GTPU_BAD_CHECKSUM);
        } else if (GTPU_LENGTHS_DISAGREE(hdr, meta)) {
            drop(DROP_GTPU_BAD_LENGTH);
        } else if (hdr.gtpu.msg_type == GTPU_MSG_ECHO_REQUEST) {
            // Path management is the controller's: it answers with an echo response.
            meta.punt_to_cpu = true;
            SIXFLOW_RAISE(meta, ev_gtpu_echo_punted, EVENT_GTPU_ECHO_PUNTED)
        } else if (hdr.gtpu.msg_type == GTPU_MSG_ERROR_INDICATION || hdr.gtpu.msg_type == GTPU_MSG_END_MARKER
                || hdr.gtpu.msg_type == GTPU_MSG_SUPPORTED_EXT_HEADERS || hdr.gtpu.msg_type == GTPU_MSG_ECHO_RESPONSE) {
            // Tunnel and path management too (TS 29.281 7.3.1, 7.3.2, 7.2.3, 7.2.2): the peer
            // reports a TEID it does not know, ends a path's traffic, lists the extension headers
            // it takes, or answers the controller's path supervision. The controller acts on them
            // (and counts them).
            meta.punt_to_cpu = true;
        } else if (hdr.gtpu.msg_type != GTPU_MSG_GPDU) {
            drop(DROP_GTPU_NOT_GPDU);
        } else if (!meta.gtpu_teid_known) {
            // Counted as a drop, and punted as it came: the controller answers the sender with an
            // Error Indication (TS 29.281 7.3.1), rate-limited per device (the top's punt).
            drop(DROP_GTPU_UNKNOWN_TEID);
            meta.gtpu_answer = true;
        } else if (!gtpu_ue_source.apply().hit) {
            drop(DROP_GTPU_SPOOFED_SOURCE);
        } else {
            // RFC 6040 at the tunnel's end, as MSR6's: CE carries over, or a Not-ECT packet drops.
            tunnel_decap_ecn.apply(hdr, meta);
            if (!meta.drop) {
                decapsulate();
                SIXFLOW_COUNT(gtpu_decap_counter, meta.gtpu_tunnel_id)
            }
        }
    }
}

// Downlink: packets to a UE prefix enter its tunnel. Only unicast packets without a Routing
// header, not already GTP-U and with a hop limit to spare look (the caller's condition), so that
// MSR6's encapsulation (group destinations) and this one never meet, the deparser's order holds
// (no pre_ext), and routing punts a spent hop limit as received, for its Time Exceeded.
control GtpuEncap(inout headers_t hdr, inout local_metadata_t meta) {
    SIXFLOW_COUNTER(gtpu_encap_counter, GTPU_TUNNELS)

    // The packet becomes the inner one and the outer header is rebuilt from it in place, as
    // MSR6 does: it keeps the inner Traffic Class (DSCP and ECN, RFC 6040's normal mode) and
    // labels the inner flow (RFC 6438); the UDP source port carries the same hash. Lengths, the
    // optional fields and the PDU Session Container follow in gtpu_encap_lengths.
    action encap(gtpu_tunnel_id_t tunnel_id, ipv6_addr_t n3_addr, ipv6_addr_t peer_addr, bit<32> teid,
                 bit<6> qfi, bit<1> has_qfi, gtpu_checksum_mode_t checksum_mode) {
        meta.gtpu_tunnel_id = tunnel_id;
        meta.gtpu_has_qfi = has_qfi;
        meta.gtpu_checksum_mode = checksum_mode;
        hdr.inner_ipv6 = hdr.ipv6;
        hdr.ipv6.src_addr = n3_addr;
        hdr.ipv6.dst_addr = peer_addr;
        hdr.ipv6.next_header = PROTO_UDP;
        hdr.ipv6.hop_limit = 64;
        SIXFLOW_ENCAP_FLOW_LABEL
        hdr.gtpu_udp.setValid();
        SIXFLOW_ENCAP_ENTROPY_PORT(hdr.gtpu_udp.src_port)
        hdr.gtpu_udp.dst_port = GTPU_UDP_PORT;
        SIXFLOW_ZERO_NEW(hdr.gtpu_udp.checksum)
        hdr.gtpu.setValid();
        hdr.gtpu.version = GTPU_VERSION;
        hdr.gtpu.pt = 1;
        SIXFLOW_ZERO_NEW(hdr.gtpu.spare)
        SIXFLOW_ZERO_NEW(hdr.gtpu.seq_flag)
        SIXFLOW_ZERO_NEW(hdr.gtpu.npdu_flag)
        hdr.gtpu.msg_type = GTPU_MSG_GPDU;
        hdr.gtpu.teid = teid;
        meta.gtpu_qfi = qfi;  // the container is made valid (or not) by the lengths
    }

    // UE prefix -> its downlink tunnel. Longest prefix wins, as in routing_v6.
    table gtpu_encap {
        key = {
            hdr.ipv6.dst_addr: lpm @name("ipv6_dst");
        }
        actions = {
            encap;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = GTPU_TUNNELS;
    }

    // One action of constants per shape (a Tofino action adds one operand to a field): the
    // outer payload and the UDP length are the inner packet (its payload, still in the inner
    // header's field, plus its 40-octet header) and the UDP and GTP-U headers; the GTP-U length
    // counts what follows its mandatory 8 octets.
    @hidden
    action set_lengths() {
        hdr.ipv6.payload_len = hdr.inner_ipv6.payload_len + (IPV6_HEADER_BYTES + UDP_HEADER_BYTES + GTPU_HEADER_BYTES);
        hdr.gtpu_udp.len = hdr.inner_ipv6.payload_len + (IPV6_HEADER_BYTES + UDP_HEADER_BYTES + GTPU_HEADER_BYTES);
        hdr.gtpu.msg_len = hdr.inner_ipv6.payload_len + IPV6_HEADER_BYTES;
        SIXFLOW_ZERO_NEW(hdr.gtpu.ex_flag)
    }

    // With a QFI: E set, the optional fields (sequence and N-PDU number unused) and one DL PDU
    // SESSION INFORMATION container.
    @hidden
    action set_lengths_with_qfi() {
        hdr.ipv6.payload_len = hdr.inner_ipv6.payload_len
                + (IPV6_HEADER_BYTES + UDP_HEADER_BYTES + GTPU_HEADER_BYTES + GTPU_OPTIONS_BYTES + GTPU_PSC_BYTES);
        hdr.gtpu_udp.len = hdr.inner_ipv6.payload_len
                + (IPV6_HEADER_BYTES + UDP_HEADER_BYTES + GTPU_HEADER_BYTES + GTPU_OPTIONS_BYTES + GTPU_PSC_BYTES);
        hdr.gtpu.msg_len = hdr.inner_ipv6.payload_len + (IPV6_HEADER_BYTES + GTPU_OPTIONS_BYTES + GTPU_PSC_BYTES);
        hdr.gtpu.ex_flag = 1;
        hdr.gtpu_options.setValid();
        SIXFLOW_ZERO_NEW(hdr.gtpu_options.seq_num)
        SIXFLOW_ZERO_NEW(hdr.gtpu_options.npdu_num)
        hdr.gtpu_options.next_ext = GTPU_EXT_PDU_SESSION_CONTAINER;
        hdr.gtpu_psc.setValid();
        hdr.gtpu_psc.len = GTPU_PSC_LEN;
        hdr.gtpu_psc.pdu_type = GTPU_PDU_TYPE_DL;
        SIXFLOW_ZERO_NEW(hdr.gtpu_psc.spare0)
        SIXFLOW_ZERO_NEW(hdr.gtpu_psc.spare1)
        hdr.gtpu_psc.qfi = meta.gtpu_qfi;
        hdr.gtpu_psc.next_ext = GTPU_EXT_NONE;
    }

    @hidden
    table gtpu_encap_lengths {
        key = {
            meta.gtpu_has_qfi: exact;
        }
        actions = {
            set_lengths;
            set_lengths_with_qfi;
        }
        const entries = {
            0: set_lengths();
            1: set_lengths_with_qfi();
        }
        const default_action = set_lengths();
    }

    action drop(drop_reason_t reason) {
        meta.drop = true;
        meta.drop_reason = reason;
    }

    // A miss (not a UE's packet: routed as it is) costs the lookup only: the hit is a branch of
    // the table, not a condition bmv2 evaluates.
    apply {
        if (!gtpu_encap.apply().hit) {
            // not a UE's packet
        } else if (meta.gtpu_checksum_mode == GTPU_CHECKSUM_INCREMENTAL
                && ((hdr.inner_ipv6.next_header != PROTO_TCP && hdr.inner_ipv6.next_header != PROTO_UDP
                     && hdr.inner_ipv6.next_header != PROTO_ICMPV6) || meta.l4_checksum_zero)) {
            // INCREMENTAL builds on the inner L4 checksum: it needs one (not a UDP zero), right
            // after the inner IPv6 header (an extension header, a fragment or another protocol
            // gives none it can use). Such a packet is dropped and counted, not sent with a
            // checksum its peer would refuse (README "GTP-U").
            drop(DROP_GTPU_NO_INNER_CHECKSUM);
        } else if (meta.gtpu_checksum_mode == GTPU_CHECKSUM_FULL && !SIXFLOW_GTPU_FULL_CHECKSUM) {
            drop(DROP_GTPU_CHECKSUM_MODE);
        } else {
            gtpu_encap_lengths.apply();
            // This router forwards the inner packet into the tunnel: a hop (RFC 2473 3.1).
            hdr.inner_ipv6.hop_limit = hdr.inner_ipv6.hop_limit - 1;
            SIXFLOW_COUNT(gtpu_encap_counter, meta.gtpu_tunnel_id)
            if (meta.gtpu_checksum_mode == GTPU_CHECKSUM_INCREMENTAL) {
                meta.gtpu_checksum_incremental = true;
                SIXFLOW_GTPU_INNER_RESIDUAL
                meta.lat_class = CLASS_GTPU_ENCAP_INCREMENTAL;
            } else if (meta.gtpu_checksum_mode == GTPU_CHECKSUM_FULL) {
                meta.gtpu_checksum_full = true;
                meta.lat_class = CLASS_GTPU_ENCAP_FULL;
            } else {
                meta.lat_class = CLASS_GTPU_ENCAP_ZERO;
            }
            SIXFLOW_MARK_GROWN(meta)
        }
    }
}

#endif // WITH_GTPU

#endif // SIXFLOW_GTPU_P4
