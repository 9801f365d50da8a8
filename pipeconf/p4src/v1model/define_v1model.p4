// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// bmv2-specific values. CPU_PORT must match simple_switch_grpc's --cpu-port; the Java copies
// of these values are held to this file by tests (CpuPortsTest, TargetConstantsTest).
#ifndef SIXFLOW_DEFINE_V1MODEL_P4
#define SIXFLOW_DEFINE_V1MODEL_P4

#define CPU_PORT 255
// Cells of the port counters (index = port): bmv2's ports are 9 bits.
#define PORT_COUNTER_SIZE 512
// The port a packet goes to for a second pass through the pipeline (GTP-U's UE-to-UE hairpin,
// gtpu.p4, and a packet-out the controller has the pipeline route): no port of the switch's. The
// egress marks a packet for it for bmv2's recirculation (p4c allows it only there), which feeds
// it, deparsed, back to the ingress with its standard metadata reset; the parser gives it this
// port as its ingress port.
#define RECIRC_PORT 510
// Clone session the controller points at the CPU port for telemetry reports.
#define TELEMETRY_CLONE_SESSION 500
// Bytes of a report frame kept: packet_in (2) + Ethernet (14) + report (28) + 128 of the packet.
// With BNG_ACCESS packet_in carries the line too (2 more octets), so that the report still keeps
// 128 octets of the packet; written as a sum so that the Java and Python readers of this file,
// which take `#define NAME number`, read the value every other profile has.
#ifdef WITH_BNG_ACCESS
#define REPORT_TRUNCATE_BYTES (172 + 2)
#else
#define REPORT_TRUNCATE_BYTES 172
#endif
// What the controller asks the clone session to keep of a clone: all of it (0). bmv2's P4Runtime
// server refuses a truncating clone session (PI: not implemented), so the egress truncates the
// report frame itself (REPORT_TRUNCATE_BYTES, above).
#define TELEMETRY_SESSION_TRUNCATE_BYTES 0
// A packet past its egress MTU is punted in a report frame of this session too, whole (the
// egress truncates only latency reports): REPORT_VERSION_TOO_BIG, define.p4.

// The IPv6 packets the egress holds to their port's MTU (mtu.p4): those longer than the IPv6
// minimum MTU (define.p4), the others fitting every port. bmv2 pays per table applied, so the
// common small packet pays one comparison, not the lookup. With MSR6, an MRH's leaf leaves
// decapsulated in ingress (its outer header invalid, the packet in inner_ipv6): that one is
// measured by its inner header (SIXFLOW_MTU_PAYLOAD_LEN). A packet with both headers valid is
// longer than its inner one, so the inner test adds no packet the outer one leaves out.
#ifdef WITH_MSR6
#define SIXFLOW_MTU_MEASURED(hdr) \
    (hdr.ipv6.isValid() && hdr.ipv6.payload_len > IPV6_MIN_MTU - IPV6_HEADER_BYTES \
     || hdr.inner_ipv6.isValid() && hdr.inner_ipv6.payload_len > IPV6_MIN_MTU - IPV6_HEADER_BYTES)
#define SIXFLOW_MTU_PAYLOAD_LEN(hdr) (hdr.ipv6.isValid() ? hdr.ipv6.payload_len : hdr.inner_ipv6.payload_len)
// A replicating node's copy to a receiver of its own is decapsulated in egress, after it was
// measured with its outer header: measured again by what leaves (only one that ran past: the
// inner packet is shorter), rather than spared the check.
#define SIXFLOW_MTU_AFTER_LOCAL_DELIVERY(hdr, meta) \
    if (meta.mtu_excess != 0) { \
        meta.mtu_excess = (hdr.inner_ipv6.payload_len + IPV6_HEADER_BYTES) |-| meta.egress_mtu; \
    }
#else
#define SIXFLOW_MTU_MEASURED(hdr) \
    (hdr.ipv6.isValid() && hdr.ipv6.payload_len > IPV6_MIN_MTU - IPV6_HEADER_BYTES)
#define SIXFLOW_MTU_PAYLOAD_LEN(hdr) hdr.ipv6.payload_len
#endif
// bmv2 spares no packet the MTU check: what it delivers is measured as it leaves.
#define SIXFLOW_MTU_SPARES_DELIVERED(meta) false

