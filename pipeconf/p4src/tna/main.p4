// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Sixflow for Tofino (TNA): the same common controls as bmv2, mapped onto TNA's intrinsic
// metadata. Tables, actions and keys keep the bmv2 names. Ingress bridges what egress needs
// (TNA re-parses the packet in egress); egress does MSR6's per-copy half, the latency
// aggregates in nanoseconds (read through P4Runtime: no readout packet on Tofino) and samples
// per-packet telemetry reports, which an egress mirror brings back through egress to be
// wrapped for the controller.
#include <core.p4>
#include <tna.p4>

#include "define_tna.p4"
#include "../common/define.p4"
#include "../common/header.p4"
#include "header_tna.p4"
#include "../common/parser.p4"
#include "../common/control/packetio.p4"
#include "../common/control/report.p4"
#include "../common/ingress.p4"
#include "../common/egress.p4"
#include "egress_parser.p4"

// Zero user metadata in the parsers, as v1model does, instead of listing every field here.
@pa_auto_init_metadata

parser SixflowIngressParser(packet_in packet, out tna_headers_t hdr, out local_metadata_t meta,
                            out ingress_intrinsic_metadata_t ig_intr_md) {
    CommonParser() common_parser;

    state start {
        packet.extract(ig_intr_md);
        packet.advance(PORT_METADATA_SIZE);
        meta.ingress_port = ig_intr_md.ingress_port;
        transition select(ig_intr_md.ingress_port) {
            CPU_PORT: parse_packet_out;
            default: parse_common;
        }
    }

    state parse_packet_out {
        packet.extract(hdr.common.packet_out);
        transition parse_common;
    }

    state parse_common {
        common_parser.apply(packet, hdr.common, meta);
        transition accept;
    }
}

control SixflowIngress(inout tna_headers_t hdr, inout local_metadata_t meta,
                       in ingress_intrinsic_metadata_t ig_intr_md,
                       in ingress_intrinsic_metadata_from_parser_t ig_prsr_md,
                       inout ingress_intrinsic_metadata_for_deparser_t ig_dprsr_md,
                       inout ingress_intrinsic_metadata_for_tm_t ig_tm_md) {
    // Packets dropped, by reason (index = drop_reason_t).
    Counter<bit<64>, drop_reason_t>(DROP_REASON_COUNT, CounterType_t.PACKETS) drop_counter;
    // Counted events that do not drop: index = the packet's set of event_t bits (EVENT_SETS).
    Counter<bit<64>, bit<8>>(EVENT_SETS, CounterType_t.PACKETS) event_counter;
    // Its index: the event bits side by side (an identity hash; see EVENT_SETS).
    Hash<bit<8>>(HashAlgorithm_t.IDENTITY) event_set;

    PacketOutHandler() packet_out_handler;
    PacketInHandler() packet_in_handler;
    PacketInHandler() routing_error_packet_in;
#ifdef WITH_GTPU
    PacketInHandler() gtpu_packet_in;
#endif
    // The shared chain (common/ingress.p4), named so that its tables keep their P4Info names.
    @name(".SixflowIngress") SixflowIngressChain() chain;

    apply {
        ig_tm_md.bypass_egress = 1;
        if (hdr.common.packet_out.isValid()) {
            packet_out_handler.apply(hdr.common, meta);
            ig_tm_md.ucast_egress_port = meta.egress_port;
        } else {
            chain.apply(hdr.common, meta, SIXFLOW_INGRESS_PLATFORM_ARGS);

            event_counter.count(event_set.get({SIXFLOW_EVENT_LIST(meta)}));
            ig_tm_md.qid = (QueueId_t) meta.priority;

            if (meta.punt_to_cpu) {
                packet_in_handler.apply(hdr.common, meta);
                ig_tm_md.ucast_egress_port = CPU_PORT;
            } else if (meta.drop) {
                drop_counter.count(meta.drop_reason);
                if (meta.punt_reason != PUNT_ASKED && hdr.common.ipv6.dst_addr[127:120] != 0xff) {
                    // Counted, and punted for the controller's ICMPv6 error (routing.p4, nptv6.p4);
                    // never one to a multicast address (RFC 4443 2.4 e). A gateway on a field and a constant.
                    routing_error_packet_in.apply(hdr.common, meta);
                    ig_tm_md.ucast_egress_port = CPU_PORT;
#ifdef WITH_GTPU
                } else if (meta.gtpu_answer) {
                    // Counted, and punted for the controller's GTP-U answer (TS 29.281): an Error
                    // Indication (7.3.1) or a Supported Extension Headers Notification (7.2.3).
                    gtpu_packet_in.apply(hdr.common, meta);
                    ig_tm_md.ucast_egress_port = CPU_PORT;
#endif
                } else {
                    ig_dprsr_md.drop_ctl = 1;
                }
            } else if (SIXFLOW_GROUP(meta) != 0 || meta.egress_port_set) {
                if (SIXFLOW_GROUP(meta) != 0) {
                    ig_tm_md.mcast_grp_a = SIXFLOW_GROUP(meta);
                } else {
                    ig_tm_md.ucast_egress_port = meta.egress_port;
                }
                // Forwarded packets go through egress: measured there, and replicas finished.
                ig_tm_md.bypass_egress = 0;
                hdr.kind.setValid();
                hdr.kind.kind = KIND_BRIDGED;
                hdr.common.bridged.setValid();
                hdr.common.bridged.ingress_ts = ig_intr_md.ingress_mac_tstamp;
                hdr.common.bridged._pad0 = 0;
                hdr.common.bridged.ingress_port = ig_intr_md.ingress_port;
                hdr.common.bridged.mcast_group = SIXFLOW_GROUP(meta);
                hdr.common.bridged.lat_class = meta.lat_class;
                hdr.common.bridged._pad1 = 0;
                hdr.common.bridged.grown = (bit<1>) meta.grown;
                // In the same action as the fields beside them: they share a PHV container.
                hdr.common.bridged.msr6_replicate = (bit<1>) SIXFLOW_MSR6_REPLICATE(meta);
                hdr.common.bridged.msr6_decap = (bit<1>) SIXFLOW_MSR6_DECAP(meta);
            } else {
                ig_dprsr_md.drop_ctl = 1;
            }
        }
    }
}

