// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Headers and metadata shared by every target. Field names are snake_case; the
// controller headers carry the metadata ONOS's interpreter reads and writes.
#ifndef SIXFLOW_HEADER_P4
#define SIXFLOW_HEADER_P4

#include "define.p4"

// Prepended to packets sent to the controller (P4Runtime PacketIn metadata). The punt reason
// comes first, in what was padding, so that the 9-bit port sits in the low bits, aligned as in
// Tofino's intrinsic metadata.
@controller_header("packet_in")
header packet_in_t {
    punt_reason_t punt_reason;   // why it came up (define.p4 PUNT_*)
    port_num_t    ingress_port;
#ifdef WITH_BNG_ACCESS
    bit<16>       ingress_line;  // the subscriber line a punted frame came from (0: none)
#endif
}

// Prepended by the controller to packets it sends out (P4Runtime PacketOut metadata).
@controller_header("packet_out")
header packet_out_t {
    bit<7>     _pad;
    port_num_t egress_port;
}

header ethernet_t {
    mac_addr_t dst_addr;
    mac_addr_t src_addr;
    bit<16>    ether_type;
}

header ipv6_t {
    bit<4>      version;
    bit<8>      traffic_class;
    bit<20>     flow_label;
    bit<16>     payload_len;
    bit<8>      next_header;
    bit<8>      hop_limit;
    ipv6_addr_t src_addr;
    ipv6_addr_t dst_addr;
}

// Hop-by-Hop Options header: the fixed part.
header hbh_t {
    bit<8> next_header;
    bit<8> hdr_ext_len;
}

// APN6 Application-aware ID option, Structure I with four 32-bit fields. Option Type and Opt
// Data Len are one field (type in the upper octet): the insertion writes them as one constant,
// and bmv2 takes a step per field written.
header apn6_option_t {
    bit<16> type_len;
    bit<32> sla_level;
    bit<32> app_id;
    bit<32> user_id;
    bit<32> flow_id;
}

// PadN filling the HBH header to 24 octets: Option Type 1, Opt Data Len 2 and two zero octets,
// one field for the same reason (nothing reads them apart).
header padn_t {
    bit<32> option;
}

// An extension header the parser walks past (Hop-by-Hop or Destination Options not in
// Sixflow's APN6 layout, or whose place the deparser needs): its first 8 octets, then up to
// EXT_MAX_LEN words.
header ext_t {
    bit<8>  next_header;
    bit<8>  hdr_ext_len;
    bit<48> data;
}

// The rest of a Hop-by-Hop header other than Sixflow's APN6 layout: its first 6 octets of
// options (after hbh_t), then up to EXT_MAX_LEN words.
header hbh_options_t {
    bit<48> data;
}

header ext_word_t {
    bit<64> data;
}

// Fragment header (RFC 8200 section 4.5).
header fragment_t {
    bit<8>  next_header;
    bit<8>  reserved;
    bit<13> offset;
    bit<2>  res;
    bit<1>  more;
    bit<32> identification;
}

// Routing header: the part every routing type shares.
header routing_t {
    bit<8> next_header;
    bit<8> hdr_ext_len;
    bit<8> routing_type;
    bit<8> segments_left;
}

// The rest of the first 8 octets of a Routing header other than the MRH (its words follow).
header routing_data_t {
    bit<32> data;
}

// The MSR6 Multicast Routing Header after the common routing fields.
header mrh_t {
    bit<8>  mrh_type;
    bit<24> reserved;
}

header msid_t {
    ipv6_addr_t sid;
}

// The UDP header of a GTP-U tunnel (destination port 2152): all of it, since the tunnel's
// lengths and checksum live here.
header udp_t {
    l4_port_t src_port;
    l4_port_t dst_port;
    bit<16>   len;
    bit<16>   checksum;
}

// GTP-U header, the mandatory 8 octets (TS 29.281 section 5.1). Its length counts the octets
// after these 8 (the optional fields and extension headers included).
header gtpu_t {
    bit<3>  version;
    bit<1>  pt;          // protocol type: 1 = GTP
    bit<1>  spare;
    bit<1>  ex_flag;     // E: an extension header follows
    bit<1>  seq_flag;    // S: the sequence number is meaningful
    bit<1>  npdu_flag;   // PN: the N-PDU number is meaningful
    bit<8>  msg_type;
    bit<16> msg_len;
    bit<32> teid;
}