// bmv2's P4Runtime server cannot read registers: the controller reads latency aggregates with
// a readout packet (ETHERTYPE_SIXFLOW_READOUT) that the pipeline fills in.
#define LATENCY_READOUT_PACKET

// The latency aggregates' slot, cell and delta of a measured packet (v1model/main.p4) and the
// words it reads, in metadata. p4c propagates a value into every use where it can, so each
// register access recomputed the slot's expression (six per packet) and each test the delta's;
// and it gives each local, and each expression passed to an extern, a field of its own, which
// bmv2 resets for every packet whether the packet uses it or not (on the bench machine about
// 0.1 µs a field, beside 20 µs for the minimal router's whole packet). So the steps that measure
// hold what they compute and read in these few fields, written in one step, used in the next.
//
// The address scopes (control/scope.p4) are matched by the parser (SIXFLOW_SCOPE_BY_PARSER),
// which compares the addresses' bytes under a mask per case: 2.9k instructions a packet in
// `core`, where Tofino's table of the prefixes took 7.5k and slices of the 128-bit addresses in
// a condition 6.0k. Its mark, out_of_scope, is 8 bits wide: a bool would make bmv2's metadata
// one padding field longer, which it resets for every packet too.
#define SIXFLOW_SCOPE_BY_PARSER
#define SIXFLOW_OUT_OF_SCOPE(meta) ((meta).out_of_scope != 0)
#define SIXFLOW_TARGET_METADATA \
    bit<32> lat_slot;            \
    bit<32> lat_cell;            \
    bit<32> lat_delta;           \
    bit<32> lat_sum;             \
    bit<32> lat_max;             \
    bit<8>  out_of_scope;

// A telemetry clone's report fields, preserved with it in one metadata field (seven fields would
// be six more for bmv2 to reset for every packet) and written in one step, REPORT_WORD's order:
// too big (1: a packet past its port's MTU, whose delta is that MTU), grown (1: by this router;
// read only when too big), the copy's replica, ingress and egress ports, ingress and egress
// timestamps, and the latency.
#define SIXFLOW_REPORT_METADATA @field_list(1) bit<164> report;
#define REPORT_WORD(too_big, grown, replica, ingress_port, egress_port, ingress_ts, egress_ts, delta) \
    ((bit<1>) (too_big) ++ (bit<1>) (grown) ++ (bit<16>) (replica) ++ (port_num_t) (ingress_port) ++ \
     (port_num_t) (egress_port) ++ (bit<48>) (ingress_ts) ++ (bit<48>) (egress_ts) ++ (bit<32>) (delta))
#define REPORT_TOO_BIG(word)      word[163:163]
#define REPORT_GROWN(word)        word[162:162]
#define REPORT_REPLICA(word)      word[161:146]
#define REPORT_INGRESS_PORT(word) word[145:137]
#define REPORT_EGRESS_PORT(word)  word[136:128]
#define REPORT_INGRESS_TS(word)   word[127:80]
#define REPORT_EGRESS_TS(word)    word[79:32]
#define REPORT_DELTA(word)        word[31:0]

// v1model instance types (bmv2 simple_switch).
const bit<32> INSTANCE_TYPE_EGRESS_CLONE = 2;
const bit<32> INSTANCE_TYPE_RECIRC = 4;
// The field list recirculation keeps: none (no field is annotated with it), the second pass
// starts as a received packet does.
#define RECIRC_FIELD_LIST 0

// A packet counter of a table's entries, declared the target's way for the common controls.
#define SIXFLOW_DIRECT_PACKET_COUNTER(name) direct_counter(CounterType.packets) name;

// What bmv2's encapsulations hash, each in a header of the packet's (SIXFLOW_TARGET_HEADERS;
// never emitted) rather than a list: p4c copies every element of a list passed to hash() into a
// metadata field of its own, at every call (the MSR6 encapsulation's eight actions made 48
// fields in `core`, which bmv2 resets for every packet at about 650 instructions a field); a
// header's fields it hashes as they are, and a header is one instance to mark invalid. Not a
// control's local: p4c makes a header local invalid each time its control runs, a step for
// every packet. The short parts of a key are one field, written by one concatenation: bmv2 resets
// every field of a header it makes valid and takes a step per write, so the flow key's three
// fields are three resets and three writes where seven fields were seven and six (the octets
// hashed are the same; a single field of 320 bits saved less, its concatenation's arithmetic on
// 320-bit numbers costing more than the resets and writes it spared).
header flow_key_t {
    bit<128> src_addr;
    bit<128> dst_addr;
    // 4 zero bits, inner flow label, protocol, L4 ports
    bit<64> rest;
}

