// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Target-independent constants. Per-target values (CPU port, timestamp width) live in
// p4src/<target>/define_<target>.p4 so this file stays the same for bmv2 and Tofino.
// Code points follow docs/wire-formats.md; Java reads them from this file (WireFormatTest).
#ifndef SIXFLOW_DEFINE_P4
#define SIXFLOW_DEFINE_P4

// BNG (docs/features/bng.md) comes in two halves, which the split puts on two switches:
// WITH_BNG_ACCESS faces the subscribers (line map, control punt, upstream termination with
// anti-spoofing, upstream meters and counters), WITH_BNG_FORWARD holds the forwarding tables
// (downstream prefix map and PPPoE encapsulation, downstream meters and counters). WITH_BNG is
// what both need (IPv4 parsed and routed, the PPPoE headers): defined here, never by a profile.
#if defined(WITH_BNG_ACCESS) || defined(WITH_BNG_FORWARD)
#define WITH_BNG
#endif

// Metadata only some features read: a profile without them has no field for them (bmv2 resets
// every metadata field of every packet, about 650 instructions each), and the parser sets them
// only where a field exists. The L4 source port: APN6's classifier, the flow hash of an
// encapsulation (MSR6, GTP-U), ILNP's uplink choice and ECMP's member choice. Whether a Hop-by-Hop
// header is not in APN6's layout: APN6 only.
#if defined(WITH_APN6) || defined(WITH_MSR6) || defined(WITH_GTPU) || defined(WITH_ILNP) || defined(WITH_ECMP)
#define SIXFLOW_L4_SRC_PORT
#define SET_L4_SRC_PORT(meta, port) meta.l4_src_port = port;
#else
#define SET_L4_SRC_PORT(meta, port)
#endif
#ifdef WITH_APN6
#define MARK_OTHER_HBH(meta) meta.other_hbh = true;
#else
#define MARK_OTHER_HBH(meta)
#endif

typedef bit<9>   port_num_t;
typedef bit<48>  mac_addr_t;
typedef bit<128> ipv6_addr_t;
typedef bit<16>  l4_port_t;
typedef bit<16>  mcast_group_t;

const bit<16> ETHERTYPE_IPV6 = 0x86dd;
// Telemetry reports to the controller: an IEEE 802 local experimental EtherType.
const bit<16> ETHERTYPE_SIXFLOW_REPORT = 0x88b5;
// The report's version (its first octet, the same on every target): a latency report, or a
// packet past its egress MTU punted whole for an ICMPv6 Packet Too Big, whose delta is the MTU
// (bmv2) or 0 (Tofino: the controller takes the port's MTU from netcfg): one this router grew
// (the controller takes the growth off to find the source's packet), or one it forwards at the
// size it came in with.
const bit<8> REPORT_VERSION = 1;
const bit<8> REPORT_VERSION_TOO_BIG = 2;
const bit<8> REPORT_VERSION_TOO_BIG_TRANSIT = 3;
// Aggregate readout: the controller sends one to the CPU port and gets it back filled in, since
// bmv2's P4Runtime server cannot read registers.
const bit<16> ETHERTYPE_SIXFLOW_READOUT = 0x88b6;

// The IPv6 header's Version: the parser takes no other (parse_ipv6).
const bit<4> IPV6_VERSION  = 6;

const bit<8> PROTO_HOPOPT  = 0;
const bit<8> PROTO_TCP     = 6;
const bit<8> PROTO_UDP     = 17;
const bit<8> PROTO_IPV6    = 41;
const bit<8> PROTO_ROUTING = 43;
const bit<8> PROTO_FRAGMENT = 44;
const bit<8> PROTO_DSTOPTS = 60;
const bit<8> PROTO_ICMPV6  = 58;