// The optional 4 octets, present when E, S or PN is set.
header gtpu_options_t {
    bit<16> seq_num;
    bit<8>  npdu_num;
    bit<8>  next_ext;
}

// PDU Session Container (next extension type 0x85, TS 38.415): length 1 (4 octets), PDU type
// (DL 0 / UL 1) in the first octet's upper nibble, the QFI in the next octet's low 6 bits, then
// the next extension type (0: none).
header gtpu_psc_t {
    bit<8> len;
    bit<4> pdu_type;
    bit<4> spare0;
    bit<2> spare1;
    bit<6> qfi;
    bit<8> next_ext;
}

// A 4-octet unit of a received G-PDU's extension headers (the parser's chain).
header gtpu_ext_word_t {
    bit<32> data;
}

#ifdef WITH_BNG
// An 802.1ad S-tag or 802.1Q C-tag: its TCI, then the EtherType it is followed by.
header vlan_tag_t {
    bit<3>  pcp;
    bit<1>  dei;
    bit<12> vid;
    bit<16> ether_type;
}

// PPPoE (RFC 2516 section 4): version and type 1, code (0 in the session stage), session id,
// and the length of the payload (the PPP protocol and what follows, not this header).
header pppoe_t {
    bit<4>  version;
    bit<4>  type;
    bit<8>  code;
    bit<16> session_id;
    bit<16> length;
}

// PPP's Protocol field (RFC 1661; 2 octets, uncompressed as RFC 2516 requires).
header ppp_t {
    bit<16> protocol;
}

// IPv4 without options (the only IPv4 header the BNG routes).
header ipv4_t {
    bit<4>  version;
    bit<4>  ihl;
    bit<6>  dscp;
    bit<2>  ecn;
    bit<16> total_len;
    bit<16> identification;
    bit<3>  flags;
    bit<13> frag_offset;
    bit<8>  ttl;
    bit<8>  protocol;
    bit<16> hdr_checksum;
    bit<32> src_addr;
    bit<32> dst_addr;
}
#endif

// Only the ports: enough for classification, and it keeps the parse depth small on Tofino.
header l4_ports_t {
    l4_port_t src_port;
    l4_port_t dst_port;
}

header icmpv6_t {
    bit<8>  type;
    bit<8>  code;
}

#if defined(WITH_NPTV6) || defined(WITH_ILNP)
// The rest of an ICMPv6 error message's header (RFC 4443 section 2.1): its checksum and the
// 32-bit field (unused, MTU or pointer) in front of the invoking packet, whose IPv6 header
// follows (NPTv6 translates its addresses too; ILNP its source locator, in a router's error).
header icmpv6_error_t {
    bit<16> checksum;
    bit<32> param;
}
#endif

// Per-packet latency sample, sent to the controller in an Ethernet frame of type
// ETHERTYPE_SIXFLOW_REPORT followed by the first bytes of the measured packet.
header report_t {
    bit<8>     version;
    bit<4>     lat_class;
    bit<4>     _pad0;
    bit<16>    replica;
    bit<32>    sequence;
    bit<7>     _pad1;
    port_num_t ingress_port;
    bit<7>     _pad2;
    port_num_t egress_port;
    bit<48>    ingress_ts;
    bit<48>    egress_ts;
    bit<32>    delta;
}

// Latency aggregates of one slot (class << 9 | port), read in the data plane on request.
header readout_t {
    bit<32> slot;
    bit<64> sum;
    bit<32> min_plus_one;
    bit<32> max;
    bit<32> bucket0;
    bit<32> bucket1;
    bit<32> bucket2;
    bit<32> bucket3;
    bit<32> bucket4;
    bit<32> bucket5;
    bit<32> bucket6;
    bit<32> bucket7;
}

// What Tofino's ingress tells its egress (TNA re-parses the packet there): prepended by the
// ingress deparser to packets that go through egress, removed by the egress parser. Not in
// bmv2's headers (SIXFLOW_BRIDGED_HEADER), whose egress sees ingress's metadata: there it would
// be one more header for bmv2 to mark invalid at every packet's end.
header bridged_t {
    bit<48>    ingress_ts;
    bit<7>     _pad0;
    port_num_t ingress_port;
    bit<16>    mcast_group;
    bit<4>     lat_class;
    bit<1>     _pad1;
    bit<1>     grown;
    bit<1>     msr6_replicate;
    bit<1>     msr6_decap;
}