header residual_key_t {
    bit<128> src_addr;
    bit<128> dst_addr;
    // 16 zero bits, inner payload length, 24 zero bits, inner next header
    bit<64> rest;
}

#if defined(WITH_MSR6) || defined(WITH_GTPU)
#define SIXFLOW_FLOW_KEY_HEADER flow_key_t flow_key;
#else
#define SIXFLOW_FLOW_KEY_HEADER
#endif
#ifdef WITH_GTPU
#define SIXFLOW_RESIDUAL_KEY_HEADER residual_key_t residual_key;
#else
#define SIXFLOW_RESIDUAL_KEY_HEADER
#endif

// ILNP's error from a provider's router (ilnp.p4): RFC 1624's ~(~HC + ~m + m') over the locators
// it may change (the error's destination's and its quote's source's), one csum16 over a header
// the ingress fills: the old checksum and the locators as they came complemented, then the
// locators as they leave (one unchanged adds ~m + m, zero). The destination's as it came is kept
// before ilnp_inbound rewrites it; the key's validity marks the error taken in. Headers, not
// metadata: bmv2 resets every metadata field of every packet. (The sum's header is hashed whole:
// a list of its fields would be copied into five metadata temporaries first.)
#ifdef WITH_ILNP
header ilnp_old_locator_t {
    bit<64> locator;            // the error's destination locator as it came
}
header ilnp_quote_key_t {
    bit<16> neg_checksum;
    bit<64> neg_locator;        // the error's destination locator as it came, complemented
    bit<64> neg_quote_locator;  // the quote's source locator as it came, complemented
    bit<64> locator;            // the destination locator as it leaves
    bit<64> quote_locator;      // the quote's source locator as it leaves
}
#define SIXFLOW_ILNP_QUOTE_KEY_HEADER ilnp_old_locator_t ilnp_old_locator; ilnp_quote_key_t ilnp_quote_key;
#define SIXFLOW_ILNP_ERROR_SAVE(hdr, meta) \
    hdr.ilnp_old_locator.setValid(); \
    hdr.ilnp_old_locator.locator = hdr.ipv6.dst_addr[127:64];
#define SIXFLOW_ILNP_ERROR_MARK(hdr, meta) hdr.ilnp_quote_key.setValid();
#define SIXFLOW_ILNP_ERROR_MARKED(hdr, meta) hdr.ilnp_quote_key.isValid()
// (One test: Tofino's gateway takes the locators' difference by halves, the second test.)
#define SIXFLOW_ILNP_QUOTE_FROM_DST(hdr, meta) \
    (hdr.icmpv6_inner_ipv6.src_addr[127:64] == hdr.ilnp_old_locator.locator)
#define SIXFLOW_ILNP_QUOTE_FROM_DST_TOO(meta) true
#define SIXFLOW_ILNP_ERROR_KEEP(hdr, meta) \
    hdr.ilnp_quote_key.neg_checksum = ~hdr.icmpv6_error.checksum; \
    hdr.ilnp_quote_key.neg_locator = ~hdr.ilnp_old_locator.locator; \
    hdr.ilnp_quote_key.neg_quote_locator = ~hdr.icmpv6_inner_ipv6.src_addr[127:64];
#define SIXFLOW_ILNP_ERROR_CHECKSUM(hdr, meta) \
    hdr.ilnp_quote_key.locator = hdr.ipv6.dst_addr[127:64]; \
    hdr.ilnp_quote_key.quote_locator = hdr.icmpv6_inner_ipv6.src_addr[127:64]; \
    hash(hdr.icmpv6_error.checksum, HashAlgorithm.csum16, (bit<16>) 0, hdr.ilnp_quote_key, 32w0x10000);
