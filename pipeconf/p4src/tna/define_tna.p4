// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Tofino-specific values. CPU_PORT is the PCIe CPU port of a 32-port Tofino 1
// (Wedge100BF-32X); the Java interpreter's Tofino value is tested against this file, and so
// are the clone sessions and their truncation.
#ifndef SIXFLOW_DEFINE_TNA_P4
#define SIXFLOW_DEFINE_TNA_P4

#define CPU_PORT 192
// Pipe 0's recirculation port on Tofino 1 (ports 68 to 71 are pipe 0's internal recirculation
// ports): a packet sent there comes back into the ingress with this ingress port (GTP-U's UE-to-UE
// hairpin, gtpu.p4, and a packet-out the controller has the pipeline route). Sending it there is
// the whole of it.
#define RECIRC_PORT 68
// Tofino 1's egress parse depth (160 bytes with its intrinsic metadata) reaches 3 M-SIDs.
#define EGRESS_MAX_MSIDS 3
// ... and only an MRH right after the outer IPv6 header: copies of an MRH behind another
// extension header are dropped and counted (MSR6_MALFORMED) in egress.
#define EGRESS_OUTER_MRH_ONLY

// A received G-PDU's extension headers: at most 4 units (16 octets; a PDU Session Container with
// one time stamp) on Tofino 1, where bmv2 takes 8. Each unit of the bound is a state per chain
// position and length in the ingress parser, whose TCAM has 256 rows: with 8, `full` needed 331
// and `gtpu` 286 (bf-p4c with the match register fix, build-bf-p4c.sh), and neither compiled. A
// longer chain is malformed there (GTPU_MALFORMED), as on bmv2 past its 8.
#define GTPU_EXT_MAX_UNITS 4

// Tofino 1 has 24 TCAM blocks of 512 x 44 bits per stage; 512 policies fit in one.
#define APN6_CLASSIFIER_SIZE 512
// Mirror session the controller points at the CPU port for telemetry reports.
#define TELEMETRY_CLONE_SESSION 500
// What the controller asks that session to keep of a mirror: its report header (28 bytes) and
// 128 bytes of the measured packet.
#define TELEMETRY_SESSION_TRUNCATE_BYTES 156
// Mirror session the controller points at the CPU port, keeping all of a mirror, for packets past
// their egress MTU: the report header and the whole packet, for an ICMPv6 Packet Too Big.
#define TOO_BIG_CLONE_SESSION 501
// eg_dprsr_md.mirror_type of a report mirror (latency or too big: the sessions differ).
const MirrorType_t MIRROR_TYPE_REPORT = 1;
// A report mirror carries its version (header_tna.p4): the framing keeps it (report.p4).
#define SIXFLOW_REPORT_VERSION_FROM_MIRROR

// A packet counter of a table's entries, declared the target's way for the common controls.
#define SIXFLOW_DIRECT_PACKET_COUNTER(name) DirectCounter<bit<64>>(CounterType_t.PACKETS) name;

// A zero for a field of a header the action has just made valid: Tofino's setValid leaves the
// field's container as it was, so the zero is written.
#define SIXFLOW_ZERO_NEW(field) field = 0;

// Whether this router grew the packet (an APN6 insertion, an MSR6 or GTP-U encapsulation): a
// field, bridged to egress, whose too-big mirror reports it.
#define SIXFLOW_GROWN_FIELD bool grown;
#define SIXFLOW_MARK_GROWN(meta) meta.grown = true;

// The outer flow label of an encapsulation (RFC 6438): the ingress hashes every packet's flow
// up front (a hash unit of its own, no stage or gateway of its own), the encapsulation takes it.
#define SIXFLOW_ENCAP_FLOW_LABEL hdr.ipv6.flow_label = meta.flow_hash;
// (bmv2 adds the headers it hashes to the packet's; Tofino's hash units take fields as they are.
// With ILNP, a router's error taken into the site has its ICMPv6 header's rest in one of its own.)
#define SIXFLOW_TARGET_HEADERS SIXFLOW_TNA_ILNP_HEADERS

// An indexed packet-and-byte counter for the common controls, and counting one of its cells.
#define SIXFLOW_COUNTER(name, size) Counter<bit<64>, bit<16>>(size, CounterType_t.PACKETS_AND_BYTES) name;
#define SIXFLOW_COUNT(name, index) name.count((bit<16>) index);