// GTP-U INCREMENTAL's UDP checksum: the outer pseudo-header (its length is the outer payload,
// the UDP datagram; its Next Header 17 comes with gtpu_proto_adjust), the UDP header, the GTP-U
// headers (an invalid one adds nothing) and the inner IPv6 header, plus the parser's residual: a
// valid inner L4 checksum makes the inner L4 segment sum to the negated inner pseudo-header. A
// computed 0 is sent as 0xFFFF (zeros_as_ones).
control SixflowIngressDeparser(packet_out packet, inout tna_headers_t hdr, in local_metadata_t meta,
                               in ingress_intrinsic_metadata_for_deparser_t ig_dprsr_md) {
    CommonDeparser() common_deparser;
#ifdef WITH_GTPU
    Checksum() gtpu_checksum;
#endif
#ifdef WITH_BNG
    Checksum() ipv4_checksum;
#endif
#ifdef WITH_ILNP
    Checksum() ilnp_error_checksum;
#endif
    apply {
#ifdef WITH_ILNP
        // ILNP's error from a provider's router, its locators rewritten (ilnp.p4): RFC 1624's
        // update from what the ingress kept (SIXFLOW_ILNP_ERROR_SAVE, define_tna.p4).
        if (hdr.common.icmpv6_error_ilnp.isValid()) {
            hdr.common.icmpv6_error_ilnp.checksum = ilnp_error_checksum.update({
                meta.ilnp_neg_checksum, meta.ilnp_neg_dst, meta.ilnp_neg_quote_src,
                hdr.common.ipv6.dst_addr, hdr.common.icmpv6_inner_ipv6.src_addr });
        }
#endif
#ifdef WITH_BNG
        // IPv4's header checksum, after the TTL, a DSCP mark or both changed (bng.p4).
        if (hdr.common.ipv4.isValid()) {
            hdr.common.ipv4.hdr_checksum = ipv4_checksum.update(
            { hdr.common.ipv4.version, hdr.common.ipv4.ihl, hdr.common.ipv4.dscp, hdr.common.ipv4.ecn, hdr.common.ipv4.total_len,
              hdr.common.ipv4.identification, hdr.common.ipv4.flags, hdr.common.ipv4.frag_offset, hdr.common.ipv4.ttl,
              hdr.common.ipv4.protocol, hdr.common.ipv4.src_addr, hdr.common.ipv4.dst_addr });
        }
#endif
#ifdef WITH_GTPU
        if (meta.gtpu_checksum_incremental) {
            hdr.common.gtpu_udp.checksum = gtpu_checksum.update({
                hdr.common.ipv6.src_addr, hdr.common.ipv6.dst_addr, hdr.common.ipv6.payload_len,
                hdr.common.gtpu_udp.src_port, hdr.common.gtpu_udp.dst_port, hdr.common.gtpu_udp.len,
                hdr.common.gtpu.version, hdr.common.gtpu.pt, hdr.common.gtpu.spare, hdr.common.gtpu.ex_flag,
                hdr.common.gtpu.seq_flag, hdr.common.gtpu.npdu_flag, hdr.common.gtpu.msg_type,
                hdr.common.gtpu.msg_len, hdr.common.gtpu.teid,
                hdr.common.gtpu_options.seq_num, hdr.common.gtpu_options.npdu_num, hdr.common.gtpu_options.next_ext,
                hdr.common.gtpu_psc.len, hdr.common.gtpu_psc.pdu_type, hdr.common.gtpu_psc.spare0,
                hdr.common.gtpu_psc.spare1, hdr.common.gtpu_psc.qfi, hdr.common.gtpu_psc.next_ext,
                hdr.common.inner_ipv6.version, hdr.common.inner_ipv6.traffic_class, hdr.common.inner_ipv6.flow_label,
                hdr.common.inner_ipv6.payload_len, hdr.common.inner_ipv6.next_header, hdr.common.inner_ipv6.hop_limit,
                hdr.common.inner_ipv6.src_addr, hdr.common.inner_ipv6.dst_addr,
                meta.gtpu_inner_residual, meta.gtpu_proto_adjust }, true);
        }
#endif
        packet.emit(hdr.kind);
        packet.emit(hdr.common.bridged);
        common_deparser.apply(packet, hdr.common);
    }
}