#else
#define SIXFLOW_ILNP_QUOTE_KEY_HEADER
#endif
#define SIXFLOW_TARGET_HEADERS SIXFLOW_FLOW_KEY_HEADER SIXFLOW_RESIDUAL_KEY_HEADER \
    SIXFLOW_ILNP_QUOTE_KEY_HEADER
// (Tofino's deparser emits a router's error ILNP took in from a header of its own.)
#define SIXFLOW_EMIT_ICMPV6_ERROR_ILNP(packet, hdr)

// The counted events as the bits of one field (header.p4): raising one is a step either way, and
// the set is then counted as it is, with no temporary for the bits' concatenation.
#define SIXFLOW_EVENTS_IN_ONE_FIELD

// A zero for a field of a header the action has just made valid (it was invalid): bmv2 zeroes a
// header it makes valid (simple_switch's add_header), so the write would be a step for nothing.
#define SIXFLOW_ZERO_NEW(field)

// Whether this router grew the packet: no field on bmv2 (one more for it to reset for every
// packet, and a step for every packet grown), but read from the packet's latency class where a
// too-big report needs it (v1model/main.p4). Every step that grows a packet gives it a class of
// its own (APN6 insertion, MSR6 TE and RLB encapsulation, GTP-U encapsulation in each checksum
// mode), and a grown packet takes no other class after it: an insertion followed by an
// encapsulation takes the encapsulation's, itself a grown packet's.
#define SIXFLOW_GROWN_FIELD
#define SIXFLOW_MARK_GROWN(meta)
#define SIXFLOW_GROWN_HERE(meta) \
    (meta.lat_class == CLASS_APN6_INSERT || meta.lat_class == CLASS_MSR6_TE_ENCAP \
     || meta.lat_class == CLASS_MSR6_RLB_ENCAP || meta.lat_class == CLASS_GTPU_ENCAP_ZERO \
     || meta.lat_class == CLASS_GTPU_ENCAP_FULL || meta.lat_class == CLASS_GTPU_ENCAP_INCREMENTAL)

// The outer flow label of an encapsulation (RFC 6438): a hash of the inner flow's 5-tuple and
// flow label, padded to whole octets by four zero bits; a fragment's ports (a first one has
// them, the later ones not) are left out, so one datagram has one label (RFC 6437 3). Computed
// only for a packet being encapsulated (bmv2 pays per hash); inner_ipv6 is the packet as it came.
#define SIXFLOW_ENCAP_FLOW_LABEL \
    hdr.flow_key.setValid(); \
    hdr.flow_key.src_addr = hdr.inner_ipv6.src_addr; \
    hdr.flow_key.dst_addr = hdr.inner_ipv6.dst_addr; \
    hdr.flow_key.rest = 4w0 ++ hdr.inner_ipv6.flow_label ++ meta.ip_proto \
        ++ (hdr.fragment.isValid() ? 32w0 : meta.l4_src_port ++ meta.l4_dst_port); \
    hash(hdr.ipv6.flow_label, HashAlgorithm.crc32, (bit<20>) 0, hdr.flow_key, 32w0x100000);

// An indexed packet-and-byte counter for the common controls, and counting one of its cells.
// Indexed by 16 bits, as on Tofino: the indices (tunnels, lines) are 16-bit fields, which p4c
// then passes as they are; a cast to another width is a metadata field per call.
#define SIXFLOW_COUNTER(name, size) counter<bit<16>>(size, CounterType.packets_and_bytes) name;
#define SIXFLOW_COUNT(name, index) name.count((bit<16>) index);

// GTP-U's UDP source port: 49152 + 14 bits of the flow label just hashed (the same flow, RFC
// 6438's idea for the port, as RFC 8086 does for GRE-in-UDP).
#define SIXFLOW_ENCAP_ENTROPY_PORT(field) field = GTPU_SRC_PORT_PREFIX ++ hdr.ipv6.flow_label[13:0];

// bmv2 computes a UDP checksum over the whole datagram (update_checksum_with_payload).
#define SIXFLOW_GTPU_FULL_CHECKSUM true