// A per-line meter (bng.p4), executed the target's way, and its colours (TNA's MeterColor_t:
// 0 green, 1 yellow, 3 red).
#define SIXFLOW_METER(name, size) Meter<bit<16>>(size, MeterType_t.BYTES) name;
#define SIXFLOW_METER_EXECUTE(name, index, color) color = name.execute((bit<16>) index);
#define SIXFLOW_METER_YELLOW 1
#define SIXFLOW_METER_RED 3
// BNG table sizes Tofino 1 holds (docs/features/bng.md): the LPM tables' TCAM is the limit.
#define BNG_SOURCES_V6 4096
#define BNG_SOURCES_V4 4096
#define BNG_PREFIXES_V6 4096
#define BNG_PREFIXES_V4 4096
#define ROUTING_V4_SIZE 1024

// GTP-U's UDP source port: 49152 + 14 bits of the flow's hash (the one the flow label takes).
#define SIXFLOW_ENCAP_ENTROPY_PORT(field) field = GTPU_SRC_PORT_PREFIX ++ meta.flow_hash[13:0];

// Tofino's deparser checksums only what it deparses, never the unparsed payload: a tunnel in
// GTPU_CHECKSUM_FULL is dropped and counted (DROP_GTPU_CHECKSUM_MODE); the controller refuses it.
#define SIXFLOW_GTPU_FULL_CHECKSUM false

// Tofino's parser writes a metadata field once on a path (a second write merges) and only from
// the header it is extracting: IPv6's Next Header is looked at ahead, so that a chain ending at
// the IPv6 header sets ip_proto as it extracts it (parser.p4, ipv6_ahead). Lookaheads match the
// packet's octets in place, no field of their own.
#define SIXFLOW_NEXT_HEADER_AHEAD
#define SIXFLOW_AHEAD_DECL
#define SIXFLOW_LOOK(n)
#define SIXFLOW_AHEAD_OF(n) packet.lookahead<bit<n>>()
#define SIXFLOW_AHEAD_LOW(n, hi) packet.lookahead<bit<n>>()[hi:0]
#define SIXFLOW_LOW(field, hi) field[hi:0]
#define SIXFLOW_LOW_CASE(n, mask, v) v
#define SIXFLOW_LOW_MASKED_CASE(n, v, m) v &&& m

// A select whose cases end in no match (parse_ipv6: an IPv6 header whose Version is not 6): the
// parser finds no row in its TCAM, which is its error (ig_prsr_md.parser_err has
// PARSER_ERROR_NO_MATCH): nothing to add.
#define SIXFLOW_NO_MATCH
#define SIXFLOW_NO_MATCH_STATE

// GTP-U INCREMENTAL: the parser takes the residual. Every IPv6 header's source, destination and
// payload length are subtracted from a checksum unit, which deposits the negated sum where the
// upper layer starts (TCP, UDP, ICMPv6), with 17 minus that protocol beside it (the inner
// pseudo-header's Next Header leaves, the outer one's comes): the ingress deparser adds both to
// the headers in front of the inner packet. Only a packet whose upper layer follows its IPv6
// header directly is tunnelled INCREMENTAL (gtpu.p4), so the length subtracted is the one its
// pseudo-header holds; the residual of any other is never read.
#ifdef WITH_GTPU
#define SIXFLOW_PARSER_CHECKSUM_DECL Checksum() inner_residual;
#define SIXFLOW_PARSE_IPV6_CHECKSUM \
    inner_residual.subtract({ hdr.ipv6.src_addr, hdr.ipv6.dst_addr, hdr.ipv6.payload_len });
#define SIXFLOW_PARSE_L4_CHECKSUM(proto) \
    inner_residual.subtract_all_and_deposit(meta.gtpu_inner_residual); \
    meta.gtpu_proto_adjust = GTPU_PROTO_ADJUST_##proto;
#define SIXFLOW_GTPU_INNER_RESIDUAL
#else
// Without GTP-U the parser has no checksum work.
#define SIXFLOW_PARSER_CHECKSUM_DECL
#define SIXFLOW_PARSE_IPV6_CHECKSUM
#define SIXFLOW_PARSE_L4_CHECKSUM(proto)
#endif
// 17 - protocol in ones' complement: 17 + ~6, 17 + ~17, 17 + ~58 (end-around carry folded).
const bit<16> GTPU_PROTO_ADJUST_PROTO_TCP    = 0x000b;
const bit<16> GTPU_PROTO_ADJUST_PROTO_UDP    = 0x0000;
const bit<16> GTPU_PROTO_ADJUST_PROTO_ICMPV6 = 0xffd6;

