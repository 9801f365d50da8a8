// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Egress MTU: a router must not send a packet out bigger than the egress link takes (RFC 8200
// section 5: IPv6 routers do not fragment; the packet is dropped and its source told). The
// controller writes each port's MTU (netcfg); a packet past it is dropped and counted
// (MTU_EXCEEDED), and the target sends it whole to the controller, for an ICMPv6 Packet Too Big
// (bmv2 as an egress clone, Tofino as an egress mirror). Every IPv6 packet longer than the IPv6
// minimum MTU is checked (SIXFLOW_MTU_MEASURED, define.p4): a packet this router grew, by an APN6
// insertion or an encapsulation, and one it forwards as it came, from a port with a larger MTU.
#ifndef SIXFLOW_MTU_P4
#define SIXFLOW_MTU_P4

#include "../header.p4"

// Measures how far a packet runs past its egress port's MTU. It only reads the port and the
// length the packet arrived at egress with, so it runs alongside MSR6's egress work rather than
// after it (on Tofino, two stages fewer on the egress critical path); the verdict waits for that
// work (EgressMtuCheck), which may undo the growth by decapsulating.
control EgressMtu(inout headers_t hdr, inout local_metadata_t meta, SIXFLOW_EGRESS_PLATFORM_PARAMS) {

    // The IPv6 MTU of the port: the largest IPv6 packet (header included) it sends. Taken as it
    // is: an action that subtracted a constant from it (action data less a constant) would make
    // Tofino load the constant into a container first, a stage before this table.
    // The packet's IPv6 length, header included, is measured in the same action (a container plus
    // a constant); where the target measures the excess apart (SIXFLOW_MTU_EXCESS_APART: Tofino's
    // action adds one operand to a field), mtu_excess does the rest, else (bmv2) this action.
    action set_mtu(bit<16> mtu) {
        meta.egress_mtu = mtu;
#ifdef SIXFLOW_MTU_EXCESS_APART
        meta.mtu_packet_len = SIXFLOW_MTU_PAYLOAD_LEN(hdr) + IPV6_HEADER_BYTES;
#else
        meta.mtu_excess = (SIXFLOW_MTU_PAYLOAD_LEN(hdr) + IPV6_HEADER_BYTES) |-| mtu;
#endif
    }

    SIXFLOW_PORT_MTU_PLACEMENT
    table port_mtu {
        key = {
            SIXFLOW_EGRESS_PORT: exact @name("eg_port");
        }
        actions = {
            set_mtu;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = 512;
    }

#ifdef SIXFLOW_MTU_EXCESS_APART
    // How far the packet runs past the MTU (0: it fits), measured by an action: Tofino's
    // gateways compare a field with a constant, never two fields.
    @hidden
    action measure_excess() {
        meta.mtu_excess = meta.mtu_packet_len |-| meta.egress_mtu;
    }

    @hidden
    table mtu_excess {
        actions = {
            measure_excess;
        }
        const default_action = measure_excess();
        size = 1;
    }
#endif

    apply {
        // mtu_excess starts at 0 (metadata is zeroed): a packet not measured is not dropped. The
        // IPv6 header is tested as the packet came to egress; MSR6's local delivery may
        // decapsulate it later (measured again, or spared: SIXFLOW_MTU_AFTER_LOCAL_DELIVERY).
        if (SIXFLOW_MTU_MEASURED(hdr)) {
#ifdef SIXFLOW_MTU_EXCESS_APART
            if (port_mtu.apply().hit) {
                mtu_excess.apply();
            }
#else
            port_mtu.apply();
#endif
        }
    }
}

// The verdict, once MSR6's egress work is done: a packet measured past the MTU is dropped and
// counted (a copy delivered here measured again where the target can: SIXFLOW_MTU_AFTER_LOCAL_DELIVERY).
control EgressMtuCheck(inout local_metadata_t meta) {
    apply {
        // Measured only where it may run past (EgressMtu): otherwise 0.
        if (!meta.drop && meta.mtu_excess != 0 && !SIXFLOW_MTU_SPARES_DELIVERED(meta)) {
            meta.drop = true;
            meta.drop_reason = DROP_MTU_EXCEEDED;
        }
    }
}

#endif // SIXFLOW_MTU_P4