// APN6 Application-aware ID option (RFC 4727 experimental type), in a 24-octet HBH header.
const bit<8>  APN6_OPTION_TYPE  = 0x1e;
const bit<8>  APN6_OPTION_LEN   = 16;
const bit<8>  APN6_HBH_EXT_LEN  = 2;
const bit<16> APN6_HBH_BYTES    = 24;
const bit<8>  PADN_TYPE         = 0x01;
// Policies the classifier holds: its ~300-bit ternary key with two port ranges costs TCAM,
// so a target with less of it defines a smaller size first.
#ifndef APN6_CLASSIFIER_SIZE
#define APN6_CLASSIFIER_SIZE 4096
#endif

// Extension headers the parser walks past without reading them (Hop-by-Hop and Destination
// Options other than Sixflow's APN6 header, Routing headers other than the MRH): at most this
// many 8-octet units after their first (Hdr Ext Len <= 2, 24 octets). Beyond it the chain is
// left unparsed: forwarded as it is, its upper layer unknown.
#define EXT_MAX_LEN 2

// MSR6 Multicast Routing Header: RFC 4727 experimental Routing Type.
const bit<8> ROUTING_TYPE_MRH = 253;
const bit<8> MRH_TYPE_TE      = 1;
const bit<8> MRH_TYPE_TE_RLB  = 3;
// Most M-SIDs an MRH may carry (docs/features/msr6.md: default 8). A parameter of the build
// (-DMAX_MSIDS=n): the code that walks the list is repeated per M-SID (repeat.p4), and the
// encapsulation writes the list from two tables of four, hence at most 8.
#ifndef MAX_MSIDS
#define MAX_MSIDS 8
#endif
#if MAX_MSIDS < 1 || MAX_MSIDS > 8
#error "MAX_MSIDS must be 1..8"
#endif
// M-SIDs the egress pipeline reads and rewrites: all of them, unless the target's egress parser
// is shallower (Tofino 1: 3, see tna/egress_parser.p4). The target defines it first.
#ifndef EGRESS_MAX_MSIDS
#define EGRESS_MAX_MSIDS MAX_MSIDS
#endif
#if EGRESS_MAX_MSIDS > MAX_MSIDS
#undef EGRESS_MAX_MSIDS
#define EGRESS_MAX_MSIDS MAX_MSIDS
#endif
const bit<16> MRH_FIXED_BYTES = 8;
const bit<16> MSID_BYTES = 16;
const bit<16> IPV6_HEADER_BYTES = 40;

#ifdef SIXFLOW_INNER_HELD_TO_OUTER
// Whether a tunnel's inner packet runs past what carries it: its Payload Length and `ahead` (its
// IPv6 header and the tunnel's own headers in front of it: a constant part in one term, which
// p4c folds) take more than `room` octets.
// Where the target holds the outer packet to its frame (SIXFLOW_FRAME_TRUNCATED, bmv2), the end
// that takes the outer headers off holds the inner packet to them, as a Linux tunnel end's
// ip6_rcv does: what it would deliver is otherwise not the packet its header describes. Octets
// past the inner packet are not an error (as past the outer one). In 32 bits: no sum wraps.
// GTP-U's parser (GTPU_INNER_STATE) and MSR6's delivery (MSR6_INNER_CUT_SHORT) use it.
#define SIXFLOW_INNER_RUNS_PAST(hdr, ahead, room) \
    ((bit<32>) hdr.inner_ipv6.payload_len + (ahead) > (bit<32>) (room))
#endif

// Every IPv6 packet is held to its egress port's MTU (mtu.p4), not only the packets this router
// grew: a router that cannot forward a packet for its size drops it and tells the source (RFC
// 8200 section 5, RFC 4443 section 3.2; the too-big report, below). One of at most the IPv6
// minimum MTU fits every port (the controller writes none below it): which packets the egress
// looks up is the target's choice (SIXFLOW_MTU_MEASURED, define_<target>.p4).
const bit<16> IPV6_MIN_MTU = 1280;

// What a local MSR6 SID does (msr6_local_sid table).
typedef bit<2> msr6_behaviour_t;
const msr6_behaviour_t MSR6_NONE      = 0;
const msr6_behaviour_t MSR6_END_RL    = 1;
const msr6_behaviour_t MSR6_END_RLB_X = 2;

