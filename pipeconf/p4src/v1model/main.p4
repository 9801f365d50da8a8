// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Sixflow for bmv2 (v1model): includes the common controls and maps their decisions onto
// standard_metadata; keeps the latency aggregates and clones telemetry reports. Only what
// differs from Tofino lives here.
#include <core.p4>
// v1model's counters and registers with a typed index (counter<I>, register<T, I>): an index of
// its own width is passed as it is, where a cast to bit<32> makes p4c add a metadata field that
// bmv2 resets for every packet (define_v1model.p4, SIXFLOW_TARGET_METADATA).
#define V1MODEL_VERSION 20200408
#include <v1model.p4>

#include "define_v1model.p4"
#include "../common/define.p4"
#include "../common/header.p4"
#include "../common/parser.p4"
#include "../common/control/packetio.p4"
#include "../common/control/report.p4"
#include "../common/ingress.p4"
#include "../common/egress.p4"

parser SixflowParser(packet_in packet, out headers_t hdr, inout local_metadata_t meta,
                     inout standard_metadata_t std_meta) {
    CommonParser() common_parser;

    state start {
        meta.ingress_port = std_meta.ingress_port;
#ifdef WITH_GTPU
        // A second pass (GTP-U's hairpin, gtpu.p4) comes with its standard metadata reset: its
        // ingress port is the recirculation port, not 0.
        transition select(std_meta.instance_type, std_meta.ingress_port) {
            (INSTANCE_TYPE_RECIRC, _): parse_recirculated;
            (_, CPU_PORT): parse_packet_out;
            default: parse_common;
        }
#else
        transition select(std_meta.ingress_port) {
            CPU_PORT: parse_packet_out;
            default: parse_common;
        }
#endif
    }

#ifdef WITH_GTPU
    state parse_recirculated {
        meta.ingress_port = RECIRC_PORT;
        transition parse_common;
    }
#endif

    state parse_packet_out {
        packet.extract(hdr.packet_out);
        transition parse_common;
    }

    state parse_common {
        common_parser.apply(packet, hdr, meta);
        transition accept;
    }
}

// GTP-U's UDP checksum over the pseudo-header, the UDP header and everything after it, the
// checksum included: a valid one sums to 0xFFFF, whose complement 0 is compared with a zero
// field (so that a checksum sent as 0xFFFF for a computed 0 verifies too). A zero checksum is
// the N3 address's to allow (gtpu.p4). IPv6 has no header checksum; other L4 checksums are end
// to end.
#if GTPU_EXT_MAX_UNITS != 8
#error "SixflowVerifyChecksum's list names gtpu_ext_words [0] to [7]"
#endif
control SixflowVerifyChecksum(inout headers_t hdr, inout local_metadata_t meta) {
    apply {
#ifdef WITH_GTPU
        verify_checksum_with_payload(hdr.gtpu_udp.isValid() && hdr.gtpu_udp.checksum != 0,
            { hdr.ipv6.src_addr, hdr.ipv6.dst_addr, 16w0, hdr.gtpu_udp.len, 24w0, PROTO_UDP,
              hdr.gtpu_udp.src_port, hdr.gtpu_udp.dst_port, hdr.gtpu_udp.len, hdr.gtpu_udp.checksum,
              hdr.gtpu, hdr.gtpu_options, hdr.gtpu_ext_words[0], hdr.gtpu_ext_words[1], hdr.gtpu_ext_words[2],
              hdr.gtpu_ext_words[3], hdr.gtpu_ext_words[4], hdr.gtpu_ext_words[5], hdr.gtpu_ext_words[6],
              hdr.gtpu_ext_words[7], hdr.inner_ipv6 },
            meta.gtpu_checksum_zero, HashAlgorithm.csum16);
#endif
    }
}