// GTP-U INCREMENTAL: the inner pseudo-header's sum, negated (csum16 is the complemented sum), in
// ingress; compute_checksum adds the headers in front (main.p4).
#define SIXFLOW_GTPU_INNER_RESIDUAL \
    hdr.residual_key.setValid(); \
    hdr.residual_key.src_addr = hdr.inner_ipv6.src_addr; \
    hdr.residual_key.dst_addr = hdr.inner_ipv6.dst_addr; \
    hdr.residual_key.rest = 16w0 ++ hdr.inner_ipv6.payload_len ++ 24w0 ++ hdr.inner_ipv6.next_header; \
    hash(meta.gtpu_inner_residual, HashAlgorithm.csum16, (bit<16>) 0, hdr.residual_key, 32w0x10000);

// The parser's lookaheads (parser.p4), one parser local per width that every state looking ahead
// by it shares (SIXFLOW_LOOK(n) reads it, SIXFLOW_AHEAD_OF(n) is it): p4c makes each lookahead
// call a metadata field of its own, and each slice of one, or of a header field, in a select
// another, fields bmv2 resets for every packet (26 in `gtpu`, at about 650 instructions a
// field). A select on the low bits of a lookahead or a field (SIXFLOW_AHEAD_LOW, SIXFLOW_LOW)
// takes it whole and masks the rest in each case (SIXFLOW_LOW_CASE, SIXFLOW_LOW_MASKED_CASE).
// bmv2 sets a field from a header it extracted before (ipv6_proto), so IPv6's Next Header is not
// looked at ahead (SIXFLOW_NEXT_HEADER_AHEAD stays undefined).
// (A width no state of the profile reads is no field: p4c drops an unused local.)
#define SIXFLOW_AHEAD_DECL bit<8> ahead_8; bit<16> ahead_16; bit<32> ahead_32; \
    bit<96> ahead_96; bit<160> ahead_160; bit<224> ahead_224;
#define SIXFLOW_LOOK(n) ahead_##n = packet.lookahead<bit<n>>();
#define SIXFLOW_AHEAD_OF(n) ahead_##n
#define SIXFLOW_AHEAD_LOW(n, hi) ahead_##n
#define SIXFLOW_LOW(field, hi) field
#define SIXFLOW_LOW_CASE(n, mask, v) (bit<n>) (v) &&& (mask)
#define SIXFLOW_LOW_MASKED_CASE(n, v, m) (bit<n>) (v) &&& (bit<n>) (m)

// A select whose cases end in no match (parse_ipv6: an IPv6 header whose Version is not 6) is
// the parser's error, NoMatch: bmv2 goes on to accept from a select no case matches, so its
// parser goes to a state that raises the error itself.
#define SIXFLOW_NO_MATCH default: parser_no_match;
#define SIXFLOW_NO_MATCH_STATE state parser_no_match { verify(false, error.NoMatch); transition accept; }

// The parser has no checksum work on bmv2: INCREMENTAL's residual is hashed in ingress.
#define SIXFLOW_PARSER_CHECKSUM_DECL
#define SIXFLOW_PARSE_IPV6_CHECKSUM
#define SIXFLOW_PARSE_L4_CHECKSUM(proto)

// A per-line meter (bng.p4), executed the target's way, and its colours (v1model: 0 green,
// 1 yellow, 2 red).
#define SIXFLOW_METER(name, size) meter<bit<16>>(size, MeterType.bytes) name;
#define SIXFLOW_METER_EXECUTE(name, index, color) name.execute_meter((bit<16>) index, color);
#define SIXFLOW_METER_YELLOW 1
#define SIXFLOW_METER_RED 2

// Table placement is Tofino's concern (define_tna.p4).
#define SIXFLOW_APN6_CLASSIFIER_PLACEMENT

#define SIXFLOW_PORT_MTU_PLACEMENT
#define SIXFLOW_MSR6_COPY_PLACEMENT

// Whether an MRH's Segments Left, Pointer or End.RL's copies run past its M-SID list is a
// condition comparing two fields where MSR6 judges it (msr6_local_sid.p4: MSR6_*_PAST_LIST).
// Tofino's gateways compare a field with a constant only, so there tables measure what is left
// into metadata first; on bmv2 those were seven steps for a replica's frame (three tables, two of
// p4c's for their keys' slices, one per copy) and three metadata fields for every packet, where
// a condition costs a fraction of either (pipeconf/README.md, "Instructions per frame"). The
// leaf's test reads the SID's arguments from the destination the same way, so that no metadata
// holds the Pointer, Replication Number or Segments Left either (three fields and writes fewer).
#define SIXFLOW_MSR6_BOUNDS_BY_CONDITIONS