// GTP-U over IPv6 (3GPP TS 29.281; docs/features/gtpu.md): UDP port, version 1 with PT 1 (GTP,
// not GTP'), the messages the data plane tells apart, the PDU Session Container extension
// header (TS 38.415) and the header sizes the lengths are built from.
const bit<16> GTPU_UDP_PORT          = 2152;
const bit<3>  GTPU_VERSION           = 1;
const bit<8>  GTPU_MSG_ECHO_REQUEST  = 1;
const bit<8>  GTPU_MSG_ECHO_RESPONSE = 2;
const bit<8>  GTPU_MSG_ERROR_INDICATION = 26;
const bit<8>  GTPU_MSG_SUPPORTED_EXT_HEADERS = 31;  // Supported Extension Headers Notification
const bit<8>  GTPU_MSG_END_MARKER    = 254;
const bit<8>  GTPU_MSG_GPDU          = 0xff;
const bit<8>  GTPU_EXT_NONE          = 0;
const bit<8>  GTPU_EXT_PDU_SESSION_CONTAINER = 0x85;
const bit<8>  GTPU_PSC_LEN           = 1;   // in 4-octet units (what the encapsulation writes)
// The high bit of an extension header type (TS 29.281 5.2.1): set, the receiving endpoint must
// comprehend it; clear, it may skip it.
const bit<8>  GTPU_EXT_COMPREHENSION_REQUIRED = 0x80;
// 4-octet units of extension headers a received G-PDU may carry (the parser's bound): 8 (32
// octets: an uplink PDU Session Container with all of TS 38.415's QoS monitoring fields takes 7),
// unless the target sets fewer (Tofino 1: define_tna.p4).
#ifndef GTPU_EXT_MAX_UNITS
#define GTPU_EXT_MAX_UNITS 8
#endif
const bit<4>  GTPU_PDU_TYPE_DL       = 0;
const bit<4>  GTPU_PDU_TYPE_UL       = 1;
const bit<16> UDP_HEADER_BYTES       = 8;
const bit<16> GTPU_HEADER_BYTES      = 8;   // the mandatory part; its length field counts what follows
const bit<16> GTPU_OPTIONS_BYTES     = 4;   // sequence, N-PDU number, next extension type
const bit<16> GTPU_PSC_BYTES         = 4;
// A tunnel's UDP checksum (an action parameter of gtpu_encap): zero (RFC 6935/6936), computed
// over the whole datagram (bmv2 only), or derived from the inner packet's own L4 checksum.
typedef bit<2> gtpu_checksum_mode_t;
const gtpu_checksum_mode_t GTPU_CHECKSUM_ZERO        = 0;
const gtpu_checksum_mode_t GTPU_CHECKSUM_FULL        = 1;
const gtpu_checksum_mode_t GTPU_CHECKSUM_INCREMENTAL = 2;
// Tunnel ids index the per-tunnel counters.
typedef bit<16> gtpu_tunnel_id_t;
#define GTPU_TUNNELS 1024
// The UDP source port of a tunnel's packets: 49152 (the dynamic range, RFC 6335) + 14 bits of
// the inner flow's hash, so that ECMP and RSS on the way can spread the tunnel's flows.
const bit<2> GTPU_SRC_PORT_PREFIX = 0b11;

#if defined(WITH_NPTV6) || defined(WITH_ILNP)
// ICMPv6 error message types (RFC 4443): they carry the invoking packet (NPTv6 translates it,
// ILNP rewrites its source locator in a router's error).
const bit<8> ICMPV6_DEST_UNREACHABLE   = 1;
const bit<8> ICMPV6_PACKET_TOO_BIG     = 2;
const bit<8> ICMPV6_TIME_EXCEEDED      = 3;
const bit<8> ICMPV6_PARAMETER_PROBLEM  = 4;
#endif