control SixflowIngress(inout headers_t hdr, inout local_metadata_t meta,
                       inout standard_metadata_t std_meta) {
    // Packets dropped, by reason (index = drop_reason_t).
    counter<drop_reason_t>(DROP_REASON_COUNT, CounterType.packets) drop_counter;
    // Counted events that do not drop: index = the packet's set of event_t bits (EVENT_SETS).
    counter<bit<6>>(EVENT_SETS, CounterType.packets) event_counter;
    // Every packet received, by port (bmv2 has no gNMI: ONOS's port statistics come from these
    // and egress_port_counter). Octets as received.
    counter<port_num_t>(PORT_COUNTER_SIZE, CounterType.packets_and_bytes) ingress_port_counter;

    PacketOutHandler() packet_out_handler;
    PacketInHandler() packet_in_handler;
    PacketInHandler() routing_error_packet_in;
#ifdef WITH_GTPU
    PacketInHandler() gtpu_packet_in;
#endif
    // The shared chain (common/ingress.p4), named so that its tables keep their P4Info names.
    @name(".SixflowIngress") SixflowIngressChain() chain;

    apply {
        if (hdr.packet_out.isValid()) {
            ingress_port_counter.count(std_meta.ingress_port);
            packet_out_handler.apply(hdr, meta);
            std_meta.egress_spec = meta.egress_port;
            exit;
        }
        chain.apply(hdr, meta, SIXFLOW_INGRESS_PLATFORM_ARGS);

#if defined(WITH_APN6) || defined(WITH_MSR6) || defined(WITH_GTPU)
        // Index 0 (no event) is never read: a packet without events is not counted.
        // (Only these features have events: without them the test would be one for nothing.)
        if (SIXFLOW_EVENT_SET(meta) != 0) {
            event_counter.count(SIXFLOW_EVENT_SET(meta));
        }
#endif

        // Every packet received is counted (a packet-out above), and routed unicast, the most
        // common case, forwarded, in one step: each other outcome below overrides the port (a
        // group's packet is replicated whatever egress_spec says). The priority (ACL, APN6 SLA)
        // is every outcome's.
        ingress_port_counter.count(meta.ingress_port);
        std_meta.egress_spec = meta.egress_port;
        std_meta.priority = meta.priority;
        if (meta.punt_to_cpu) {
            packet_in_handler.apply(hdr, meta);
            std_meta.egress_spec = CPU_PORT;
        } else if (meta.drop) {
            drop_counter.count(meta.drop_reason);
            if (meta.punt_reason != PUNT_ASKED && hdr.ipv6.dst_addr[127:120] != 0xff) {
                // Counted, and punted for the controller's ICMPv6 error (routing.p4, nptv6.p4);
                // never one to a multicast address (RFC 4443 2.4 e). A gateway on a field and a constant.
                routing_error_packet_in.apply(hdr, meta);
                std_meta.egress_spec = CPU_PORT;
#ifdef WITH_GTPU
            } else if (meta.gtpu_answer) {
                // Counted, and punted for the controller's GTP-U answer (TS 29.281): an Error
                // Indication (7.3.1) or a Supported Extension Headers Notification (7.2.3).
                gtpu_packet_in.apply(hdr, meta);
                std_meta.egress_spec = CPU_PORT;
#endif
            } else {
                mark_to_drop(std_meta);
            }
        } else if (SIXFLOW_GROUP(meta) != 0) {
            std_meta.mcast_grp = SIXFLOW_GROUP(meta);
        } else if (!meta.egress_port_set) {
            mark_to_drop(std_meta);
        }
    }
}