// An egress mirror of the packet leaving, to a session, with the report's fields but its version
// (the kind byte: the caller's): a sampled packet's latency report, or a packet past its MTU.
#define TNA_MIRROR_REPORT(session, report_seq, report_delta_value) \
    hdr.mirror_session = (MirrorId_t) (session); \
    hdr.report_mirror.setValid(); \
    hdr.report_mirror.lat_class = meta.lat_class; \
    hdr.report_mirror._pad0 = 0; \
    hdr.report_mirror.replica = SIXFLOW_REPLICA(meta); \
    hdr.report_mirror.sequence = (report_seq); \
    hdr.report_mirror._pad1 = 0; \
    hdr.report_mirror.ingress_port = meta.ingress_port; \
    hdr.report_mirror._pad2 = 0; \
    hdr.report_mirror.egress_port = eg_intr_md.egress_port; \
    hdr.report_mirror.ingress_ts = hdr.common.bridged.ingress_ts; \
    hdr.report_mirror.egress_ts = eg_prsr_md.global_tstamp; \
    hdr.report_mirror.delta = (report_delta_value); \
    eg_dprsr_md.mirror_type = MIRROR_TYPE_REPORT;

control SixflowEgress(inout tna_headers_t hdr, inout local_metadata_t meta,
                      in egress_intrinsic_metadata_t eg_intr_md,
                      in egress_intrinsic_metadata_from_parser_t eg_prsr_md,
                      inout egress_intrinsic_metadata_for_deparser_t eg_dprsr_md,
                      inout egress_intrinsic_metadata_for_output_port_t eg_oport_md) {
    // Packets dropped in egress (a copy without an msr6_copy entry, or past the M-SID list).
    Counter<bit<64>, drop_reason_t>(DROP_REASON_COUNT, CounterType_t.PACKETS) egress_drop_counter;

    // Latency aggregates per (class, egress port), index = class << 9 | port, in nanoseconds.
    // The sum is 64 bits in two registers (one stateful ALU word each): latency_sum, and
    // latency_sum_hi counting its carries (32 bits of ns wrap every 4.3 s at 1 us per packet and
    // 1 Mpps). latency_min holds min + 1 so that 0 means "no packet yet".
    Counter<bit<64>, bit<32>>(LATENCY_SLOTS, CounterType_t.PACKETS) latency_packets;
    Register<bit<32>, bit<32>>(LATENCY_SLOTS) latency_sum;
    Register<bit<32>, bit<32>>(LATENCY_SLOTS) latency_sum_hi;
    Register<bit<32>, bit<32>>(LATENCY_SLOTS) latency_min;
    Register<bit<32>, bit<32>>(LATENCY_SLOTS) latency_max;
    Register<bit<32>, bit<16>>(LATENCY_SLOTS * LATENCY_BUCKETS) latency_histogram;

    // Per-class sequence numbers of sampled packets.
    Register<bit<32>, bit<32>>(CLASS_COUNT) report_sequence;

    // The shared per-copy work (common/egress.p4), named so that its tables keep their P4Info names.
    @name(".SixflowEgress") SixflowEgressChain() chain;
    ReportFraming() report_framing;
    // Register and counter indexes are fields or hashes on Tofino: identity hashes build them.
    Hash<bit<32>>(HashAlgorithm_t.IDENTITY) latency_slot;
    Hash<bit<16>>(HashAlgorithm_t.IDENTITY) histogram_cell;

    bool sampling = false;
    bit<32> sample_mask = 0;

    // Adds the delta to the low word and says whether it wrapped: old + delta >= 2^32, asked of
    // the old word as old >= 2^32 - delta (unsigned; delta > 0), so the carry needs no stage of
    // its own after the add.
    RegisterAction<bit<32>, bit<32>, bit<1>>(latency_sum) add_to_sum = {
        void apply(inout bit<32> value, out bit<1> wrapped) {
            if (value >= meta.report_neg_delta && meta.report_delta != 0) {
                wrapped = 1;
            } else {
                wrapped = 0;
            }
            value = value + meta.report_delta;
        }
    };

    RegisterAction<bit<32>, bit<32>, bit<32>>(latency_sum_hi) carry_into_sum = {
        void apply(inout bit<32> value) {
            value = value + 1;
        }
    };

    // min + 1 < value, asked as value - min > 1 (signed: latencies stay far below 2^31 ns), so
    // the stateful ALU adds the 1 itself and the action needs no second add.
    RegisterAction<bit<32>, bit<32>, bit<32>>(latency_min) lower_min = {
        void apply(inout bit<32> value) {
            if (value == 0 || (int<32>) (value - meta.report_delta) > 1) {
                value = meta.report_delta + 1;
            }
        }
    };

    RegisterAction<bit<32>, bit<32>, bit<32>>(latency_max) raise_max = {
        void apply(inout bit<32> value) {
            if (meta.report_delta > value) {
                value = meta.report_delta;
            }
        }
    };

    RegisterAction<bit<32>, bit<16>, bit<32>>(latency_histogram) count_in_bucket = {
        void apply(inout bit<32> value) {
            value = value + 1;
        }
    };

    RegisterAction<bit<32>, bit<32>, bit<32>>(report_sequence) next_sequence = {
        void apply(inout bit<32> value, out bit<32> result) {
            value = value + 1;
            result = value;
        }
    };

    // Tofino's gateways test a field against constants, and LocalCopyPropagation would put an
    // expression computed in straight-line code back into the test: values tested below are
    // computed by actions of tables of their own.
    @hidden
    action measure_delta() {
        // Lower 32 bits of both 48-bit timestamps: the difference is right modulo 2^32 ns.
        meta.report_delta = (bit<32>) eg_prsr_md.global_tstamp - (bit<32>) hdr.common.bridged.ingress_ts;
        meta.report_neg_delta = (bit<32>) hdr.common.bridged.ingress_ts - (bit<32>) eg_prsr_md.global_tstamp;
    }

    @hidden
    table latency_delta {
        actions = {
            measure_delta;
        }
        const default_action = measure_delta();
        size = 1;
    }

    // What is left of the sequence under the class's mask: 0 reports this packet.
    @hidden
    action mask_sequence() {
        sample_mask = sample_mask & meta.report_sequence;
    }

    @hidden
    table telemetry_sample_test {
        actions = {
            mask_sequence;
        }
        const default_action = mask_sequence();
        size = 1;
    }

    action sample(bit<32> mask) {
        sampling = true;
        sample_mask = mask;
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

    apply {
        if (hdr.common.report.isValid()) {
            // The mirror of a sampled packet, back in egress on its way to the CPU port: frame
            // it as bmv2 does (its egress parser read the mirror header into hdr.common.report).
            report_framing.apply(hdr.common);
            return;
        }
        // What only sets metadata runs first, whatever MSR6 and the MTU check decide: the
        // latency delta, its histogram bucket and the class's sampling rate. (The parser copied
        // the bridged fields into meta: egress_parser.p4.)
        latency_delta.apply();
        // Power-of-two buckets from 256 ns (Tofino pipelines take a few hundred ns).
        bit<3> bucket = 7;
        if (meta.report_delta < 256) { bucket = 0; }
        else if (meta.report_delta < 512) { bucket = 1; }
        else if (meta.report_delta < 1024) { bucket = 2; }
        else if (meta.report_delta < 2048) { bucket = 3; }
        else if (meta.report_delta < 4096) { bucket = 4; }
        else if (meta.report_delta < 8192) { bucket = 5; }
        else if (meta.report_delta < 16384) { bucket = 6; }
        telemetry_sampling.apply();
        chain.apply(hdr.common, meta, eg_intr_md);
        if (meta.drop) {
            egress_drop_counter.count(meta.drop_reason);
            // Dropped (drop_ctl bit 0), but still mirrored (bit 2 would stop that): a packet past
            // its port's MTU goes whole to the controller (TOO_BIG_CLONE_SESSION keeps all of a
            // mirror), for an ICMPv6 Packet Too Big, as bmv2's egress clones it. Its delta is 0,
            // not the MTU: keeping the MTU's field to the end of egress takes PHV the ingress
            // then lacks (`core` in 9 stages, not 8), and the controller wrote the MTU (netcfg).
            eg_dprsr_md.drop_ctl = 1;
            if (meta.drop_reason == DROP_MTU_EXCEEDED) {
                TNA_MIRROR_REPORT(TOO_BIG_CLONE_SESSION, 0, 0)
                if (meta.grown) {
                    hdr.report_mirror.version = KIND_TOO_BIG;
                } else {
                    hdr.report_mirror.version = KIND_TOO_BIG_TRANSIT;
                }
            }
        } else {
            // {class, port} is class << 9 | port.
            bit<32> slot = latency_slot.get({meta.lat_class, eg_intr_md.egress_port});
            latency_packets.count(slot);
            if (add_to_sum.execute(slot) == 1) {
                carry_into_sum.execute(slot);
            }
            lower_min.execute(slot);
            raise_max.execute(slot);
            // {class, port, bucket} is slot << 3 | bucket, hashed where it is used (a local would be
            // a table of its own, a stage before the histogram's).
            count_in_bucket.execute(histogram_cell.get({meta.lat_class, eg_intr_md.egress_port, bucket}));

            if (sampling) {
                meta.report_sequence = next_sequence.execute((bit<32>) meta.lat_class);
                telemetry_sample_test.apply();
                if (sample_mask == 0) {
                    TNA_MIRROR_REPORT(TELEMETRY_CLONE_SESSION, meta.report_sequence, meta.report_delta)
                    hdr.report_mirror.version = KIND_REPORT;
                }
            }
        }
        hdr.kind.setInvalid();
        hdr.common.bridged.setInvalid();
    }
}

// Emits what egress can have: a report frame's headers, or the outer headers its parser read
// (tna/egress_parser.p4; the rest of the packet is payload). Emitting the whole common list
// would make Tofino keep PHV room for M-SIDs and inner headers egress never holds.
control SixflowEgressDeparser(packet_out packet, inout tna_headers_t hdr, in local_metadata_t meta,
                              in egress_intrinsic_metadata_for_deparser_t eg_dprsr_md) {
    Mirror() mirror;
    apply {
        if (eg_dprsr_md.mirror_type == MIRROR_TYPE_REPORT) {
            mirror.emit<report_t>(hdr.mirror_session, hdr.report_mirror);
        }
        packet.emit(hdr.common.packet_in);
        packet.emit(hdr.common.report_ethernet);
        packet.emit(hdr.common.report);
        packet.emit(hdr.common.ethernet);
        packet.emit(hdr.common.ipv6);
#ifdef WITH_MSR6
        packet.emit(hdr.common.pre_ext);
        packet.emit(hdr.common.pre_ext_words[0]);
        packet.emit(hdr.common.pre_ext_words[1]);
        packet.emit(hdr.common.routing);
        packet.emit(hdr.common.mrh);
        packet.emit(hdr.common.msids[0]);
        packet.emit(hdr.common.msids[1]);
        packet.emit(hdr.common.msids[2]);
#endif
    }
}

Pipeline(
    SixflowIngressParser(),
    SixflowIngress(),
    SixflowIngressDeparser(),
    SixflowEgressParser(),
    SixflowEgress(),
    SixflowEgressDeparser()
) pipe;

Switch(pipe) main;