// The APN6 classifier's TCAM fills two stages, and the longest ingress chain starts with it
// (classifier, APN6 insertion, MSR6 encapsulation, its M-SIDs, routing, APN6 strip, counters):
// it starts in stage 0, beside the ACL. (Pinned at 2 before, when the MSR6 local SID's checks
// were what the chain waited for.)
#define SIXFLOW_APN6_CLASSIFIER_PLACEMENT @stage(0)

// The port's MTU and the MSR6 copy head the egress chain (MTU excess and copy checks, the drop
// verdict, then the latency registers and sampling, which only forwarded copies reach): both
// ask for stage 0, where bf-p4c 9.13.4 left to itself put one of them a stage or two later. It
// places port_mtu there; msr6_copy it places in stage 1 all the same, with a warning that it
// could not do better (core, full: docs/features/resources.md).
#define SIXFLOW_PORT_MTU_PLACEMENT @stage(0)
#define SIXFLOW_MSR6_COPY_PLACEMENT @stage(0)

// ECMP's selector (routing.p4): a hash unit over the table's selector fields and an
// ActionSelector over the members' action profile, which P4Info names ecmp_selector (as the
// v1model selector: one name for the controller). FAIR spreads a group's members evenly.
#define SIXFLOW_ECMP_SELECTOR_DECL \
    Hash<bit<16>>(HashAlgorithm_t.CRC16) ecmp_hash; \
    ActionProfile(ECMP_MEMBERS) ecmp_selector; \
    ActionSelector(ecmp_selector, ecmp_hash, SelectorMode_t.FAIR, ECMP_MAX_GROUP_SIZE, ECMP_GROUPS) ecmp_hashed;
#define SIXFLOW_ECMP_SELECTOR ecmp_hashed

// ILNP's uplink choice (ilnp.p4): the flow's 16-bit hash from a hash unit of its own (CRC16, as
// bmv2's), into a field; the controller gives each uplink a range of it (a range match: TCAM).
#define SIXFLOW_ILNP_HASH_DECL Hash<bit<16>>(HashAlgorithm_t.CRC16) ilnp_hash;
#define SIXFLOW_ILNP_BUCKET(field, ...) field = ilnp_hash.get(__VA_ARGS__);

// ILNP's error from a provider's router (ilnp.p4): the ingress keeps the old checksum and the
// addresses whose locators it may change (the error's destination, its quote's source)
// complemented, before ilnp_inbound, and the ingress deparser adds those addresses as they leave
// (main.p4): RFC 1624's ~(~HC + ~m + m'), no stage adding anything. Whole addresses, because a
// checksum unit takes no slice of a field: the identifiers, unchanged, add ~m + m, zero. The
// error taken in moves its checksum and parameter into a header of its own, emitted in the
// ICMPv6 error header's place, whose validity is the update's condition: a condition on a
// metadata field costs a table in the last stage (bf-p4c 9.13.4: `nptv6` ingress 245 cycles, not
// 225). Whether the quote's source is the error's destination: the locators' difference, tested
// by halves, since a gateway reads at most 4 bytes (and 12 bits) and an action folding the
// halves would span two stages.
#ifdef WITH_ILNP
#define SIXFLOW_TNA_ILNP_HEADERS icmpv6_error_t icmpv6_error_ilnp;
#define SIXFLOW_EMIT_ICMPV6_ERROR_ILNP(packet, hdr) packet.emit(hdr.icmpv6_error_ilnp);
#define SIXFLOW_TNA_ILNP_METADATA       \
    bit<16>  ilnp_neg_checksum;         \
    bit<128> ilnp_neg_dst;              \
    bit<128> ilnp_neg_quote_src;        \
    bit<64>  ilnp_quote_diff;
#define SIXFLOW_ILNP_ERROR_SAVE(hdr, meta) \
    meta.ilnp_neg_checksum = ~hdr.icmpv6_error.checksum; \
    meta.ilnp_neg_dst = ~hdr.ipv6.dst_addr; \
    meta.ilnp_neg_quote_src = ~hdr.icmpv6_inner_ipv6.src_addr; \
    meta.ilnp_quote_diff = hdr.icmpv6_inner_ipv6.src_addr[127:64] ^ hdr.ipv6.dst_addr[127:64];