struct headers_t {
#ifdef SIXFLOW_BRIDGED_HEADER
    bridged_t            bridged;
#endif
    packet_out_t         packet_out;
    packet_in_t          packet_in;
    ethernet_t           report_ethernet;
    report_t             report;
    ethernet_t           ethernet;
#ifdef WITH_BNG
    vlan_tag_t           s_tag;
    vlan_tag_t           c_tag;
    pppoe_t              pppoe;
    ppp_t                ppp;
    ipv4_t               ipv4;
#endif
    readout_t            readout;
    // In wire order, which the deparser keeps. An extension header before a Routing header has
    // its own place (pre_ext), so that the MRH an encapsulation adds (before inner_ipv6) and
    // one a packet arrives with (after its HBH) share one set of M-SID headers.
    ipv6_t               ipv6;
    ext_t                pre_ext;            // an HBH or Destination Options header followed by a Routing header
                                             // (or, GTP-U, by the tunnel's UDP header)
    ext_word_t[EXT_MAX_LEN] pre_ext_words;
    routing_t            routing;
#ifdef WITH_MSR6
    mrh_t                mrh;
    msid_t[MAX_MSIDS]    msids;
#endif
    routing_data_t       routing_data;       // a Routing header other than the MRH
    ext_word_t[EXT_MAX_LEN] routing_words;
#ifdef WITH_GTPU
    udp_t                gtpu_udp;           // GTP-U: right after the outer IPv6 header
    gtpu_t               gtpu;
    gtpu_options_t       gtpu_options;
    gtpu_psc_t           gtpu_psc;           // the container this router's encapsulation writes
    gtpu_ext_word_t[GTPU_EXT_MAX_UNITS] gtpu_ext_words;  // a received G-PDU's extension headers
#endif
#if defined(WITH_MSR6) || defined(WITH_GTPU)
    ipv6_t               inner_ipv6;         // the packet an MRH or a GTP-U tunnel carries
#endif
    hbh_t                hbh;                // a Hop-by-Hop header not followed by a Routing header
#ifdef WITH_APN6
    apn6_option_t        apn6;               //   in Sixflow's APN6 layout
    padn_t               apn6_pad;
#endif
    hbh_options_t        hbh_options;        //   or any other
    ext_word_t[EXT_MAX_LEN] hbh_words;
    ext_t                dest_opts;          // a Destination Options header not followed by a Routing header
    ext_word_t[EXT_MAX_LEN] dest_opts_words;
    fragment_t           fragment;
    l4_ports_t           l4_ports;
    icmpv6_t             icmpv6;
#if defined(WITH_NPTV6) || defined(WITH_ILNP)
    icmpv6_error_t       icmpv6_error;       // an ICMPv6 error message
    ipv6_t               icmpv6_inner_ipv6;  //   and the invoking packet's IPv6 header
#endif
    SIXFLOW_TARGET_HEADERS                   // the target's own (define_<target>.p4)
}

