// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The frame a telemetry report reaches the controller in, the same on every target: packet_in
// (the measured packet's ingress port), Ethernet type 0x88B5, report_t, then the first bytes of
// the measured packet. Each target fills hdr.report its own way (bmv2 from the clone's preserved
// metadata, Tofino from its egress mirror, whose version it keeps) and then frames it here.
#ifndef SIXFLOW_REPORT_P4
#define SIXFLOW_REPORT_P4

#include "../header.p4"

control ReportFraming(inout headers_t hdr) {
    apply {
        hdr.packet_in.setValid();
        hdr.packet_in.punt_reason = PUNT_ASKED;
        hdr.packet_in.ingress_port = hdr.report.ingress_port;
#ifdef WITH_BNG_ACCESS
        hdr.packet_in.ingress_line = 0;
#endif
        hdr.report_ethernet.setValid();
        hdr.report_ethernet.dst_addr = 0;
        hdr.report_ethernet.src_addr = 0;
        hdr.report_ethernet.ether_type = ETHERTYPE_SIXFLOW_REPORT;
#ifndef SIXFLOW_REPORT_VERSION_FROM_MIRROR
        hdr.report.version = REPORT_VERSION;
#endif
    }
}

#endif // SIXFLOW_REPORT_P4