#ifdef WITH_ILNP
// ILNPv6 (RFCs 6740-6744, 6748; docs/features/ilnp.md): an ILNPv6 packet carries the Nonce option
// (RFC 6744, IANA Destination Option type 0x8B: act 10, chg 0) with a 4- or 12-octet nonce;
// Locator Updates are ICMPv6 type 156 (RFC 6743).
const bit<8> ILNP_NONCE_OPTION_TYPE      = 0x8b;
const bit<8> ILNP_NONCE_SHORT            = 4;
const bit<8> ILNP_NONCE_LONG             = 12;
const bit<8> ICMPV6_ILNP_LOCATOR_UPDATE  = 156;
// The site's side of a border router: provider locators it answers for (inbound), (uplink,
// internal locator) pairs that make a packet outbound, and the shares of the uplinks (a
// range of the flow's 16-bit hash each). Uplinks index the per-uplink counters.
typedef bit<16> ilnp_site_id_t;
typedef bit<8>  ilnp_uplink_id_t;
#define ILNP_LOCATORS 1024
#define ILNP_SITES 1024
#define ILNP_SHARES 1024
#define ILNP_UPLINKS 256
#endif

#ifdef WITH_ECMP
// ECMP (routing.p4): a routing_v6 entry names a group of equal-cost next hops; the packet's flow
// picks one member. Groups, next hops per group and members in all (the action selector's).
// Under its flag so that the profiles without ECMP (and their source hashes) stay as they were.
typedef bit<16> ecmp_group_id_t;
#define ECMP_GROUPS 1024
#define ECMP_MAX_GROUP_SIZE 16
#define ECMP_MEMBERS 4096
#endif

// ECN codepoints (RFC 3168), the low 2 bits of the Traffic Class.
const bit<2> ECN_NOT_ECT = 0;
const bit<2> ECN_ECT_1 = 1;
const bit<2> ECN_ECT_0 = 2;
const bit<2> ECN_CE = 3;

// Address scopes (scope.p4, RFC 4291), on an address's first 16 bits: value and mask.
const bit<16> SCOPE_LINK_LOCAL      = 0xfe80;  // fe80::/10
const bit<16> SCOPE_LINK_LOCAL_MASK = 0xffc0;
const bit<16> SCOPE_ZERO_16         = 0x0000;  // 0000::/16: unspecified, loopback, IPv4-compatible and -mapped
const bit<16> SCOPE_ZERO_16_MASK    = 0xffff;
const bit<16> SCOPE_MULTICAST       = 0xff00;  // ff00::/8
const bit<16> SCOPE_MULTICAST_MASK  = 0xff00;
const bit<16> SCOPE_MULTICAST_SCOPE_MASK = 0xff0f;  // a multicast address and its scope (any flags)
const bit<16> SCOPE_MULTICAST_RESERVED   = 0xff00;  // scope 0
const bit<16> SCOPE_MULTICAST_INTERFACE  = 0xff01;  // scope 1, interface-local
const bit<16> SCOPE_MULTICAST_LINK       = 0xff02;  // scope 2, link-local