// What the common controls decide; each target's shim turns it into intrinsic metadata.
struct local_metadata_t {
    port_num_t       ingress_port;
    port_num_t       egress_port;
    bool             egress_port_set;
    bool             punt_to_cpu;
    punt_reason_t    punt_reason;        // why it goes up (a punt, or a drop routing punts too)
    bool             drop;
    drop_reason_t    drop_reason;
    bool             my_station;         // the frame is addressed to this router (or a group)
    bit<8>           ip_proto;
#ifdef SIXFLOW_L4_SRC_PORT
    l4_port_t        l4_src_port;        // only where a feature reads it (define.p4)
#endif
    l4_port_t        l4_dst_port;
    bit<8>           icmp_type;
    bit<3>           priority;           // SLA class: queue priority on targets that have one
#ifdef WITH_APN6
    bool             other_hbh;          // an HBH that is not Sixflow's APN6 layout (parsed or not)
#endif
#ifdef WITH_GTPU
    bool             l4_checksum_zero;   // a UDP packet without a checksum (parser)
#endif
#ifdef WITH_APN6
    // APN6
    bool             apn6_malformed;
#endif
#ifdef WITH_MSR6
    // MSR6 copies and leaves, which the shared steps and the tops test (SIXFLOW_MSR6_*)
    bool             msr6_replicate;
    bool             msr6_decap;         // a leaf's packet to its receivers' group (not a unicast one)
    bool             msr6_delivered;     // egress: a copy delivered here, decapsulated (no MTU check)
    // MSR6
    bool             host_facing;        // it came in by a port that faces hosts
    bool             msr6_malformed;
    bit<16>          msid_count;
    bool             msr6_msids_unparsed; // egress: the list is longer than this target's egress parses
    msr6_behaviour_t msr6_behaviour;
#ifndef SIXFLOW_MSR6_BOUNDS_BY_CONDITIONS
    // Where the target compares them from the packet instead (msr6_local_sid.p4), none of these.
    bit<16>          msr6_pointer;
    bit<16>          msr6_argument;      // Replication Number (End.RL) or Local Bitstring (End.RLB.X)
    bit<16>          msr6_segments_left;
    bit<16>          msr6_left_of_sl;      // M-SIDs from Segments Left on (0: past the list)
    bit<16>          msr6_left_of_pointer; // M-SIDs from the Pointer on (0: past the list)
    bit<16>          msr6_left_of_copies;  // M-SIDs after End.RL's copies (Pointer + Replication Number; 0: they overrun)
#endif
    bit<32>          msr6_tree_id;       // the tree this node encapsulated into (0: none; trees 1..0xFFFF)
#endif
#ifdef WITH_GTPU
    // GTP-U (gtpu.p4)
    bool             gtpu_malformed;     // GTP-U headers the parser does not take
    bool             gtpu_unknown_extension; // an extension header whose comprehension is required, unknown here
    bool             gtpu_checksum_bad;  // a non-zero UDP checksum that does not verify (targets that verify)
    bit<16>          gtpu_checksum_zero; // bmv2's verification compares the datagram's complemented sum with it: 0
    gtpu_checksum_mode_t gtpu_checksum_mode;
    bit<1>           gtpu_has_qfi;
    bit<6>           gtpu_qfi;
    gtpu_tunnel_id_t gtpu_tunnel_id;
    bool             gtpu_n3;            // addressed to a local N3 address
    bit<1>           gtpu_allow_zero;    //   which accepts a zero UDP checksum
    bool             gtpu_teid_known;
#ifndef SIXFLOW_GTPU_LENGTHS_BY_CONDITIONS
    bit<16>          gtpu_udp_excess;    // IPv6 payload length - UDP length (0: they agree)
    bit<16>          gtpu_len_excess;    // UDP length - GTP-U length (UDP + GTP-U headers: they agree)
#endif
    bit<16>          gtpu_outer_ext_bytes; // an extension header between the outer IPv6 and UDP headers (parser)
#ifndef SIXFLOW_GTPU_LENGTHS_BY_CONDITIONS
    bool             gtpu_udp_length_ok; // the UDP length is the IPv6 payload less that header
#endif
#ifdef WITH_APN6
    bool             apn6_before_tunnel; // a G-PDU's outer APN6 option (inserted here or parsed): it leaves in front of its UDP header
#endif
    // INCREMENTAL: the inner pseudo-header's sum, negated (which a valid inner L4 checksum makes
    // the sum of the inner L4 header and payload); Tofino's 17 minus the inner protocol is its own.
    bit<16>          gtpu_inner_residual;
    bool             gtpu_checksum_incremental;  // the target's deparser computes it
    bool             gtpu_checksum_full;
#endif
#ifdef WITH_ECMP
    ecmp_group_id_t  ecmp_group_id;      // routing_v6 chose a group of equal-cost next hops (routing.p4)
#endif
    // MTU: whether this router made the packet bigger, where the target keeps it in a field
    // (SIXFLOW_GROWN_FIELD, define_<target>.p4), and the egress port's MTU (mtu.p4).
    SIXFLOW_GROWN_FIELD
    bit<16>          egress_mtu;
#ifdef SIXFLOW_MTU_EXCESS_APART
    bit<16>          mtu_packet_len;     // its IPv6 length, header included (16 bits: a payload length
                                         // past 65495 is no packet a port with an MTU sends)
#endif
    bit<16>          mtu_excess;
    // The target's own fields (define_<target>.p4): bmv2's measurement words, Tofino's flow hash
    // and latency-sum wrap test. A field a profile or target never uses still costs bmv2 a reset
    // for every packet.
    SIXFLOW_TARGET_METADATA
#ifdef WITH_MSR6
    mcast_group_t    mcast_group;        // a tree's group (SIXFLOW_GROUP)
    bit<16>          replica;            // index of this copy in its group (egress)
    SIXFLOW_EGRESS_RID_FIELD             // where the target copies a replica's replication id (egress)
#endif
    // Measurement: the class and the report's sequence number; with the target's report fields
    // (define_<target>.p4) they travel with telemetry clones (preserved by the target's clone).
    @field_list(1) lat_class_t  lat_class;
    @field_list(1) bit<32>      report_sequence;
    SIXFLOW_REPORT_METADATA
#ifdef WITH_BNG
    // BNG (bng.p4): a subscriber line's side (access), then the downstream encapsulation's
    // (forward); a split BNG's profile has only its own half. (In this order: bf-p4c's PHV
    // allocation follows it, and the whole BNG's ingress took a stage more in another.)
#ifdef WITH_BNG_ACCESS
    bit<12>          bng_s_vid;          // the frame's tags (parser; 0: none)
    bit<12>          bng_c_vid;
    bool             bng_from_line;      // tagged or PPPoE: a subscriber line's frame (parser)
    bool             bng_pppoe;          // PPPoE by its EtherType, even when its header is cut short (parser)
    bool             bng_discovery;      //   the discovery stage's EtherType (parser)
    bit<16>          bng_line_id;        // the line a frame came from (line map; 0: none)
    bool             bng_pass_down;      //   a split BNG's downstream frame from the trunk, for this line (line map)
    port_num_t       bng_pass_port;      //   the line's port, where it is passed as it came
    bool             bng_session_known;  //   its session (bng_session)
    bit<48>          bng_mac_diff;       //   source MAC xor the session's (0: the session's own)
    bool             bng_source_ok;      //   a source the line may send from
    bit<16>          bng_len_excess;     //   PPPoE length - the IP length field (42 for IPv6, 2 for IPv4 when they agree)
#endif
#ifdef WITH_BNG_FORWARD
    bit<16>          bng_down_line_id;   // the line the destination is on (prefix map; 0: none)
#endif
    bool             bng_downstream;     //   a subscriber's destination: encapsulated, not routed
#ifdef WITH_BNG_FORWARD
    bool             bng_down_known;     //   the line's session (bng_line_session) and what it says
    port_num_t       bng_down_port;
    bit<12>          bng_down_s_vid;
    bit<12>          bng_down_c_vid;
    bit<16>          bng_down_session;
    mac_addr_t       bng_down_smac;
    mac_addr_t       bng_down_dmac;
    bit<16>          bng_pppoe_len;      //   PPPoE's length for the packet (IP packet + 2)
    bit<16>          bng_ppp_protocol;
    bit<16>          bng_mtu_excess;     //   how far past BNG_MTU (0: it fits)
    bit<8>           bng_hops;           //   its hop limit or TTL
#endif
    bit<8>           bng_color;          // the line's meter's verdict
#endif
    // Counted events (event_t), each only where its feature is: SIXFLOW_EVENT_SET. bmv2 keeps
    // them as the bits of one field (SIXFLOW_EVENTS_IN_ONE_FIELD), Tofino as a field each.
#ifdef SIXFLOW_EVENTS_IN_ONE_FIELD
#if defined(WITH_APN6) || defined(WITH_MSR6) || defined(WITH_GTPU)
    bit<6>           events;
#endif
#else
#ifdef WITH_APN6
    bit<1>           ev_apn6_skipped;
#endif
#ifdef WITH_MSR6
    bit<1>           ev_msr6_decap;
#endif
#ifdef WITH_GTPU
    bit<1>           ev_gtpu_echo_punted;
#endif
#endif
#ifdef WITH_NPTV6
    // NPTv6 (nptv6.p4): what the mapping's entry gave (the prefix bits to flip, the one's-complement
    // adjustment) for the address it translates and for the invoking packet's in an ICMPv6 error.
    // The word and the adjustment's complement, each twice side by side: their difference's upper
    // half is the adjusted word (nptv6.p4).
    bool             nptv6_hit;          // inbound
    bool             nptv6_out_hit;      // outbound
    bit<48>          nptv6_flip;
    bit<32>          nptv6_adjustment;
    bit<32>          nptv6_word;
    bit<32>          nptv6_sum;
    bool             nptv6_inner_hit;
    bool             nptv6_inner_out_hit;
    bit<48>          nptv6_inner_flip;
    bit<32>          nptv6_inner_adjustment;
    bit<32>          nptv6_inner_word;
    bit<32>          nptv6_inner_sum;
#endif
#ifdef WITH_ILNP
    // ILNP (ilnp.p4): an ILNPv6 packet (its Nonce option), one whose option is malformed, and
    // going out: the site that routing's uplink and the source locator name, the flow's hash.
    bool             ilnp;
    bool             ilnp_malformed;
    ilnp_site_id_t   ilnp_site;
    bit<16>          ilnp_bucket;
#endif
#ifdef WITH_GTPU
    bool             gtpu_answer;        // a G-PDU the controller answers (TS 29.281): dropped, counted and punted
#endif
}