#define SIXFLOW_ILNP_QUOTE_FROM_DST(hdr, meta) (meta.ilnp_quote_diff[63:32] == 0)
#define SIXFLOW_ILNP_QUOTE_FROM_DST_TOO(meta) (meta.ilnp_quote_diff[31:0] == 0)
#define SIXFLOW_ILNP_ERROR_MARK(hdr, meta) \
    hdr.icmpv6_error_ilnp.setValid(); \
    hdr.icmpv6_error_ilnp.checksum = hdr.icmpv6_error.checksum; \
    hdr.icmpv6_error_ilnp.param = hdr.icmpv6_error.param; \
    hdr.icmpv6_error.setInvalid();
#define SIXFLOW_ILNP_ERROR_MARKED(hdr, meta) hdr.icmpv6_error_ilnp.isValid()
#define SIXFLOW_ILNP_ERROR_KEEP(hdr, meta)
#define SIXFLOW_ILNP_ERROR_CHECKSUM(hdr, meta)
#else
#define SIXFLOW_TNA_ILNP_HEADERS
#define SIXFLOW_EMIT_ICMPV6_ERROR_ILNP(packet, hdr)
#define SIXFLOW_TNA_ILNP_METADATA
#endif

// The shared ingress chain (common/ingress.p4) reads the parser's intrinsic metadata (its error).
// A non-zero GTP-U UDP checksum is not verified: Tofino cannot sum the unparsed payload. The
// outer flow label is hashed ahead, from the packet's flow (5-tuple and flow label) before any
// encapsulation, into meta.flow_hash (SIXFLOW_ENCAP_FLOW_LABEL copies it).
// The IPv6 packets the egress holds to their port's MTU (mtu.p4): every one. The lookup costs
// Tofino nothing per packet, and a gateway comparing the length with IPV6_MIN_MTU beside the
// validity bit takes more PHV input than one gateway has.
#define SIXFLOW_MTU_MEASURED(hdr) hdr.ipv6.isValid()
// Egress parses what ingress deparsed: a leaf's decapsulated packet is its IPv6 header here.
#define SIXFLOW_MTU_PAYLOAD_LEN(hdr) hdr.ipv6.payload_len
// A replicating node's copy to a receiver of its own, decapsulated in egress after it was
// measured, is spared the check (its egress parse may not reach its inner header; limits in
// docs/features/msr6.md).
#define SIXFLOW_MTU_AFTER_LOCAL_DELIVERY(hdr, meta)
#define SIXFLOW_MTU_SPARES_DELIVERED(meta) SIXFLOW_MSR6_DELIVERED(meta)
// A packet's excess over its port's MTU is measured in a step after the MTU's lookup
// (mtu.p4): the lookup's action adds one operand to the length, the next subtracts the MTU.
#define SIXFLOW_MTU_EXCESS_APART

// The egress chain (common/egress.p4) reads the port a copy leaves by and its replication id in
// local metadata, where the egress parser copied them (egress_parser.p4: a parser's copy costs no
// stage).
#define SIXFLOW_EGRESS_PLATFORM_PARAMS in egress_intrinsic_metadata_t eg_intr_md
#define SIXFLOW_EGRESS_PLATFORM_ARGS eg_intr_md
#define SIXFLOW_EGRESS_PORT meta.egress_port
#define SIXFLOW_EGRESS_RID meta.egress_rid
#define SIXFLOW_EGRESS_RID_FIELD bit<16> egress_rid;

#define SIXFLOW_INGRESS_PLATFORM_PARAMS in ingress_intrinsic_metadata_from_parser_t ig_prsr_md
#define SIXFLOW_INGRESS_PLATFORM_ARGS ig_prsr_md
#define SIXFLOW_PARSER_FAILED ig_prsr_md.parser_err != 0
// No SIXFLOW_FRAME_LENGTH: Tofino's ingress knows no frame length (egress does:
// eg_intr_md.pkt_length), so its ingress cannot tell a frame cut short of its IP header's length.
#define SIXFLOW_GTPU_VERIFY_UDP_CHECKSUM
#if defined(WITH_MSR6) || defined(WITH_GTPU)
// The hash reads ports only the parser writes: a fragment's (a first one has them, the later
// ones not) are left out, so one datagram has one label (RFC 6437 3). A gateway choosing between
// two hashes of the fields the ACL also reads cost 41 ingress cycles in `full`, 18 in `gtpu`.
#define SIXFLOW_FLOW_HASH_DECL Hash<bit<20>>(HashAlgorithm_t.CRC32) flow_hash;
#define SIXFLOW_FLOW_HASH \
    meta.flow_hash = flow_hash.get({ hdr.ipv6.src_addr, hdr.ipv6.dst_addr, 4w0 ++ hdr.ipv6.flow_label, \
                                     meta.ip_proto, meta.flow_src_port, meta.flow_dst_port });