// Why a packet was dropped: index of the target's drop counter.
typedef bit<8> drop_reason_t;
const drop_reason_t DROP_NONE            = 0;
const drop_reason_t DROP_NO_ROUTE        = 1;
const drop_reason_t DROP_HOP_LIMIT       = 2;
const drop_reason_t DROP_ACL             = 3;
const drop_reason_t DROP_NOT_IPV6        = 4;
const drop_reason_t DROP_PARSER_ERROR    = 5;
const drop_reason_t DROP_APN6_MALFORMED  = 6;
const drop_reason_t DROP_MSR6_MALFORMED  = 7;
const drop_reason_t DROP_MSR6_UNKNOWN    = 8;
const drop_reason_t DROP_MSR6_NO_GROUP   = 9;
const drop_reason_t DROP_NOT_MY_STATION  = 10;  // a unicast frame for another station
const drop_reason_t DROP_SR_BOUNDARY     = 11;  // an MRH for a local SID from a host-facing port
const drop_reason_t DROP_MTU_EXCEEDED    = 12;  // past the egress port's MTU (mtu.p4)
const drop_reason_t DROP_CE_NOT_ECT      = 13;  // congestion marked outside, inner packet not ECN-capable
// GTP-U encapsulation (gtpu.p4).
const drop_reason_t DROP_GTPU_NO_INNER_CHECKSUM = 14;  // INCREMENTAL, but no inner L4 checksum to build on
const drop_reason_t DROP_GTPU_CHECKSUM_MODE     = 15;  // a checksum mode this target cannot compute
// GTP-U decapsulation at a local N3 address (gtpu.p4).
const drop_reason_t DROP_GTPU_TRUNCATED         = 16;  // ended inside the GTP-U headers or the inner IPv6 header
const drop_reason_t DROP_GTPU_MALFORMED         = 17;  // not version 1 / PT 1, an extension it does not take, not IPv6 inside, an inner packet that runs past the outer one
const drop_reason_t DROP_GTPU_BAD_CHECKSUM      = 18;  // a non-zero UDP checksum that does not verify
const drop_reason_t DROP_GTPU_ZERO_CHECKSUM     = 19;  // a zero UDP checksum the N3 address does not allow
const drop_reason_t DROP_GTPU_BAD_LENGTH        = 20;  // UDP length, IPv6 payload length and GTP-U length disagree
const drop_reason_t DROP_GTPU_NOT_GPDU          = 21;  // a message other than a G-PDU or one the controller takes (echo request, error indication, end marker, supported extension headers notification)
const drop_reason_t DROP_GTPU_UNKNOWN_TEID      = 22;  // no tunnel has this TEID at this N3 address (a G-PDU: also punted, for the controller's Error Indication)
const drop_reason_t DROP_GTPU_UNKNOWN_EXTENSION = 23;  // an extension header to comprehend that this router does not know (also punted, for the controller's Supported Extension Headers Notification)
#ifdef WITH_BNG
// BNG (bng.p4): upstream from a subscriber line, downstream into a PPPoE session.
const drop_reason_t DROP_BNG_UNKNOWN_LINE    = 24;  // (port, S-tag, C-tag) is no line
const drop_reason_t DROP_BNG_MALFORMED       = 25;  // not PPPoE on a line, version/type not 1/1, session code or id wrong, truncated, a length that lies
const drop_reason_t DROP_BNG_UNKNOWN_SESSION = 26;  // no session with this id on this line
const drop_reason_t DROP_BNG_SPOOFED_MAC     = 27;  // the session's frames come from another MAC
const drop_reason_t DROP_BNG_SPOOFED_V6      = 28;  // an IPv6 source outside the line's prefixes
const drop_reason_t DROP_BNG_SPOOFED_V4      = 29;  // an IPv4 source outside the line's addresses
const drop_reason_t DROP_BNG_METER_RED       = 30;  // over the line's peak rate (per-line meter)
const drop_reason_t DROP_BNG_MTU             = 31;  // too big for PPPoE (BNG_MTU) on the way down
#endif
#ifdef WITH_NPTV6
// NPTv6 (nptv6.p4). Under its flag (with the ICMPv6 types above) so that the other profiles'
// programs, and their source hashes, stay as they were.
const drop_reason_t DROP_NPTV6_UNTRANSLATABLE   = 32;  // the word to adjust is 0xFFFF (RFC 6296): dropped, punted for the ICMPv6 error
// Entries per NPTv6 table: (internal prefix, uplink) mappings.
#define NPTV6_MAPPINGS 1024
#endif
#ifdef WITH_GTPU
// GTP-U's uplink source check (gtpu.p4). Under its flag, as is the count below, so that the
// programs of the profiles without GTP-U (and their source hashes) stay as they were.
const drop_reason_t DROP_GTPU_SPOOFED_SOURCE    = 33;  // a G-PDU's inner source outside its tunnel's UE prefixes
#endif
#ifdef WITH_ILNP
// ILNP at a site border (ilnp.p4). Under its flag, as are its values below, so that the programs
// of the profiles without ILNP (and their source hashes) stay as they were.
const drop_reason_t DROP_ILNP_MALFORMED         = 34;  // a Nonce option whose length is neither 4 nor 12, or that runs past its header
#endif
// Routing (scope.p4): every profile has it.
const drop_reason_t DROP_OUT_OF_SCOPE          = 35;  // would leave its scope (RFC 4291): a link-local, unspecified, loopback or multicast source, a link-local, unspecified, loopback or link-scoped multicast destination
// The drop counters' size: one past the highest reason, the same in every profile.
#define DROP_REASON_COUNT 36