// A packet's set of counted events, the event_t bits from EVENT_GTPU_ECHO_PUNTED (5) down to
// EVENT_APN6_SKIPPED (0), as a list (Tofino's identity hash takes one) and as one value. A
// feature the profile leaves out has no field: its bits are 0. Bits 1, 2 and 3
// (EVENT_APN6_INSERTED, EVENT_APN6_STRIPPED and EVENT_MSR6_ENCAP once) stay 0: the direct
// counters apn6_classifier_counter, apn6_strip_counter and msr6_encap_counter count per entry.
#ifdef WITH_APN6
#define SIXFLOW_EV_APN6(m) 1w0, m.ev_apn6_skipped
#else
#define SIXFLOW_EV_APN6(m) 1w0, 1w0
#endif
#ifdef WITH_MSR6
#define SIXFLOW_EV_MSR6(m) m.ev_msr6_decap, 1w0
#else
#define SIXFLOW_EV_MSR6(m) 1w0, 1w0
#endif
#ifdef WITH_GTPU
#define SIXFLOW_EV_GTPU(m) m.ev_gtpu_echo_punted
#else
#define SIXFLOW_EV_GTPU(m) 1w0
#endif
#define SIXFLOW_EVENT_LIST(m) SIXFLOW_EV_GTPU(m), SIXFLOW_EV_MSR6(m), 1w0, SIXFLOW_EV_APN6(m)
#define SIXFLOW_EVENT_CONCAT_(a, b, c, d, e, f) (a ++ b ++ c ++ d ++ e ++ f)
#define SIXFLOW_EVENT_CONCAT(list) SIXFLOW_EVENT_CONCAT_(list)

