// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Controller packet I/O: a packet_out goes straight to the port the controller
// named; a punted packet gets a packet_in header saying where it came from.
#ifndef SIXFLOW_PACKETIO_P4
#define SIXFLOW_PACKETIO_P4

#include "../header.p4"

control PacketOutHandler(inout headers_t hdr, inout local_metadata_t meta) {
    apply {
        meta.egress_port = hdr.packet_out.egress_port;
        meta.egress_port_set = true;
        hdr.packet_out.setInvalid();
    }
}

control PacketInHandler(inout headers_t hdr, in local_metadata_t meta) {
    apply {
        hdr.packet_in.setValid();
        hdr.packet_in.ingress_port = meta.ingress_port;
        hdr.packet_in.punt_reason = meta.punt_reason;
#ifdef WITH_BNG_ACCESS
        hdr.packet_in.ingress_line = meta.bng_line_id;
#endif
    }
}

#endif // SIXFLOW_PACKETIO_P4