// Why a packet went up to the controller: the packet_in header's punt_reason (7 bits). 0 for
// what the controller asked for (ACL punts, GTP-U echo requests, BNG control) and for telemetry;
// routing (routing.p4) and NPTv6 (nptv6.p4) say why they punt, so that the controller answers
// with the right ICMPv6 message (RFC 4443) and nothing else.
typedef bit<7> punt_reason_t;
const punt_reason_t PUNT_ASKED       = 0;
const punt_reason_t PUNT_HOP_LIMIT   = 1;  // hop limit <= 1, not to a multicast address: Time Exceeded (also counted as DROP_HOP_LIMIT)
const punt_reason_t PUNT_NO_ROUTE    = 2;  // no routing_v6 entry, not to a multicast address: Destination Unreachable (also counted as DROP_NO_ROUTE)
const punt_reason_t PUNT_FOR_ROUTER  = 3;  // to one of the router's own addresses (routing_v6 punt_to_router): Echo Reply
const punt_reason_t PUNT_OUT_OF_SCOPE = 7;  // routed out of its addresses' scope (scope.p4), not to a multicast address, after routing: Destination Unreachable, code 2, for a link-local source (also counted as DROP_OUT_OF_SCOPE)
#ifdef WITH_ILNP
const punt_reason_t PUNT_ILNP_LOCATOR_UPDATE = 4;  // an ICMPv6 Locator Update (RFC 6743) through the site border: the controller updates the site's mappings
#endif
#ifdef WITH_NPTV6
const punt_reason_t PUNT_NPTV6_SOURCE        = 5;  // going out, a source with subnet 0xFFFF (RFC 6296), after routing: Parameter Problem pointing at the source (also counted as DROP_NPTV6_UNTRANSLATABLE)
const punt_reason_t PUNT_NPTV6_DESTINATION   = 6;  // coming in, a destination with subnet 0xFFFF, before routing: Parameter Problem pointing at the destination (also counted as DROP_NPTV6_UNTRANSLATABLE)
#endif