// Raising an event (its field and its event_t bit), testing one raised, and the packet's set.
// Where the events are one field's bits (bmv2), the set is that field, so counting it takes no
// step of its own: with a field each, the concatenation is a temporary that p4c computes for
// every packet it counts. SIXFLOW_RAISED is a comparison without parentheses where the events are
// fields (so that Tofino's programs read as they did before the macro): negate it as
// !(SIXFLOW_RAISED(...)).
#ifdef SIXFLOW_EVENTS_IN_ONE_FIELD
#define SIXFLOW_RAISE(m, field, bit) m.events = m.events | (6w1 << bit);
#define SIXFLOW_RAISED(m, field, bit) ((m.events & (6w1 << bit)) != 0)
#define SIXFLOW_EVENT_SET(m) m.events
#else
#define SIXFLOW_RAISE(m, field, bit) m.field = 1;
#define SIXFLOW_RAISED(m, field, bit) m.field == 1
#define SIXFLOW_EVENT_SET(m) SIXFLOW_EVENT_CONCAT(SIXFLOW_EVENT_LIST(m))
#endif

// MSR6's multicast group, its copy, leaf and local delivery marks and a copy's index, for the steps every
// profile shares: without MSR6 no field but a constant, which p4c folds the tests on away.
#ifdef WITH_MSR6
#define SIXFLOW_GROUP(m) m.mcast_group
#define SIXFLOW_MSR6_REPLICATE(m) m.msr6_replicate
#define SIXFLOW_MSR6_DECAP(m) m.msr6_decap
#define SIXFLOW_MSR6_DELIVERED(m) m.msr6_delivered
#define SIXFLOW_REPLICA(m) m.replica
#else
#define SIXFLOW_GROUP(m) 16w0
#define SIXFLOW_MSR6_REPLICATE(m) false
#define SIXFLOW_MSR6_DECAP(m) false
#define SIXFLOW_MSR6_DELIVERED(m) false
#define SIXFLOW_REPLICA(m) 16w0
#endif

#endif // SIXFLOW_HEADER_P4