// GTP-U's length checks likewise (gtpu.p4: GTPU_LENGTHS_DISAGREE): the UDP length against the
// IPv6 payload less the outer extension header, and the GTP-U length against the UDP length,
// compared in the condition that judges them. Tofino measures them into metadata by two tables
// first; on bmv2 those were two steps for every G-PDU at its N3 end and three metadata fields
// for every packet.
#define SIXFLOW_GTPU_LENGTHS_BY_CONDITIONS

// ECMP's selector (routing.p4): bmv2 hashes the table's selector fields with CRC16 and picks a
// group member from the result.
#define SIXFLOW_ECMP_SELECTOR_DECL \
    @max_group_size(ECMP_MAX_GROUP_SIZE) \
    action_selector(HashAlgorithm.crc16, ECMP_MEMBERS, 32w16) ecmp_selector;
#define SIXFLOW_ECMP_SELECTOR ecmp_selector

// ILNP's uplink choice (ilnp.p4): the flow's 16-bit hash (CRC16, as ECMP's selector), into a
// field; the controller gives each uplink a range of it. The field list is the macro's tail.
#define SIXFLOW_ILNP_HASH_DECL
#define SIXFLOW_ILNP_BUCKET(field, ...) hash(field, HashAlgorithm.crc16, (bit<16>) 0, __VA_ARGS__, 32w0x10000);

// The shared ingress chain (common/ingress.p4) reads standard_metadata: the parser's error and
// the GTP-U UDP checksum that SixflowVerifyChecksum verified. bmv2 hashes the flow label where it
// writes it (SIXFLOW_ENCAP_FLOW_LABEL): nothing to compute ahead.
// The egress chain (common/egress.p4) reads the port a copy leaves by and its replication id in
// standard_metadata, where bmv2 keeps them: a copy into local metadata would be a step for every
// copy this router grew, replicated or delivered.
#define SIXFLOW_EGRESS_PLATFORM_PARAMS in standard_metadata_t std_meta
#define SIXFLOW_EGRESS_PLATFORM_ARGS std_meta
#define SIXFLOW_EGRESS_PORT std_meta.egress_port
#define SIXFLOW_EGRESS_RID std_meta.egress_rid
#define SIXFLOW_EGRESS_RID_FIELD

#define SIXFLOW_INGRESS_PLATFORM_PARAMS inout standard_metadata_t std_meta
#define SIXFLOW_INGRESS_PLATFORM_ARGS std_meta
#define SIXFLOW_PARSER_FAILED std_meta.parser_error != error.NoError
// The frame's length as received, for the chain's truncation test (ingress.p4,
// SIXFLOW_FRAME_TRUNCATED).
#define SIXFLOW_FRAME_LENGTH std_meta.packet_length
// With the outer packet held to the frame, a tunnel end holds the inner packet to the outer one
// (define.p4, SIXFLOW_INNER_RUNS_PAST).
#define SIXFLOW_INNER_HELD_TO_OUTER
// The parser read past the packet's end (an extract or a lookahead): with the frame holding the
// packet, a header inside it is cut short (ingress.p4, SIXFLOW_CUT_SHORT_INSIDE_A_TUNNEL).
#define SIXFLOW_PARSER_PAST_THE_END std_meta.parser_error == error.PacketTooShort
// verify_checksum's verdict (SixflowVerifyChecksum) read by a test, written only for a bad one:
// the assignment of the comparison was a step of its own and a field write for every G-PDU.
#define SIXFLOW_GTPU_VERIFY_UDP_CHECKSUM if (std_meta.checksum_error == 1) { meta.gtpu_checksum_bad = true; }
#define SIXFLOW_FLOW_HASH_DECL
#define SIXFLOW_FLOW_HASH
// Ports for a hash ahead of use: bmv2 hashes where it encapsulates (SIXFLOW_ENCAP_FLOW_LABEL).
#define SIXFLOW_SET_FLOW_PORTS(meta, src, dst)

#endif // SIXFLOW_DEFINE_V1MODEL_P4