control SixflowEgress(inout headers_t hdr, inout local_metadata_t meta,
                      inout standard_metadata_t std_meta) {
    // Packets dropped in egress (a replica whose M-SID index runs past the list).
    counter<drop_reason_t>(DROP_REASON_COUNT, CounterType.packets) egress_drop_counter;
    // Every packet sent, by port, telemetry clones and readouts to the controller aside. bmv2
    // counts the octets a packet had when it was received, not what it has after a rewrite.
    counter<port_num_t>(PORT_COUNTER_SIZE, CounterType.packets_and_bytes) egress_port_counter;

    // Latency aggregates per (class, egress port), index = class << 9 | port, in microseconds
    // (bmv2's global timestamps). latency_min holds min + 1 so that 0 means "no packet yet".
    // The sum is 64 bits in two registers, as on Tofino (one stateful ALU word each): the low
    // word, and the carries out of it.
    counter<bit<32>>(LATENCY_SLOTS, CounterType.packets) latency_packets;
    register<bit<32>, bit<32>>(LATENCY_SLOTS) latency_sum;
    register<bit<32>, bit<32>>(LATENCY_SLOTS) latency_sum_hi;
    register<bit<32>, bit<32>>(LATENCY_SLOTS) latency_min;
    register<bit<32>, bit<32>>(LATENCY_SLOTS) latency_max;
    // Histogram: LATENCY_BUCKETS power-of-two buckets per slot (<1, <2, <4 … µs, last open),
    // index = slot << 3 | bucket.
    register<bit<32>, bit<32>>(LATENCY_SLOTS * LATENCY_BUCKETS) latency_histogram;
    // Per-class sequence numbers of sampled packets.
    register<bit<32>, lat_class_t>(CLASS_COUNT) report_sequence;

    // The shared per-copy work (common/egress.p4), named so that its tables keep their P4Info names.
    @name(".SixflowEgress") SixflowEgressChain() chain;
    ReportFraming() report_framing;

    // The histogram cell of a measured packet: its bucket is how many of 1, 2, 4 … 64 µs its delta
    // reaches (0 below 1 µs, 7 from 64 µs on), by one longest-prefix lookup on the delta. Cheaper
    // on bmv2 than a test per bucket (a step each; most packets take bmv2 less than 64 µs) and
    // than one expression of seven comparisons (about 40 operations: pipeconf/README.md,
    // "Instructions per frame").
#if LATENCY_BUCKETS != 8
#error "latency_bucket's entries are written for 8 buckets"
#endif
    @hidden
    action set_cell(bit<32> bucket) {
        meta.lat_cell = (meta.lat_slot << 3) | bucket;
    }

    @hidden
    table latency_bucket {
        key = {
            meta.lat_delta: lpm;
        }
        actions = {
            set_cell;
        }
        const default_action = set_cell(LATENCY_BUCKETS - 1);
        const entries = {
            32w0 &&& 32w0xFFFFFFFF: set_cell(0);
            32w1 &&& 32w0xFFFFFFFF: set_cell(1);
            32w2 &&& 32w0xFFFFFFFE: set_cell(2);
            32w4 &&& 32w0xFFFFFFFC: set_cell(3);
            32w8 &&& 32w0xFFFFFFF8: set_cell(4);
            32w16 &&& 32w0xFFFFFFF0: set_cell(5);
            32w32 &&& 32w0xFFFFFFE0: set_cell(6);
        }
        size = 8;
    }

    // Numbers the class's packet (its sequence) and tests it against the mask, in the action:
    // the sequence is counted only for sampled classes.
    action sample(bit<32> mask) {
        report_sequence.read(meta.report_sequence, meta.lat_class);
        meta.report_sequence = meta.report_sequence + 1;
        report_sequence.write(meta.lat_class, meta.report_sequence);
        // What is left of the sequence under the mask (0 reports the packet), in lat_cell, spent by
        // now (its cell counted, the minimum it carried after that tested): a local would be one
        // more field for every packet.
        meta.lat_cell = meta.report_sequence & mask;
    }

    // Class -> sampling rate of per-packet telemetry reports: one in (mask + 1) packets,
    // mask = 2^k - 1 (0 reports every packet). A miss reports none.
    table telemetry_sampling {
        key = {
            meta.lat_class: exact @name("lat_class");
        }
        actions = {
            sample;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = 16;
    }

    // The controller's readout of one slot's aggregates (LATENCY_READOUT_PACKET). The parser
    // put each bucket's cell index in its field (parse_readout), each read replaces it: indices
    // computed here would be eight more metadata fields for every packet (define_v1model.p4).
    // A readout is no measured packet: the sum's two words pass through lat_sum and lat_max.
    @hidden
    action read_out() {
        latency_sum.read(meta.lat_sum, hdr.readout.slot);
        latency_sum_hi.read(meta.lat_max, hdr.readout.slot);
        hdr.readout.sum = meta.lat_max ++ meta.lat_sum;
        latency_min.read(hdr.readout.min_plus_one, hdr.readout.slot);
        latency_max.read(hdr.readout.max, hdr.readout.slot);
        latency_histogram.read(hdr.readout.bucket0, hdr.readout.bucket0);
        latency_histogram.read(hdr.readout.bucket1, hdr.readout.bucket1);
        latency_histogram.read(hdr.readout.bucket2, hdr.readout.bucket2);
        latency_histogram.read(hdr.readout.bucket3, hdr.readout.bucket3);
        latency_histogram.read(hdr.readout.bucket4, hdr.readout.bucket4);
        latency_histogram.read(hdr.readout.bucket5, hdr.readout.bucket5);
        latency_histogram.read(hdr.readout.bucket6, hdr.readout.bucket6);
        latency_histogram.read(hdr.readout.bucket7, hdr.readout.bucket7);
        hdr.packet_in.setValid();
        hdr.packet_in.ingress_port = CPU_PORT;
        hdr.packet_in.punt_reason = PUNT_ASKED;
#ifdef WITH_BNG_ACCESS
        hdr.packet_in.ingress_line = 0;
#endif
    }

    // An if/else tree without return statements: p4c turns each return into a flag that every
    // packet would set and test.
    apply {
        if (std_meta.instance_type == INSTANCE_TYPE_EGRESS_CLONE) {
            // A telemetry clone: it carries the preserved report fields; wrap the forwarded
            // packet's first bytes in a report frame for the controller.
            hdr.report.setValid();
            hdr.report.lat_class = meta.lat_class;
            SIXFLOW_ZERO_NEW(hdr.report._pad0)
            hdr.report.replica = REPORT_REPLICA(meta.report);
            hdr.report.sequence = meta.report_sequence;
            SIXFLOW_ZERO_NEW(hdr.report._pad1)
            hdr.report.ingress_port = REPORT_INGRESS_PORT(meta.report);
            SIXFLOW_ZERO_NEW(hdr.report._pad2)
            hdr.report.egress_port = REPORT_EGRESS_PORT(meta.report);
            hdr.report.ingress_ts = REPORT_INGRESS_TS(meta.report);
            hdr.report.egress_ts = REPORT_EGRESS_TS(meta.report);
            hdr.report.delta = REPORT_DELTA(meta.report);
            report_framing.apply(hdr);
            if (REPORT_TOO_BIG(meta.report) == 1) {
                // Too big for its port (the delta is its MTU): the whole packet, for the
                // controller's Packet Too Big, saying whether this router grew it.
                if (REPORT_GROWN(meta.report) == 1) {
                    hdr.report.version = REPORT_VERSION_TOO_BIG;
                } else {
                    hdr.report.version = REPORT_VERSION_TOO_BIG_TRANSIT;
                }
            } else {
                truncate(REPORT_TRUNCATE_BYTES);
            }
        } else if (hdr.readout.isValid()) {
            // Only the controller may read aggregates: a readout from a data port is dropped.
            if (meta.ingress_port != CPU_PORT || std_meta.egress_port != CPU_PORT
                    || hdr.readout.slot >= LATENCY_SLOTS) {
                mark_to_drop(std_meta);
            } else {
                read_out();
            }
        } else {
            // MSR6 copies and leaves, and packets that may run past their data port's MTU
            // (longer than the IPv6 minimum, define_v1model.p4): the rest has no egress work but
            // the measurement below. Not a punt: it carries the drop the ingress counted for it
            // (hop limit, no route, ...), which the chain's verdict would carry out, and no MTU
            // limits the CPU port.
            if (SIXFLOW_MSR6_REPLICATE(meta) || SIXFLOW_MSR6_DECAP(meta)
                    || (SIXFLOW_MTU_MEASURED(hdr) && std_meta.egress_port != CPU_PORT)) {
                chain.apply(hdr, meta, std_meta);
                // The drop's reason is looked at only for a dropped copy: a kept one takes one test.
                if (meta.drop) {
                    // The chain's MTU check is the only one to drop for the MTU (meta.drop was false).
                    if (meta.drop_reason == DROP_MTU_EXCEEDED) {
                        // Tell the controller (telemetry clone session, to the CPU port), then drop.
                        meta.report = REPORT_WORD(1, 0, SIXFLOW_REPLICA(meta), meta.ingress_port, std_meta.egress_port,
                                std_meta.ingress_global_timestamp, std_meta.egress_global_timestamp, meta.egress_mtu);
                        if (SIXFLOW_GROWN_HERE(meta)) {
                            REPORT_GROWN(meta.report) = 1;
                        }
                        clone_preserving_field_list(CloneType.E2E, TELEMETRY_CLONE_SESSION, 1);
                    }
                    egress_drop_counter.count(meta.drop_reason);
                    mark_to_drop(std_meta);
                }
            }
            if (!meta.drop) {
                egress_port_counter.count(std_meta.egress_port);
                // The measurement's slot and delta, in metadata and in a step of their own
                // (define_v1model.p4 says why).
                meta.lat_delta = (bit<32>) (std_meta.egress_global_timestamp - std_meta.ingress_global_timestamp);
                meta.lat_slot = ((bit<32>) meta.lat_class << 9) | (bit<32>) std_meta.egress_port;
            }
            // Punts and packet-outs are control traffic, not measured.
            if (!meta.drop && std_meta.egress_port != CPU_PORT && meta.ingress_port != CPU_PORT) {
                // Every read and the unconditional updates first, in one straight run (one action for
                // bmv2), then the updates that depend on what was read (p4c makes a conditional
                // expression a branch anyway). Words in metadata (define_v1model.p4 says why), each
                // reused once its value is spent: lat_sum carries the cell's count before the sum,
                // lat_cell the minimum once the cell is counted.
                latency_bucket.apply();
                latency_packets.count(meta.lat_slot);
                latency_histogram.read(meta.lat_sum, meta.lat_cell);
                meta.lat_sum = meta.lat_sum + 1;
                latency_histogram.write(meta.lat_cell, meta.lat_sum);
                latency_min.read(meta.lat_cell, meta.lat_slot);
                latency_max.read(meta.lat_max, meta.lat_slot);
                latency_sum.read(meta.lat_sum, meta.lat_slot);
                meta.lat_sum = meta.lat_sum + meta.lat_delta;
                latency_sum.write(meta.lat_slot, meta.lat_sum);
                if (meta.lat_sum < meta.lat_delta) {
                    // The low word wrapped: carry into the high one (read into lat_sum).
                    latency_sum_hi.read(meta.lat_sum, meta.lat_slot);
                    meta.lat_sum = meta.lat_sum + 1;
                    latency_sum_hi.write(meta.lat_slot, meta.lat_sum);
                }
                // min + 1 is held, 0 before the first packet (whose - 1 wraps to the highest word).
                // The new min + 1 is written from lat_delta itself, put back after: p4c propagates a
                // value it can into the register's argument and gives that expression a field of its
                // own, which bmv2 would reset for every packet (a new minimum is rare).
                if (meta.lat_delta < meta.lat_cell - 1) {
                    meta.lat_delta = meta.lat_delta + 1;
                    latency_min.write(meta.lat_slot, meta.lat_delta);
                    meta.lat_delta = meta.lat_delta - 1;
                }
                if (meta.lat_delta > meta.lat_max) {
                    latency_max.write(meta.lat_slot, meta.lat_delta);
                }

                switch (telemetry_sampling.apply().action_run) {
                    sample: {
                        if (meta.lat_cell == 0) {
                            meta.report = REPORT_WORD(0, 0, SIXFLOW_REPLICA(meta), meta.ingress_port, std_meta.egress_port,
                                    std_meta.ingress_global_timestamp, std_meta.egress_global_timestamp, meta.lat_delta);
                            clone_preserving_field_list(CloneType.E2E, TELEMETRY_CLONE_SESSION, 1);
                        }
                    }
                }
            }
#ifdef WITH_GTPU
            if (std_meta.egress_port == RECIRC_PORT) {
                // Round once more, as received on that port: GTP-U's hairpin (gtpu.p4), measured
                // above as sent to it, and a packet-out the controller has the pipeline route
                // (ONOS's TABLE port: an ICMPv6 error to a UE, which only the pipeline tunnels).
                // What is dropped is not recirculated (bmv2 drops before it recirculates).
                recirculate_preserving_field_list(RECIRC_FIELD_LIST);
            }
#endif
        }
    }
}

// GTP-U's UDP checksum (the tunnel's mode, gtpu.p4), at deparse time, after egress:
// FULL over the pseudo-header, the UDP header and every header deparsed after it, then the
// unparsed payload; INCREMENTAL over the pseudo-header, the UDP header, the GTP-U headers and the
// inner IPv6 header, plus the inner L4 segment's sum, which its own valid checksum makes the
// negated inner pseudo-header (meta.gtpu_inner_residual, hashed in ingress). UDP sends a computed
// 0 as 0xFFFF (RFC 8200 section 8.1): the last update, whose condition bmv2 evaluates after the
// others have run, writes the csum16 of a zero word.
#if EXT_MAX_LEN != 2
#error "SixflowComputeChecksum's FULL list names hbh_words and dest_opts_words [0] and [1] only"
#endif
control SixflowComputeChecksum(inout headers_t hdr, inout local_metadata_t meta) {
    apply {
#ifdef WITH_GTPU
        update_checksum_with_payload(meta.gtpu_checksum_full,
            { hdr.ipv6.src_addr, hdr.ipv6.dst_addr, 16w0, hdr.gtpu_udp.len, 24w0, PROTO_UDP,
              hdr.gtpu_udp.src_port, hdr.gtpu_udp.dst_port, hdr.gtpu_udp.len,
              hdr.gtpu, hdr.gtpu_options, hdr.gtpu_psc, hdr.inner_ipv6,
#ifdef WITH_APN6
              hdr.hbh, hdr.apn6, hdr.apn6_pad, hdr.hbh_options, hdr.hbh_words[0], hdr.hbh_words[1],
#else
              hdr.hbh, hdr.hbh_options, hdr.hbh_words[0], hdr.hbh_words[1],
#endif
              hdr.dest_opts, hdr.dest_opts_words[0], hdr.dest_opts_words[1], hdr.fragment,
              hdr.l4_ports, hdr.icmpv6 },
            hdr.gtpu_udp.checksum, HashAlgorithm.csum16);
        update_checksum(meta.gtpu_checksum_incremental,
            { hdr.ipv6.src_addr, hdr.ipv6.dst_addr, 16w0, hdr.gtpu_udp.len, 24w0, PROTO_UDP,
              hdr.gtpu_udp.src_port, hdr.gtpu_udp.dst_port, hdr.gtpu_udp.len,
              hdr.gtpu, hdr.gtpu_options, hdr.gtpu_psc, hdr.inner_ipv6, meta.gtpu_inner_residual },
            hdr.gtpu_udp.checksum, HashAlgorithm.csum16);
        update_checksum((meta.gtpu_checksum_full || meta.gtpu_checksum_incremental) && hdr.gtpu_udp.checksum == 0,
            { 16w0 }, hdr.gtpu_udp.checksum, HashAlgorithm.csum16);
#endif
#ifdef WITH_BNG
        // IPv4's header checksum, after the TTL, a DSCP mark or both changed (bng.p4).
        update_checksum(hdr.ipv4.isValid(),
            { hdr.ipv4.version, hdr.ipv4.ihl, hdr.ipv4.dscp, hdr.ipv4.ecn, hdr.ipv4.total_len,
              hdr.ipv4.identification, hdr.ipv4.flags, hdr.ipv4.frag_offset, hdr.ipv4.ttl,
              hdr.ipv4.protocol, hdr.ipv4.src_addr, hdr.ipv4.dst_addr },
            hdr.ipv4.hdr_checksum, HashAlgorithm.csum16);
#endif
    }
}

control SixflowDeparser(packet_out packet, in headers_t hdr) {
    CommonDeparser() common_deparser;
    apply {
        common_deparser.apply(packet, hdr);
    }
}

V1Switch(
    SixflowParser(),
    SixflowVerifyChecksum(),
    SixflowIngress(),
    SixflowEgress(),
    SixflowComputeChecksum(),
    SixflowDeparser()
) main;