#define SIXFLOW_SET_FLOW_PORTS(meta, src, dst) meta.flow_src_port = src; meta.flow_dst_port = dst;
#define SIXFLOW_TNA_FLOW_METADATA bit<16> flow_src_port; bit<16> flow_dst_port;
#else
#define SIXFLOW_FLOW_HASH_DECL
#define SIXFLOW_FLOW_HASH
#define SIXFLOW_SET_FLOW_PORTS(meta, src, dst)
#define SIXFLOW_TNA_FLOW_METADATA
#endif

// Tofino's own metadata: the address-scope mark ScopeMatch's table sets (control/scope.p4: the
// parser has no TCAM rows left for it in `full`); the flow's hash, taken ahead of its use
// (SIXFLOW_FLOW_HASH); 2^32 - report_delta, what the latency sum's low word wrapping is tested
// against (main.p4); with GTP-U, 17 minus the inner protocol, INCREMENTAL's adjustment of the
// inner pseudo-header's sum.
#ifdef WITH_GTPU
#define SIXFLOW_TNA_GTPU_METADATA bit<16> gtpu_proto_adjust;
#else
#define SIXFLOW_TNA_GTPU_METADATA
#endif
// Address scopes (control/scope.p4): ScopeMatch's table marks the packet (out_of_scope, below).
// Where it runs, and where routing acts on the mark, is where bf-p4c placed them best, profile by
// profile (docs/features/routing.md#scopes has the figures):
// - with ECMP (`full`): the table with the first lookups, and routing tests the mark on
//   routing_v6's answer, in ECMP's stage; set_next_hop dropping it itself took a 13th stage;
// - without: set_next_hop drops it itself (SIXFLOW_SCOPE_IN_NEXT_HOP; a test of routing_v6's
//   answer took a stage more, 21 cycles in `ipv6` and `gtpu`), and the table runs at the head of
//   routing's branch (with the first lookups it cost `gtpu` 20 cycles); but where no feature
//   works before routing (`ipv6`, `bng-forward`), routing_v6 follows the first lookups closely
//   and would wait a stage for the table (20 and 18 cycles): there it runs with them;
// - with BNG_FORWARD, the branch that sends packets into subscribers' sessions (bng.p4), not
//   routing's, tests the mark too: the table runs with the first lookups, ahead of both branches
//   (`bng`: 214 cycles, 2 more than at the head of routing's branch, where it missed that one).
#ifndef WITH_ECMP
#define SIXFLOW_SCOPE_IN_NEXT_HOP
#endif
#if defined(WITH_ECMP) || defined(WITH_BNG_FORWARD) || !(defined(WITH_APN6) || defined(WITH_MSR6) \
        || defined(WITH_GTPU) || defined(WITH_NPTV6) || defined(WITH_ILNP) || defined(WITH_BNG_ACCESS))
#define SIXFLOW_SCOPE_MATCH_FIRST
#endif
#define SIXFLOW_OUT_OF_SCOPE(meta) ((bool) (meta).out_of_scope)
#define SIXFLOW_TARGET_METADATA \
    bit<1>  out_of_scope;       \
    bit<20> flow_hash;          \
    SIXFLOW_TNA_FLOW_METADATA   \
    bit<32> report_neg_delta;   \
    SIXFLOW_TNA_GTPU_METADATA   \
    SIXFLOW_TNA_ILNP_METADATA

// The packet's latency (egress), which the measurement and a sampled packet's report mirror read.
#define SIXFLOW_REPORT_METADATA bit<32> report_delta;

// TNA parses the packet again in egress: ingress hands its metadata over in a header of its own
// (header.p4, bridged_t), which a target without that split does not carry.
#define SIXFLOW_BRIDGED_HEADER

#endif // SIXFLOW_DEFINE_TNA_P4
