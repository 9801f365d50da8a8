// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// APN6: the ingress edge inserts the Application-aware ID option chosen by the policy
// classifier; transit routers pick a priority or next hop by SLA level and APP ID; the egress
// edge strips the option when the policy says so. Formats: docs/features/apn6.md.
#ifndef SIXFLOW_APN6_P4
#define SIXFLOW_APN6_P4

#include "../header.p4"

#ifdef WITH_APN6

// The classifier chose an option for this packet, not yet inserted: insert_apn6 made hdr.apn6
// valid, and the parser extracts every APN6 option it finds with its Hop-by-Hop header, which is
// then Sixflow's layout (not other_hbh; Apn6Insert makes it valid when it inserts). Read from the
// packet's state rather than kept in a flag of its own: bmv2 resets a field for every packet and
// takes a step to write it.
#define APN6_CLASSIFIED(hdr, meta) (hdr.apn6.isValid() && (!hdr.hbh.isValid() || meta.other_hbh))

control Apn6Ingress(inout headers_t hdr, inout local_metadata_t meta) {

    // Packets each policy entry matched (ONOS reads them as the entry's statistics). Counted
    // here rather than as an event at the insertion: a direct counter is the lookup's own, where
    // an event is a step to raise and a step to count (bmv2: 1.7k instructions a packet).
    // A match is not always an insertion: Apn6Insert skips a packet that already has a
    // Hop-by-Hop header (counted again, as EVENT_APN6_SKIPPED), one to a local N3 address, and
    // one the ACL drops or punts.
    SIXFLOW_DIRECT_PACKET_COUNTER(apn6_classifier_counter)

    // Writes the option's fields straight into the option header (no metadata copy: PHV is
    // scarce on Tofino), valid first as bmv2 zeroes a header it makes valid. It is made invalid
    // again if the packet cannot take it.
    action insert_apn6(bit<32> sla_level, bit<32> app_id, bit<32> user_id, bit<32> flow_id) {
        apn6_classifier_counter.count();
        hdr.apn6.setValid();
        hdr.apn6.sla_level = sla_level;
        hdr.apn6.app_id = app_id;
        hdr.apn6.user_id = user_id;
        hdr.apn6.flow_id = flow_id;
    }

    // Policy match -> option fields. Ranges on L4 ports, prefixes as ternary masks, priority
    // ordering between overlapping policies (the controller rejects same-priority overlaps).
    SIXFLOW_APN6_CLASSIFIER_PLACEMENT
    table apn6_classifier {
        key = {
            hdr.ipv6.src_addr:  ternary @name("ipv6_src");
            hdr.ipv6.dst_addr:  ternary @name("ipv6_dst");
            meta.ip_proto:      ternary @name("ip_proto");
            meta.l4_src_port:   range @name("l4_sport");
            meta.l4_dst_port:   range @name("l4_dport");
            meta.ingress_port:  ternary @name("ig_port");
        }
        actions = {
            insert_apn6;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        counters = apn6_classifier_counter;
        size = APN6_CLASSIFIER_SIZE;
    }

    // The lookup only: it reads the packet and writes the option into a header the packet does
    // not have yet, so a target can run it beside the ACL rather than after it
    // (Tofino: stages earlier). Apn6Insert decides, once the packet is known to be routed here;
    // a packet punted instead loses the option again (the targets' ingress).
    // Two conditions that exclude each other rather than an if/else: the classifier's gate then
    // waits for nothing (on Tofino it can start in stage 0).
    apply {
        if (hdr.apn6.isValid()) {
            meta.lat_class = CLASS_APN6_TRANSIT;
        }
        if (!hdr.apn6.isValid() && hdr.ipv6.isValid() && !hdr.routing.isValid()) {
            apn6_classifier.apply();
        }
    }
}

// The insertion the classifier chose, for a packet this router routes. Runs before MSR6 and
// GTP-U encapsulation, so an inserted option travels inside the tunnel (the inner packet's own,
// behind inner_ipv6). The option goes on the IPv6 header the packet has here, its outer one: a
// GTP-U packet passing through gets it right after that header, in front of its UDP header
// (Apn6PostRouting moves it there once SLA handling has read it); one to a local N3 address,
// whose outer header decapsulation removes, gets none.
control Apn6Insert(inout headers_t hdr, inout local_metadata_t meta) {
    apply {
        if (APN6_CLASSIFIED(hdr, meta)) {
            if (meta.other_hbh || hdr.pre_ext.isValid()) {
                // Never a second Hop-by-Hop header (nor one behind the extension header a GTP-U
                // packet has in front of its UDP header): forward as is, and count it. (A packet
                // with Sixflow's own has its option already: the classifier never ran for it.)
                hdr.apn6.setInvalid();
                SIXFLOW_RAISE(meta, ev_apn6_skipped, EVENT_APN6_SKIPPED)
#ifdef WITH_GTPU
            } else if (meta.gtpu_n3) {
                hdr.apn6.setInvalid();
#endif
            } else {
#ifdef WITH_GTPU
                if (hdr.gtpu_udp.isValid()) {
                    meta.apn6_before_tunnel = true;
                }
#endif
                hdr.hbh.setValid();
                hdr.hbh.next_header = hdr.ipv6.next_header;
                hdr.hbh.hdr_ext_len = APN6_HBH_EXT_LEN;
                hdr.apn6.type_len = APN6_OPTION_TYPE ++ APN6_OPTION_LEN;
                hdr.apn6_pad.setValid();
                hdr.apn6_pad.option = PADN_TYPE ++ 8w2 ++ 16w0;
                hdr.ipv6.next_header = PROTO_HOPOPT;
                hdr.ipv6.payload_len = hdr.ipv6.payload_len + APN6_HBH_BYTES;
                meta.lat_class = CLASS_APN6_INSERT;
                SIXFLOW_MARK_GROWN(meta)
            }
        }
    }
}

// After routing: SLA priority on transit, stripping at the egress edge.
// Transit SLA handling: SLA level (and optionally APP ID) -> queue priority, for every packet
// that carries the option and is not punted or dropped by the ACL (also one an MSR6 tree carries:
// the option is the inner packet's). It waits for no verdict after the ACL's (on Tofino it then
// shares a stage with the strip, and the top's counters end a stage sooner): a packet MSR6 or
// routing then drops (malformed, no route, hop limit) has its priority set for nothing and is
// counted as matched. Its names stay those it had inside Apn6PostRouting (absolute @name), the
// controller's contract.
control Apn6Sla(inout headers_t hdr, inout local_metadata_t meta) {

    // Packets each SLA entry matched (ONOS reads them as the entry's statistics).
    @name(".SixflowIngress.apn6_post_routing.apn6_sla_counter")
    SIXFLOW_DIRECT_PACKET_COUNTER(apn6_sla_counter)

    @name(".SixflowIngress.apn6_post_routing.set_priority")
    action set_priority(bit<3> priority) {
        apn6_sla_counter.count();
        meta.priority = priority;
    }

    @name(".SixflowIngress.apn6_post_routing.apn6_sla")
    table apn6_sla {
        key = {
            hdr.apn6.sla_level: ternary @name("sla_level");
            hdr.apn6.app_id:    ternary @name("app_id");
        }
        actions = {
            set_priority;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        counters = apn6_sla_counter;
        size = 1024;
    }

    apply {
        if (hdr.apn6.isValid()) {
            apn6_sla.apply();
        }
    }
}

control Apn6PostRouting(inout headers_t hdr, inout local_metadata_t meta) {

    // Packets each strip entry took the option off (ONOS reads them as the entry's statistics;
    // the event counter does not count strips: on Tofino it would wait a stage for this table).
    SIXFLOW_DIRECT_PACKET_COUNTER(apn6_strip_counter)

    action strip_apn6() {
        apn6_strip_counter.count();
#ifdef WITH_GTPU
        meta.apn6_before_tunnel = false;
#endif
        hdr.ipv6.next_header = hdr.hbh.next_header;
        hdr.ipv6.payload_len = hdr.ipv6.payload_len - APN6_HBH_BYTES;
        hdr.hbh.setInvalid();
        hdr.apn6.setInvalid();
        hdr.apn6_pad.setInvalid();
    }

    // Egress edge: strip the option of the policies that ask for it, before the packet leaves
    // by a host-facing port.
    table apn6_strip {
        key = {
            hdr.apn6.sla_level: ternary @name("sla_level");
            hdr.apn6.app_id:    ternary @name("app_id");
            meta.egress_port:   ternary @name("eg_port");
        }
        actions = {
            strip_apn6;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        counters = apn6_strip_counter;
        size = 1024;
    }

    // Stripping only where the option follows the IPv6 header routed here, a G-PDU's outer one
    // included (Apn6Sla, before routing, sets the priority).
    apply {
        if (hdr.apn6.isValid() && !meta.drop) {
#if defined(WITH_GTPU)
            if (meta.egress_port_set && (!hdr.inner_ipv6.isValid() || meta.apn6_before_tunnel)) {
#elif defined(WITH_MSR6)
            if (meta.egress_port_set && !hdr.inner_ipv6.isValid()) {
#else
            if (meta.egress_port_set) {
#endif
                apn6_strip.apply();
            }
        }
    }
}

#ifdef WITH_GTPU
// A G-PDU's outer option (one this router inserted into a G-PDU passing through, or one the
// parser read in front of its UDP header) back in front of that header, for every packet that
// leaves (routed, punted, cloned): the deparser emits hbh behind inner_ipv6.
control Apn6BeforeTunnel(inout headers_t hdr, inout local_metadata_t meta) {
    // The same 24 octets, in the place the deparser emits in front of the tunnel's UDP header
    // (pre_ext); the padding as the option came with it.
    @hidden
    action apn6_before_tunnel() {
        hdr.pre_ext.setValid();
        hdr.pre_ext.next_header = hdr.hbh.next_header;
        hdr.pre_ext.hdr_ext_len = APN6_HBH_EXT_LEN;
        hdr.pre_ext.data = APN6_OPTION_TYPE ++ APN6_OPTION_LEN ++ hdr.apn6.sla_level;
        hdr.pre_ext_words[0].setValid();
        hdr.pre_ext_words[0].data = hdr.apn6.app_id ++ hdr.apn6.user_id;
        hdr.pre_ext_words[1].setValid();
        hdr.pre_ext_words[1].data = hdr.apn6.flow_id ++ hdr.apn6_pad.option;
        hdr.hbh.setInvalid();
        hdr.apn6.setInvalid();
        hdr.apn6_pad.setInvalid();
    }

    apply {
        if (meta.apn6_before_tunnel) {
            apn6_before_tunnel();
        }
    }
}
#endif

#endif // WITH_APN6

#endif // SIXFLOW_APN6_P4