#ifdef WITH_BNG
// BNG (RFC 2516 PPPoE, RFC 1661 PPP): EtherTypes, PPP protocols, the PPPoE header's fixed
// values, the IPv4 header this feature routes.
const bit<16> ETHERTYPE_IPV4            = 0x0800;
const bit<16> ETHERTYPE_VLAN            = 0x8100;  // 802.1Q C-tag
const bit<16> ETHERTYPE_QINQ            = 0x88a8;  // 802.1ad S-tag
const bit<16> ETHERTYPE_PPPOE_DISCOVERY = 0x8863;
const bit<16> ETHERTYPE_PPPOE_SESSION   = 0x8864;
const bit<4>  PPPOE_VERSION             = 1;
const bit<4>  PPPOE_TYPE                = 1;
const bit<8>  PPPOE_CODE_SESSION        = 0x00;
const bit<16> PPP_IPV4                  = 0x0021;
const bit<16> PPP_IPV6                  = 0x0057;
const bit<16> PPP_LCP                   = 0xc021;
const bit<16> PPP_PAP                   = 0xc023;
const bit<16> PPP_CHAP                  = 0xc223;
const bit<16> PPP_IPCP                  = 0x8021;
const bit<16> PPP_IPV6CP                = 0x8057;
const bit<8>  PROTO_ICMP                = 1;
const bit<8>  IPV4_VERSION_IHL          = 0x45;    // version 4, no options: the only IPv4 header routed
const bit<16> IPV4_HEADER_BYTES         = 20;      // IHL 5: that header's length
// Octets PPPoE's length counts in front of the IP packet (the PPP protocol), and the IPv6
// header the IPv6 payload length leaves out.
const bit<16> PPP_HEADER_BYTES          = 2;
const bit<16> PPPOE_IPV6_OVERHEAD       = 42;      // PPP protocol + IPv6 header
// The largest IP packet a PPPoE session carries (RFC 2516: 1500 - 6 - 2).
const bit<16> BNG_MTU                   = 1492;
// A yellow packet's DSCP: Lower Effort (RFC 8622), ECN kept.
const bit<6>  BNG_YELLOW_DSCP           = 1;
// Lines: ids 1..BNG_LINES; 0 is "no line" (the per-line counters' cell for unknown lines).
#ifndef BNG_LINES
#define BNG_LINES 8192
#endif
#define BNG_LINE_CELLS 8193
#ifndef BNG_SESSIONS
#define BNG_SESSIONS 8192
#endif
// Subscriber networks: 8192 lines x 4 (an IPv6 /64 and a delegated prefix, an IPv4 address
// and a routed IPv4 subnet), as sources upstream and destinations downstream.
#ifndef BNG_SOURCES_V6
#define BNG_SOURCES_V6 16384
#endif
#ifndef BNG_SOURCES_V4
#define BNG_SOURCES_V4 16384
#endif
#ifndef BNG_PREFIXES_V6
#define BNG_PREFIXES_V6 16384
#endif
#ifndef BNG_PREFIXES_V4
#define BNG_PREFIXES_V4 16384
#endif
#ifndef ROUTING_V4_SIZE
#define ROUTING_V4_SIZE 4096
#endif
#endif

// Events that are counted but do not drop: bit numbers of the event counter's index. A packet
// counts once, at the index whose bits are its events (Tofino counts a packet once per counter;
// 0: none), so an event's total is the sum over the indexes with its bit set.
typedef bit<8> event_t;
const event_t EVENT_APN6_SKIPPED   = 0;  // a policy matched but the packet already had an HBH
// 1 was EVENT_APN6_INSERTED: each policy's matches are counted by apn6_classifier's direct counter,
// 2 was EVENT_APN6_STRIPPED: strips are counted by apn6_strip's direct counter (apn6.p4).
// 3 was EVENT_MSR6_ENCAP: each tree's encapsulations are counted by msr6_encap's direct counter (msr6.p4).
const event_t EVENT_MSR6_DECAP     = 4;
const event_t EVENT_GTPU_ECHO_PUNTED = 5;  // a GTP-U echo request to a local N3 address, for the controller
#define EVENT_SETS 64

// Latency class of a packet: what the pipeline did to it (aggregates and reports use it).
typedef bit<4> lat_class_t;
const lat_class_t CLASS_IPV6            = 0;
const lat_class_t CLASS_APN6_INSERT     = 1;
const lat_class_t CLASS_APN6_TRANSIT    = 2;
const lat_class_t CLASS_MSR6_TE_ENCAP   = 3;
const lat_class_t CLASS_MSR6_RLB_ENCAP  = 4;
const lat_class_t CLASS_MSR6_REPLICATE  = 5;
const lat_class_t CLASS_MSR6_DECAP      = 6;
const lat_class_t CLASS_GTPU_ENCAP_ZERO = 7;
const lat_class_t CLASS_GTPU_ENCAP_FULL = 8;
const lat_class_t CLASS_GTPU_ENCAP_INCREMENTAL = 9;
const lat_class_t CLASS_GTPU_DECAP      = 10;
#define CLASS_COUNT 16
// Aggregates are kept per (class, egress port): index = class << 9 | port.
#define LATENCY_SLOTS 8192
#define LATENCY_BUCKETS 8

#endif // SIXFLOW_DEFINE_P4
